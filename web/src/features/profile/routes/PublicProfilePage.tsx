import {
  CrownFilled,
  MessageOutlined,
  EditOutlined,
  EnvironmentOutlined,
  EyeOutlined,
  HomeOutlined,
  LockOutlined,
  ManOutlined,
  SafetyCertificateFilled,
  UnlockOutlined,
  WomanOutlined,
} from '@ant-design/icons';
import { Alert, App, Avatar, Button, Card, Descriptions, Empty, Image, Result, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { PublicProfile } from '../../../api/generated/types.gen';
import { LinkButton } from '../../../components/LinkButton';
import { LoginRequired } from '../../../components/LoginRequired';
import { ReportButton } from '../../../components/report/ReportButton';
import { ApiError, errorText } from '../../../lib/apiError';
import { cx } from '../../../lib/classNames';
import { mediaUrl } from '../../../lib/media';
import { chatPath, isUnlockConfirmed } from '../../../lib/profileVisit';
import { isSessionLive, useSession } from '../../../lib/session';
import { usePublicProfile, useUnlockProfile } from '../api/profile';
import { hobbyName, incomeLabel, tagName } from '../catalogue';
import { PROFILE_TEXT } from '../texts';
import styles from './PublicProfilePage.module.css';

const EDIT_PATH = '/user/info';
const RECHARGE_PATH = '/recharge';
const PAYMENT_REQUIRED = 402;

const filled = (value: string | number | null | undefined): ReactNode =>
  value === '' || value === 0 || value === null || value === undefined ? (
    <span className={styles.muted}>{PROFILE_TEXT.notFilled}</span>
  ) : (
    value
  );

function Block({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <Card title={title} className={cx(styles.block, className)}>
      {children}
    </Card>
  );
}

function Chips({ names }: { names: string[] }) {
  if (names.length === 0) return <span className={styles.muted}>{PROFILE_TEXT.noTags}</span>;
  return (
    <div className={styles.chips}>
      {names.map((name) => (
        <span key={name} className={styles.chip}>
          {name}
        </span>
      ))}
    </div>
  );
}

interface HeaderProps {
  profile: PublicProfile;
  isMe: boolean;
}

function Header({ profile, isMe }: HeaderProps) {
  const name = profile.nickname || profile.username;
  const locked = profile.locked === 1;
  const vipLevel = profile.vipLevel || profile.vip_level;
  return (
    <Card className={styles.header} classNames={{ body: styles.headerBody }}>
      <div className={styles.banner} aria-hidden />
      <div className={styles.identity}>
        <div className={styles.avatarFrame}>
          {profile.avatar ? (
            <Image
              src={mediaUrl(profile.avatar)}
              alt={PROFILE_TEXT.avatarAlt(name)}
              className={styles.avatarImage}
              preview={!locked}
            />
          ) : (
            <Avatar className={styles.avatar}>{[...name][0]}</Avatar>
          )}
        </div>
        <div className={styles.who}>
          <div className={styles.nameLine}>
            <Typography.Title level={2} className={styles.name}>
              {name}
            </Typography.Title>
            {profile.isVerified === 1 && (
              <span className={styles.verified}>
                <SafetyCertificateFilled aria-hidden /> {PROFILE_TEXT.verifiedBadge}
              </span>
            )}
          </div>
          <div className={styles.facts}>
            {profile.age > 0 && <Tag className={styles.fact}>{PROFILE_TEXT.age(profile.age)}</Tag>}
            {profile.sex === 'male' && (
              <Tag icon={<ManOutlined aria-hidden />} color="blue" className={styles.fact}>
                {PROFILE_TEXT.male}
              </Tag>
            )}
            {profile.sex === 'female' && (
              <Tag icon={<WomanOutlined aria-hidden />} color="magenta" className={styles.fact}>
                {PROFILE_TEXT.female}
              </Tag>
            )}
            {profile.height > 0 && <Tag className={styles.fact}>{PROFILE_TEXT.heightCm(profile.height)}</Tag>}
            {vipLevel > 0 && (
              <Tag icon={<CrownFilled aria-hidden />} color="gold" className={styles.fact}>
                {PROFILE_TEXT.vip(vipLevel)}
              </Tag>
            )}
          </div>
          <div className={styles.meta}>
            {profile.regionName && (
              <span>
                <EnvironmentOutlined aria-hidden /> {profile.regionName}
              </span>
            )}
            <span>
              <EyeOutlined aria-hidden /> {PROFILE_TEXT.visits(profile.times)}
            </span>
          </div>
        </div>
        <div className={styles.headerActions}>
          {isMe ? (
            <LinkButton to={EDIT_PATH} type="primary" shape="round" icon={<EditOutlined aria-hidden />}>
              {PROFILE_TEXT.editProfile}
            </LinkButton>
          ) : (
            <>
              <LinkButton
                to={chatPath(profile.uuid)}
                type="primary"
                shape="round"
                icon={<MessageOutlined aria-hidden />}
              >
                {PROFILE_TEXT.startChat}
              </LinkButton>
              <ReportButton subject="profile" targetId={profile.uuid} mine={isMe} />
            </>
          )}
        </div>
      </div>
    </Card>
  );
}

interface AlbumProps {
  profile: PublicProfile;
  onUnlock: () => void;
  unlocking: boolean;
  shortOfPoints: string | null;
}

function Album({ profile, onUnlock, unlocking, shortOfPoints }: AlbumProps) {
  const locked = profile.locked === 1;
  return (
    <Block title={PROFILE_TEXT.albumTitle}>
      {shortOfPoints && (
        <Alert
          type="warning"
          showIcon
          title={shortOfPoints}
          action={
            <LinkButton to={RECHARGE_PATH} type="primary">
              {PROFILE_TEXT.recharge}
            </LinkButton>
          }
          className={styles.alert}
        />
      )}
      {locked && (
        <div className={styles.lockedBar}>
          <span>
            <LockOutlined aria-hidden /> {PROFILE_TEXT.lockedHint}
          </span>
          <Button type="primary" icon={<UnlockOutlined aria-hidden />} onClick={onUnlock} loading={unlocking}>
            {PROFILE_TEXT.unlockButton}
          </Button>
        </div>
      )}
      {profile.photos.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={PROFILE_TEXT.noPhotos} />
      ) : (
        <Image.PreviewGroup>
          <ul className={styles.album} aria-label={PROFILE_TEXT.albumTitle}>
            {profile.photos.map((path, index) => (
              <li key={path} className={styles.photo}>
                <Image
                  src={mediaUrl(path)}
                  alt={PROFILE_TEXT.photoAlt(index + 1)}
                  width="100%"
                  height="100%"
                  preview={!locked}
                  className={styles.photoImage}
                />
              </li>
            ))}
          </ul>
        </Image.PreviewGroup>
      )}
    </Block>
  );
}

