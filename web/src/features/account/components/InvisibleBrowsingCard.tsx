import { App, Alert, Card, Skeleton, Space, Switch, Typography } from 'antd';
import { errorText } from '../../../lib/apiError';
import { useSession } from '../../../lib/session';
import { useMyProfile, useUpdateProfile } from '../../profile/api/profile';
import { ACCOUNT_TEXT } from '../texts';

/** 隐身浏览: the profile setting that keeps the member's visits out of the visited members' visitor lists. */
export function InvisibleBrowsingCard() {
  const { message } = App.useApp();
  const uuid = useSession()?.user.uuid ?? '';
  const profile = useMyProfile(uuid);
  const update = useUpdateProfile(uuid);

  const onChange = (on: boolean) => {
    update.mutate(
      { invisibleBrowsing: on ? 1 : 0 },
      {
        onSuccess: () => message.success(on ? ACCOUNT_TEXT.invisibleOn : ACCOUNT_TEXT.invisibleOff),
        onError: (error) => message.error(errorText(error, ACCOUNT_TEXT.saveFailed)),
      },
    );
  };

  let body;
  if (profile.isPending) {
    body = <Skeleton active paragraph={{ rows: 0 }} />;
  } else if (profile.isError) {
    body = <Alert type="error" showIcon title={ACCOUNT_TEXT.profileLoadFailed} />;
  } else {
    body = (
      <Space>
        <Switch
          id="invisible-browsing"
          checked={profile.data.invisibleBrowsing === 1}
          loading={update.isPending}
          onChange={onChange}
        />
        <label htmlFor="invisible-browsing">{ACCOUNT_TEXT.invisibleLabel}</label>
      </Space>
    );
  }

  return (
    <Card title={ACCOUNT_TEXT.invisibleTitle}>
      <Typography.Paragraph type="secondary">{ACCOUNT_TEXT.invisibleIntro}</Typography.Paragraph>
      {body}
    </Card>
  );
}
