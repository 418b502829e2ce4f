import { EyeOutlined, RightOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Result, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import type { MyProfile } from '../../../api/generated/types.gen';
import { LinkButton } from '../../../components/LinkButton';
import { LoginRequired } from '../../../components/LoginRequired';
import type { PageProps } from '../../../lib/page';
import { isSessionLive, useSession } from '../../../lib/session';
import { useMyProfile } from '../api/profile';
import { memberPath } from '../model';
import { AvatarUpload } from '../components/AvatarUpload';
import { PhotoWall } from '../components/PhotoWall';
import { ProfileForm } from '../components/ProfileForm';
import { ReviewTag } from '../components/ReviewMarks';
import { PROFILE_TEXT } from '../texts';
import styles from './ProfileEditPage.module.css';

const ACCOUNT_PATH = '/user/account';

function IdentityCard({ profile }: { profile: MyProfile }) {
  const name = profile.nickname || profile.username;
  return (
    <Card className={styles.identity} classNames={{ body: styles.identityBody }}>
      <div className={styles.identityBand} aria-hidden />
      <AvatarUpload uuid={profile.uuid} avatar={profile.avatar} name={name} />
      <Typography.Title level={3} className={styles.name}>
        {name}
        {profile.underReview.includes('nickname') && <ReviewTag />}
      </Typography.Title>
      <Typography.Text type="secondary" className={styles.username}>
        @{profile.username}
      </Typography.Text>
      <LinkButton to={memberPath(profile.uuid)} icon={<EyeOutlined aria-hidden />} shape="round">
        {PROFILE_TEXT.viewMyPage}
      </LinkButton>
    </Card>
  );
}

/** Spec 3: the latest change was rejected (while none newer waits), with the admin's remark. */
function AuditRejection({ profile }: { profile: MyProfile }) {
  if (profile.auditRejectedAt === 0) return null;
  return <Alert type="warning" showIcon title={PROFILE_TEXT.auditRejected(profile.auditRemark.trim())} />;
}

/** The security form moved to /user/account; this card takes the member there. */
function SecurityCard() {
  return (
    <Link to={ACCOUNT_PATH} className={styles.securityLink}>
      <SafetyCertificateOutlined className={styles.securityIcon} aria-hidden />
      <span className={styles.securityText}>
        <strong>{PROFILE_TEXT.securityTitle}</strong>
        <span>{PROFILE_TEXT.securityDetail}</span>
      </span>
      <RightOutlined aria-hidden className={styles.securityArrow} />
    </Link>
  );
}

function OwnProfile({ uuid }: { uuid: string }) {
  const profile = useMyProfile(uuid);

  if (profile.isPending) {
    return (
      <div className={styles.layout}>
        <Card className={styles.identity}>
          <Skeleton avatar={{ size: 112 }} active paragraph={{ rows: 2 }} />
        </Card>
        <Card>
          <Skeleton active paragraph={{ rows: 12 }} />
        </Card>
      </div>
    );
  }
  if (profile.isError) {
    return (
      <Result
        status="warning"
        title={PROFILE_TEXT.loadFailed}
        extra={<Button onClick={() => void profile.refetch()}>{PROFILE_TEXT.retry}</Button>}
      />
    );
  }

  const data = profile.data;
  return (
    <div className={styles.layout}>
      <aside className={styles.side}>
        <IdentityCard profile={data} />
        <SecurityCard />
      </aside>
      <div className={styles.main}>
        <AuditRejection profile={data} />
        <ProfileForm uuid={uuid} profile={data} onReload={() => void profile.refetch()} />
        <PhotoWall uuid={uuid} photos={data.photos} />
      </div>
    </div>
  );
}

/** /user/info (spec 1 section 2, spec 2 section 2.1). Open to all in the route table; a guest is asked to sign in. */
export default function ProfileEditPage({ title }: PageProps) {
  const session = useSession();
  const signedIn = isSessionLive(session, Date.now());
  return (
    <div className={styles.page}>
      <Typography.Title level={2} className={styles.title}>
        {title}
      </Typography.Title>
      {signedIn ? (
        <OwnProfile key={session.user.uuid} uuid={session.user.uuid} />
      ) : (
        <LoginRequired detail={PROFILE_TEXT.loginRequiredDetail} />
      )}
    </div>
  );
}