function BasicInfo({ profile }: { profile: PublicProfile }) {
  const vipLevel = profile.vipLevel || profile.vip_level;
  const items = [
    { key: 'occupation', label: PROFILE_TEXT.occupation, children: filled(profile.occupation) },
    { key: 'education', label: PROFILE_TEXT.education, children: filled(profile.education) },
    { key: 'marital', label: PROFILE_TEXT.maritalStatus, children: filled(profile.maritalStatus) },
    {
      key: 'children',
      label: PROFILE_TEXT.children,
      children: PROFILE_TEXT.childrenCount(profile.boyCount, profile.girlCount),
    },
    { key: 'income', label: PROFILE_TEXT.income, children: incomeLabel(profile.income) },
    {
      key: 'weight',
      label: PROFILE_TEXT.weight,
      children: filled(profile.weight > 0 ? PROFILE_TEXT.weightKg(profile.weight) : ''),
    },
    { key: 'religion', label: PROFILE_TEXT.religion, children: filled(profile.religion) },
    {
      key: 'verified',
      label: PROFILE_TEXT.realName,
      children:
        profile.isVerified === 1 ? (
          <Tag color="success" icon={<SafetyCertificateFilled aria-hidden />}>
            {PROFILE_TEXT.verified}
          </Tag>
        ) : (
          <span className={styles.muted}>{PROFILE_TEXT.notVerified}</span>
        ),
    },
    {
      key: 'vip',
      label: PROFILE_TEXT.vipLevel,
      children: vipLevel > 0 ? PROFILE_TEXT.vip(vipLevel) : PROFILE_TEXT.ordinaryUser,
    },
  ];
  return (
    <Block title={PROFILE_TEXT.basicInfo}>
      <Descriptions column={1} size="small" items={items} className={styles.descriptions} />
    </Block>
  );
}

function Places({ profile }: { profile: PublicProfile }) {
  const current = [profile.regionName, profile.location].filter(Boolean).join(' · ');
  return (
    <Block title={PROFILE_TEXT.placeTitle}>
      <div className={styles.places}>
        <div className={styles.place}>
          <EnvironmentOutlined aria-hidden className={styles.placeIcon} />
          <span className={styles.placeLabel}>{PROFILE_TEXT.region}</span>
          <span>{filled(current)}</span>
        </div>
        <div className={styles.place}>
          <HomeOutlined aria-hidden className={styles.placeIcon} />
          <span className={styles.placeLabel}>{PROFILE_TEXT.homeRegion}</span>
          <span>{filled(profile.homeRegionName)}</span>
        </div>
      </div>
    </Block>
  );
}

