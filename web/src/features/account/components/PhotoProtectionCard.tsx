import { App, Alert, Card, Skeleton, Space, Switch, Typography } from 'antd';
import { errorText } from '../../../lib/apiError';
import { useSession } from '../../../lib/session';
import { useMyProfile, useUpdateProfile } from '../../profile/api/profile';
import { ACCOUNT_TEXT } from '../texts';

/** 照片保护: the profile setting that blurs the member's photos for those who have not unlocked them. */
export function PhotoProtectionCard() {
  const { message } = App.useApp();
  const uuid = useSession()?.user.uuid ?? '';
  const profile = useMyProfile(uuid);
  const update = useUpdateProfile(uuid);

  const onChange = (on: boolean) => {
    update.mutate(
      { photoProtection: on ? 1 : 0 },
      {
        onSuccess: () => message.success(on ? ACCOUNT_TEXT.protectionOn : ACCOUNT_TEXT.protectionOff),
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
          id="photo-protection"
          checked={profile.data.photoProtection === 1}
          loading={update.isPending}
          onChange={onChange}
        />
        <label htmlFor="photo-protection">{ACCOUNT_TEXT.protectionLabel}</label>
      </Space>
    );
  }

  return (
    <Card title={ACCOUNT_TEXT.protectionTitle}>
      <Typography.Paragraph type="secondary">{ACCOUNT_TEXT.protectionIntro}</Typography.Paragraph>
      {body}
    </Card>
  );
}
