import { Alert, Button, Descriptions, Modal, Tag } from 'antd';
import type { ReviewRecord } from '../../../api/generated/types.gen';
import { PrivateImage } from '../../../components/PrivateImage';
import { formatDateTime } from '../../../lib/format';
import { canDecide, cardGender, clashHolders, idCardStatus, sameIdNumber, sameName } from '../model';
import { ADMIN_TEXT } from '../texts';
import styles from './IdCardDialogs.module.css';

function MatchTag({ same }: { same: boolean }) {
  return <Tag color={same ? 'success' : 'error'}>{same ? ADMIN_TEXT.matches : ADMIN_TEXT.differs}</Tag>;
}

interface ComparedField {
  label: string;
  typed: string;
  read: string;
  same: boolean;
}

/** What the member typed against what was read from the card, one row per field. */
function Comparison({ record }: { record: ReviewRecord }) {
  const fields: ComparedField[] = [
    {
      label: ADMIN_TEXT.fieldRealName,
      typed: record.req_name,
      read: record.name,
      same: sameName(record.req_name, record.name),
    },
    {
      label: ADMIN_TEXT.fieldIdNumber,
      typed: record.req_idcard_num,
      read: record.idcard_num,
      same: sameIdNumber(record.req_idcard_num, record.idcard_num),
    },
  ];
  return (
    <div className={record.recognised ? styles.compare : styles.typedOnly}>
      <div className={styles.head} aria-hidden>
        <span />
        <span>{ADMIN_TEXT.applicant}</span>
        {record.recognised && <span>{ADMIN_TEXT.recognisedColumn}</span>}
        {record.recognised && <span />}
      </div>
      <ul className={styles.rows} aria-label={ADMIN_TEXT.applicant}>
        {fields.map((field) => (
          <li key={field.label} className={styles.row} aria-label={field.label}>
            <span className={styles.label}>{field.label}</span>
            <span className={styles.value}>
              <span className={styles.caption}>{ADMIN_TEXT.applicant}</span>
              {field.typed}
            </span>
            {record.recognised && (
              <>
                <span className={styles.value}>
                  <span className={styles.caption}>{ADMIN_TEXT.recognisedColumn}</span>
                  {field.read || <span className={styles.muted}>{ADMIN_TEXT.none}</span>}
                </span>
                <MatchTag same={field.same} />
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Spec 3 section 2: the optional recognition info, only the fields that were read. */
function RecognitionInfo({ record }: { record: ReviewRecord }) {
  const items = [
    { key: 'gender', label: ADMIN_TEXT.fieldGender, children: cardGender(record.gender) },
    { key: 'ethnicity', label: ADMIN_TEXT.fieldEthnicity, children: record.ethnicity },
    { key: 'birthday', label: ADMIN_TEXT.fieldBirthday, children: record.birthday },
    { key: 'address', label: ADMIN_TEXT.fieldAddress, children: record.address },
    { key: 'authority', label: ADMIN_TEXT.fieldAuthority, children: record.issuing_authority },
    { key: 'validity', label: ADMIN_TEXT.fieldValidity, children: record.validity_period },
  ].filter((item) => item.children !== '');
  if (items.length === 0) return null;
  return (
    <>
      <h3 className={styles.section}>{ADMIN_TEXT.recognitionInfo}</h3>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} items={items} />
    </>
  );
}

interface IdCardDetailDialogProps {
  record: ReviewRecord;
  onApprove: (record: ReviewRecord) => void;
  onDeny: (record: ReviewRecord) => void;
  onClose: () => void;
}

/**
 * Spec 3 section 2: the applicant's name and number against the recognised ones with a match tag
 * (or, without a recognition service, the advice to check the photos), the recognition info, and
 * both photos. Pass and reject only while the submission is under review.
 */
export function IdCardDetailDialog({ record, onApprove, onDeny, onClose }: IdCardDetailDialogProps) {
  const status = idCardStatus(record.audit_status);
  const name = record.nickname || record.username;
  const decidable = canDecide(record);
  return (
    <Modal
      open
      centered
      width={820}
      title={ADMIN_TEXT.idCardDialogTitle(record.req_name || name)}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {ADMIN_TEXT.close}
        </Button>,
        ...(decidable
          ? [
              <Button key="deny" danger onClick={() => onDeny(record)}>
                {ADMIN_TEXT.deny}
              </Button>,
              <Button key="approve" type="primary" onClick={() => onApprove(record)}>
                {ADMIN_TEXT.approve}
              </Button>,
            ]
          : []),
      ]}
    >
      <div className={styles.member}>
        <div className={styles.memberText}>
          <strong>{name}</strong>
          <span className={styles.meta}>
            {`@${record.username} · ID ${record.user_id} · ${ADMIN_TEXT.submittedAt(formatDateTime(record.created_at))}`}
          </span>
          {record.audited_at > 0 && (
            <span className={styles.meta}>{ADMIN_TEXT.decidedAt(formatDateTime(record.audited_at))}</span>
          )}
        </div>
        <Tag color={status.color} className={styles.status}>
          {status.text}
        </Tag>
      </div>
      {record.fail_reason && (
        <Alert type="error" showIcon className={styles.notice} title={ADMIN_TEXT.failReason(record.fail_reason)} />
      )}

      {record.number_clashes.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className={styles.notice}
          title={ADMIN_TEXT.numberClashNotice(clashHolders(record))}
        />
      )}
      {!record.recognised && decidable && (
        <Alert type="info" showIcon className={styles.notice} title={ADMIN_TEXT.notRecognised} />
      )}
      <Comparison record={record} />
      {record.recognised && <RecognitionInfo record={record} />}

      {/* The server shows the photos to admins only while the submission is under review. */}
      {decidable ? (
        <div className={styles.photos}>
          <figure className={styles.photo}>
            <figcaption className={styles.photoTitle}>{ADMIN_TEXT.cardFront}</figcaption>
            <PrivateImage path={record.image_front} alt={ADMIN_TEXT.cardFront} width="100%" height={220} />
          </figure>
          <figure className={styles.photo}>
            <figcaption className={styles.photoTitle}>{ADMIN_TEXT.cardBack}</figcaption>
            <PrivateImage path={record.image_back} alt={ADMIN_TEXT.cardBack} width="100%" height={220} />
          </figure>
        </div>
      ) : (
        <p className={styles.meta}>{ADMIN_TEXT.photosAfterDecision}</p>
      )}
    </Modal>
  );
}