function ProfileView({ profile, isMe, viewer }: { profile: PublicProfile; isMe: boolean; viewer: string }) {
  const { modal, message } = App.useApp();
  const unlock = useUnlockProfile(profile.uuid, viewer);
  const [shortOfPoints, setShortOfPoints] = useState<string | null>(null);
  const asked = useRef(false);
  const locked = profile.locked === 1;
  const location = useLocation();
  const navigate = useNavigate();
  const confirmedBefore = isUnlockConfirmed(location.state);

  const runUnlock = async () => {
    setShortOfPoints(null);
    try {
      await unlock.mutateAsync();
      message.success(PROFILE_TEXT.unlocked);
    } catch (error) {
      if (error instanceof ApiError && error.code === PAYMENT_REQUIRED) {
        setShortOfPoints(errorText(error, PROFILE_TEXT.operationFailed));
      } else {
        message.error(errorText(error, PROFILE_TEXT.operationFailed));
      }
    }
  };

  const confirmUnlock = () =>
    modal.confirm({
      title: PROFILE_TEXT.unlockTitle,
      content: PROFILE_TEXT.unlockConfirm,
      okText: PROFILE_TEXT.unlockOk,
      cancelText: PROFILE_TEXT.unlockCancel,
      centered: true,
      onOk: runUnlock,
    });

  // Spec 2 section 2.10: a protected profile asks first, once per visit (confirmUnlock and
  // runUnlock are left out of the dependencies on purpose: a new function each render must not
  // ask again). A people list that already asked hands its answer over in the router state; it is
  // dropped at once, so going back or reloading never spends points without asking.
  useEffect(() => {
    if (!locked || isMe || asked.current) return;
    asked.current = true;
    if (confirmedBefore) {
      void navigate(location.pathname, { replace: true, state: null });
      void runUnlock();
    } else {
      confirmUnlock();
    }
  }, [locked, isMe]);

  const tags = profile.tags.flatMap((code) => tagName(code) ?? []);
  const hobbies = profile.hobbies.flatMap((code) => hobbyName(code) ?? []);

  return (
    <div className={styles.view}>
      <Header profile={profile} isMe={isMe} />
      <div className={styles.columns}>
        <div className={styles.column}>
          <Block title={PROFILE_TEXT.aboutTitle}>
            {profile.introduction ? (
              <Typography.Paragraph className={styles.introduction}>{profile.introduction}</Typography.Paragraph>
            ) : (
              <span className={styles.muted}>{PROFILE_TEXT.noIntroduction}</span>
            )}
          </Block>
          <Album
            profile={profile}
            onUnlock={confirmUnlock}
            unlocking={unlock.isPending}
            shortOfPoints={shortOfPoints}
          />
          <Block title={PROFILE_TEXT.hobbies}>
            <Chips names={hobbies} />
          </Block>
        </div>
        <div className={styles.column}>
          <BasicInfo profile={profile} />
          <Block title={PROFILE_TEXT.tags}>
            <Chips names={tags} />
          </Block>
          <Places profile={profile} />
        </div>
      </div>
    </div>
  );
}

function MemberProfile({ uuid, viewer }: { uuid: string; viewer: string }) {
  const profile = usePublicProfile(uuid, viewer);
  if (profile.isPending) {
    return (
      <div className={styles.view} aria-busy="true">
        <Card className={styles.header}>
          <Skeleton avatar={{ size: 96 }} active paragraph={{ rows: 2 }} />
        </Card>
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </div>
    );
  }
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.code === 404) {
      return (
        <Result
          status="404"
          title={PROFILE_TEXT.notFound}
          extra={
            <LinkButton to="/" type="primary">
              {PROFILE_TEXT.backHome}
            </LinkButton>
          }
        />
      );
    }
    return (
      <Result
        status="warning"
        title={errorText(profile.error, PROFILE_TEXT.loadFailed)}
        extra={<Button onClick={() => void profile.refetch()}>{PROFILE_TEXT.retry}</Button>}
      />
    );
  }
  return <ProfileView profile={profile.data} isMe={uuid === viewer} viewer={viewer} />;
}

/** /profile/{uuid} (spec 2 section 2.10). Open to all in the route table; a guest is asked to sign in. */
export default function PublicProfilePage() {
  const { id = '' } = useParams();
  const session = useSession();
  const signedIn = isSessionLive(session, Date.now());
  return (
    <div className={styles.page}>
      {signedIn ? (
        <MemberProfile key={id} uuid={id} viewer={session.user.uuid} />
      ) : (
        <LoginRequired detail={PROFILE_TEXT.memberLoginRequiredDetail} />
      )}
    </div>
  );
}
