import { IdcardOutlined, LoadingOutlined, SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload, type UploadProps } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PrivateImage } from '../../../components/PrivateImage';
import { ApiError } from '../../../lib/apiError';
import { cx } from '../../../lib/classNames';
import { uploadCardPhoto, type CardSide } from '../api/realname';
import { photoFileProblem } from '../model';
import { REAL_NAME_TEXT } from '../texts';
import styles from './IdCardPhotoField.module.css';

interface IdCardPhotoFieldProps {
  /** The stored path, or ''. */
  value?: string;
  onChange?: (path: string) => void;
  /** The form item's id: the file input takes it, so the label names the picker. */
  id?: string;
  side: CardSide;
  /** Told while a file is being sent, so the form can wait for it. */
  onUploadingChange?: (uploading: boolean) => void;
  /** Under review: the photo is shown, not replaced. */
  readOnly?: boolean;
}

/** The server's words when it gave any; without an answer, the spec's ask to try again. */
function failureText(error: unknown): string {
  return error instanceof ApiError && error.code !== null && error.message
    ? error.message
    : REAL_NAME_TEXT.uploadFailed;
}

/**
 * One side of the identity card: picked (checked before sending), sent to the side's private
 * endpoint, and previewed. The file just picked previews from memory; a photo stored earlier comes
 * through PrivateImage, since only the owner's token may read it.
 */
export function IdCardPhotoField({
  value = '',
  onChange,
  id,
  side,
  onUploadingChange,
  readOnly = false,
}: IdCardPhotoFieldProps) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const [local, setLocal] = useState<{ path: string; url: string } | null>(null);
  const controller = useRef<AbortController | null>(null);
  const sideName = side === 'front' ? REAL_NAME_TEXT.frontSide : REAL_NAME_TEXT.backSide;
  const label = side === 'front' ? REAL_NAME_TEXT.front : REAL_NAME_TEXT.back;

  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => () => (local ? URL.revokeObjectURL(local.url) : undefined), [local]);

  const setBusy = (busy: boolean) => {
    setUploading(busy);
    onUploadingChange?.(busy);
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = photoFileProblem(file);
    if (problem) {
      message.error(problem);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setBusy(true);
    uploadCardPhoto(side, file as Blob, current.signal)
      .then((path) => {
        setLocal({ path, url: URL.createObjectURL(file as Blob) });
        onChange?.(path);
      })
      .catch((error: unknown) => {
        if (!current.signal.aborted) message.error(failureText(error));
      })
      .finally(() => {
        if (controller.current === current) setBusy(false);
      });
  };

  let picture;
  if (value && local?.path === value) {
    picture = <img src={local.url} alt={REAL_NAME_TEXT.photoAlt(label)} className={styles.image} />;
  } else if (value) {
    picture = (
      <PrivateImage path={value} alt={REAL_NAME_TEXT.photoAlt(label)} width="100%" height="100%" preview={readOnly} />
    );
  }

  const frame = (
    <div className={cx(styles.frame, !value && styles.empty)}>
      {picture ?? (
        <div className={styles.prompt}>
          <span className={cx(styles.sketch, side === 'front' ? styles.sketchFront : styles.sketchBack)} aria-hidden>
            {side === 'front' ? <IdcardOutlined /> : <SafetyCertificateOutlined />}
          </span>
          <span className={styles.promptAction}>
            <UploadOutlined aria-hidden /> {REAL_NAME_TEXT.pickPhoto(sideName)}
          </span>
        </div>
      )}
      {value && <span className={styles.sideBadge}>{sideName}</span>}
      {uploading && (
        <div className={styles.busy} role="status">
          <LoadingOutlined aria-hidden /> {REAL_NAME_TEXT.uploading}
        </div>
      )}
    </div>
  );

  if (readOnly) return <div className={styles.field}>{frame}</div>;

  const upload = (children: ReactNode) => (
    <Upload
      id={id}
      accept="image/*"
      showUploadList={false}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      disabled={uploading}
      className={styles.picker}
    >
      {children}
    </Upload>
  );

  return (
    <div className={styles.field}>
      {value ? (
        <>
          {frame}
          {upload(
            <Button size="small" icon={<UploadOutlined aria-hidden />} disabled={uploading}>
              {REAL_NAME_TEXT.replacePhoto}
            </Button>,
          )}
        </>
      ) : (
        upload(frame)
      )}
    </div>
  );
}
