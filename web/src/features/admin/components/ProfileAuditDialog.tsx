import { ArrowRightOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Modal, Skeleton } from 'antd';
import { useEffect, useId, useState } from 'react';
import type { ProfileUnderAudit } from '../../../api/generated/types.gen';
import { UploadAvatar, UploadImage } from '../../../components/PrivateImage';
import { formatDateTime } from '../../../lib/format';
import { imagePlaceholder } from '../../../lib/media';
import { useSession } from '../../../lib/session';
import { useAuditProfile } from '../api/actions';
import { useOriginalProfile, useRegionNames } from '../api/queries';
import { changedFields, failureText, isAwaitingReview, photosChanged, sexLabel, type FieldChange } from '../model';
import { hasHidden, revealHidden } from '../invisible';
import { ADMIN_TEXT, NEW_PHOTO_LIMIT, ORIGINAL_PHOTO_LIMIT } from '../texts';
import { PhotoStrip } from './PhotoStrip';
import styles from './ProfileAuditDialog.module.css';
import { useAdminConfirm } from './useAdminConfirm';

/** Spec 3: the rejection's optional remark, which the member reads; the server takes 200 characters. */
const REMARK_MAX = 200;
const REMARK_TEXT = {
  label: '审核备注（选填，拒绝时展示给会员）',
  placeholder: '如：昵称含有联系方式，请修改后重新提交',
};

function Value({ change, value }: { change: FieldChange; value: string }) {
  if (value === '') return <span className={styles.empty}>{ADMIN_TEXT.notFilled}</span>;
  if (change.kind === 'image') {
    return (
      <span className={styles.imageValue}>
        <UploadImage
          path={value}
          alt={ADMIN_TEXT.avatarAlt}
          width={56}
          height={56}
          className={styles.avatar}
          fallback={imagePlaceholder}
        />
        {isAwaitingReview(value) && <span className={styles.pending}>{ADMIN_TEXT.awaitingReview}</span>}
      </span>
    );
  }
  return (
    <span className={styles.text}>
      <Revealed text={value} />
    </span>
  );
}

/** Text with each hidden character shown as a marked code point, so look-alike names stand out. */
function Revealed({ text }: { text: string }) {
  return revealHidden(text).map((piece, index) =>
    piece.kind === 'text' ? (
      <span key={index}>{piece.text}</span>
    ) : (
      <mark key={index} className={styles.hidden} title={ADMIN_TEXT.hiddenCharacter(piece.code)}>
        {piece.code}
      </mark>
    ),
  );
}

