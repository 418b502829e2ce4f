import { App, Alert, Card, Skeleton, Space, Switch, Typography } from 'antd';
import { errorText } from '../../../lib/apiError';
import { useSession } from '../../../lib/session';
import { useMyProfile, useUpdateProfile } from '../../profile/api/profile';
import { ACCOUNT_TEXT } from '../texts';

/** The on/off settings the profile update saves as 0 or 1 on their own. */
type ProfileSwitch = 'photoProtection' | 'invisibleBrowsing';

interface ProfileSwitchCardProps {
  setting: ProfileSwitch;
  title: string;
  intro: string;
  label: string;
  savedOn: string;
  savedOff: string;
}

/** A card with one profile setting as a switch, saved through the profile update alone. */
export function ProfileSwitchCard({ setting, title, intro, label, savedOn, savedOff }: ProfileSwitchCardProps) {
  const { message } = App.useApp();
  const uuid = useSession()?.user.uuid ?? '';
  const profile = useMyProfile(uuid);
  const update = useUpdateProfile(uuid);
  const switchId = `profile-switch-${setting}`;

  const onChange = (on: boolean) => {
    update.mutate(
      { [setting]: on ? 1 : 0 },
      {
        onSuccess: () => message.success(on ? savedOn : savedOff),
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
        <Switch id={switchId} checked={profile.data[setting] === 1} loading={update.isPending} onChange={onChange} />
        <label htmlFor={switchId}>{label}</label>
      </Space>
    );
  }

  return (
    <Card title={title}>
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      {body}
    </Card>
  );
}
