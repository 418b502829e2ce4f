import { App, Button, Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { PhotoUnderAudit } from '../../../api/generated/types.gen';
import { UploadImage } from '../../../components/PrivateImage';
import { formatDateTime } from '../../../lib/format';
import { imagePlaceholder } from '../../../lib/media';
import type { PageProps } from '../../../lib/page';
import { profilePath } from '../../../lib/profileVisit';
import { useAuditPhoto } from '../api/actions';
import { usePhotoAudits } from '../api/queries';
import { AdminPage } from '../components/AdminPage';
import { AdminTable } from '../components/AdminTable';
import { useAdminConfirm } from '../components/useAdminConfirm';
import { useAdminPaging } from '../components/useAdminPaging';
import { anyPending, failureText, isPendingPhoto, photoStatus } from '../model';
import { ADMIN_TEXT } from '../texts';
import styles from './AdminPages.module.css';

interface Decision {
  /** The photo being settled right now, if any: its buttons show busy, the others wait. */
  busyId: number | null;
  decide: (photo: PhotoUnderAudit, pass: boolean) => void;
}

/** The columns of spec 3 section 2; the action column only while a listed photo is pending. */
export function photoColumns(photos: readonly PhotoUnderAudit[], { busyId, decide }: Decision) {
  const columns: TableColumnsType<PhotoUnderAudit> = [
    { title: ADMIN_TEXT.columnPhotoId, dataIndex: 'photoId' },
    {
      title: ADMIN_TEXT.columnUserId,
      key: 'user',
      render: (_, photo) => (
        <span className={styles.user}>
          {photo.userId}
          {photo.uuid && <Link to={profilePath(photo.uuid)}>{ADMIN_TEXT.viewProfile}</Link>}
        </span>
      ),
    },
    {
      title: ADMIN_TEXT.columnPreview,
      key: 'preview',
      render: (_, photo) => (
        <span className={styles.preview}>
          <UploadImage
            path={photo.photoUrl}
            alt={ADMIN_TEXT.photoPreviewAlt(photo.photoId)}
            width={56}
            height={72}
            className={styles.previewImage}
            fallback={imagePlaceholder}
          />
        </span>
      ),
    },
    {
      title: ADMIN_TEXT.columnStatus,
      dataIndex: 'isAudited',
      render: (isAudited: number) => {
        const status = photoStatus(isAudited);
        return <Tag color={status.color}>{status.text}</Tag>;
      },
    },
    {
      title: ADMIN_TEXT.columnUploadedAt,
      dataIndex: 'createdAt',
      render: (seconds: number) => <span className={styles.time}>{formatDateTime(seconds)}</span>,
    },
    {
      title: ADMIN_TEXT.columnAuditedAt,
      dataIndex: 'auditedAt',
      render: (seconds: number) =>
        seconds > 0 ? (
          <span className={styles.time}>{formatDateTime(seconds)}</span>
        ) : (
          <span className={styles.muted}>{ADMIN_TEXT.none}</span>
        ),
    },
  ];
  if (!anyPending(photos)) return columns;
  return [
    ...columns,
    {
      title: ADMIN_TEXT.columnActions,
      key: 'actions',
      fixed: 'right',
      render: (_, photo) => {
        const pending = isPendingPhoto(photo);
        const busy = busyId === photo.photoId;
        const waiting = busyId !== null && !busy;
        return (
          <span className={styles.actions}>
            <Button
              type="primary"
              size="small"
              disabled={!pending || waiting}
              loading={busy}
              onClick={() => decide(photo, true)}
            >
              {ADMIN_TEXT.pass}
            </Button>
            <Button danger size="small" disabled={!pending || waiting} onClick={() => decide(photo, false)}>
              {ADMIN_TEXT.reject}
            </Button>
          </span>
        );
      },
    },
  ] satisfies TableColumnsType<PhotoUnderAudit>;
}

/** /admin/images (spec 3 section 2, 圖片审核管理): every uploaded photo, newest first; pending ones pass or fail. */
export default function ImageAuditPage({ title }: PageProps) {
  return (
    <AdminPage title={title} subtitle={ADMIN_TEXT.imagesSubtitle}>
      <ImageAuditTable />
    </AdminPage>
  );
}

function ImageAuditTable() {
  const { message } = App.useApp();
  const paging = useAdminPaging();
  const photos = usePhotoAudits(paging.page, paging.pageSize);
  const audit = useAuditPhoto();
  const confirm = useAdminConfirm();

  const decide = (photo: PhotoUnderAudit, pass: boolean) =>
    confirm({
      title: pass ? ADMIN_TEXT.passPhotoQuestion : ADMIN_TEXT.rejectPhotoQuestion,
      content: pass ? ADMIN_TEXT.passPhotoDetail : ADMIN_TEXT.rejectPhotoDetail,
      okText: pass ? ADMIN_TEXT.pass : ADMIN_TEXT.reject,
      danger: !pass,
      onConfirm: async () => {
        try {
          await audit.mutateAsync({ photoId: photo.photoId, pass });
          message.success(pass ? ADMIN_TEXT.photoPassed : ADMIN_TEXT.photoRejected);
        } catch (error) {
          message.error(failureText(error, ADMIN_TEXT.photoAuditFailed));
        }
      },
    });

  const busyId = audit.isPending ? (audit.variables?.photoId ?? null) : null;
  return (
    <AdminTable
      query={photos}
      rowsOf={(data) => data.photos}
      paging={paging}
      rowKey="photoId"
      columns={photoColumns(photos.data?.photos ?? [], { busyId, decide })}
      errorTitle={ADMIN_TEXT.photoListFailed}
      emptyText={ADMIN_TEXT.noPhotosListed}
    />
  );
}