/** One row per changed field: old value, then new (stacked on a phone, each with its caption). */
function ChangeList({ changes }: { changes: FieldChange[] }) {
  const compared = changes.some((change) => change.before !== null);
  return (
    <div className={compared ? styles.compare : styles.current}>
      <div className={styles.head} aria-hidden>
        <span>{ADMIN_TEXT.fieldColumn}</span>
        {compared && <span>{ADMIN_TEXT.oldValue}</span>}
        {compared && <span />}
        <span>{compared ? ADMIN_TEXT.newValue : ADMIN_TEXT.currentValue}</span>
      </div>
      <ul className={styles.rows} aria-label={ADMIN_TEXT.changedFields}>
        {changes.map((change) => (
          <li key={change.key} className={styles.row} aria-label={change.label}>
            <span className={styles.label}>{change.label}</span>
            {change.before !== null && (
              <>
                <span className={styles.before}>
                  <span className={styles.caption}>{ADMIN_TEXT.oldValue}</span>
                  <Value change={change} value={change.before} />
                </span>
                <ArrowRightOutlined className={styles.arrow} aria-hidden />
              </>
            )}
            <span className={styles.after}>
              {compared && <span className={styles.caption}>{ADMIN_TEXT.newValue}</span>}
              <Value change={change} value={change.after} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

interface ProfileAuditDialogProps {
  /** The member's profile as it reads with the waiting changes. */
  profile: ProfileUnderAudit;
  onClose: () => void;
}

/**
 * Spec 3 section 2: the waiting changes of one member against the passed profile, only the fields
 * that differ, photos as thumbnails (3 original, 6 new, then "+N"); pass or reject after a
 * confirmation. Without the passed profile the current one is shown, with the spec's warning.
 */
export function ProfileAuditDialog({ profile, onClose }: ProfileAuditDialogProps) {
  const { message } = App.useApp();
  const viewer = useSession()?.user.uuid ?? '';
  const original = useOriginalProfile(profile.uuid, viewer);
  const names = useRegionNames();
  const audit = useAuditProfile();
  const confirm = useAdminConfirm();
  const [remark, setRemark] = useState('');
  const remarkId = useId();

  const originalFailed = original.isError;
  useEffect(() => {
    if (originalFailed) message.warning(ADMIN_TEXT.originalFailed);
  }, [originalFailed, message]);

  const decide = (pass: boolean) =>
    confirm({
      title: pass ? ADMIN_TEXT.passProfileQuestion : ADMIN_TEXT.rejectProfileQuestion,
      content: pass ? ADMIN_TEXT.passProfileDetail : ADMIN_TEXT.rejectProfileDetail,
      okText: pass ? ADMIN_TEXT.pass : ADMIN_TEXT.reject,
      danger: !pass,
      onConfirm: async () => {
        try {
          await audit.mutateAsync({ uuid: profile.uuid, pass, remark: pass ? undefined : remark.trim() || undefined });
          message.success(ADMIN_TEXT.auditSucceeded);
          onClose();
        } catch (error) {
          message.error(failureText(error, ADMIN_TEXT.auditFailed));
        }
      },
    });

  const name = profile.nickname || profile.username;
  const settled = original.isSuccess || original.isError;
  const before = original.data ?? null;
  const changes = settled ? changedFields(before, profile, names) : [];
  const photosDiffer = before === null || photosChanged(before.photos, profile.photos);
  const hidesCharacters =
    hasHidden(name) || changes.some((change) => change.kind !== 'image' && hasHidden(change.after));

  return (
    <Modal
      open
      centered
      width={760}
      title={ADMIN_TEXT.auditDialogTitle(name)}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {ADMIN_TEXT.cancel}
        </Button>,
        <Button key="reject" danger disabled={!settled} loading={audit.isPending} onClick={() => decide(false)}>
          {ADMIN_TEXT.reject}
        </Button>,
        <Button key="pass" type="primary" disabled={!settled} loading={audit.isPending} onClick={() => decide(true)}>
          {ADMIN_TEXT.pass}
        </Button>,
      ]}
    >
      <div className={styles.member}>
        <UploadAvatar size={48} path={profile.avatar} className={styles.memberAvatar}>
          {name.slice(0, 1)}
        </UploadAvatar>
        <div className={styles.memberText}>
          <strong>
            <Revealed text={name} />
          </strong>
          <span className={styles.meta}>
            {[
              sexLabel(profile.sex),
              profile.age > 0 ? ADMIN_TEXT.age(profile.age) : null,
              ADMIN_TEXT.submittedAt(formatDateTime(profile.updatedAt)),
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
          <span className={styles.uuid}>{profile.uuid}</span>
        </div>
      </div>

      {!settled ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <>
          {originalFailed && (
            <Alert type="warning" showIcon title={ADMIN_TEXT.originalFailed} className={styles.notice} />
          )}
          {hidesCharacters && (
            <Alert type="error" showIcon title={ADMIN_TEXT.hiddenCharactersFound} className={styles.notice} />
          )}
          <h3 className={styles.section}>{ADMIN_TEXT.changedFields}</h3>
          {changes.length > 0 ? (
            <ChangeList changes={changes} />
          ) : (
            <p className={styles.empty}>{ADMIN_TEXT.noFieldChanges}</p>
          )}
          {photosDiffer && (
            <div className={styles.photos}>
              {before !== null && (
                <div className={styles.photoColumn}>
                  <h4 className={styles.photoTitle}>{ADMIN_TEXT.originalPhotos}</h4>
                  <PhotoStrip paths={before.photos} limit={ORIGINAL_PHOTO_LIMIT} label={ADMIN_TEXT.originalPhotos} />
                </div>
              )}
              <div className={styles.photoColumn}>
                <h4 className={styles.photoTitle}>{ADMIN_TEXT.newPhotos}</h4>
                <PhotoStrip paths={profile.photos} limit={NEW_PHOTO_LIMIT} label={ADMIN_TEXT.newPhotos} />
              </div>
            </div>
          )}
          <div className={styles.remark}>
            <label htmlFor={remarkId} className={styles.remarkLabel}>
              {REMARK_TEXT.label}
            </label>
            <Input.TextArea
              id={remarkId}
              value={remark}
              onChange={(event) => setRemark(event.target.value)}
              maxLength={REMARK_MAX}
              showCount
              autoSize={{ minRows: 2, maxRows: 4 }}
              placeholder={REMARK_TEXT.placeholder}
            />
          </div>
        </>
      )}
    </Modal>
  );
}
