import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Progress, Upload, type UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { uploadFile } from '../../../lib/api';
import { ApiError } from '../../../lib/apiError';
import { mediaUrl } from '../../../lib/media';
import { bannerFileError } from '../model';
import { BLOG_TEXT } from '../texts';
import styles from './BannerUpload.module.css';

interface BannerUploadProps {
  /** The stored relative path, or ''. */
  value?: string;
  onChange?: (path: string) => void;
  /** Told while a file is being sent, so the form can wait for it. */
  onUploadingChange?: (uploading: boolean) => void;
}

/** Spec 1 section 8: a failure the server explains shows its words, one without an answer asks to retry. */
function uploadFailureText(error: unknown): string {
  if (error instanceof ApiError && error.code !== null) return error.message || BLOG_TEXT.uploadFailed;
  return BLOG_TEXT.uploadError;
}

/** One banner image: checked (image, 2 MB) before sending, sent with a progress bar, then previewed. */
export function BannerUpload({ value = '', onChange, onUploadingChange }: BannerUploadProps) {
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const setUploading = (next: number | null) => {
    setPercent(next);
    onUploadingChange?.(next !== null);
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = bannerFileError(file);
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
    setUploading(0);
    uploadFile({ purpose: 'banner', file: file as Blob, signal: current.signal, onProgress: setPercent })
      .then((uploaded) => {
        onChange?.(uploaded.path);
        message.success(BLOG_TEXT.uploaded);
      })
      .catch((error: unknown) => {
        if (!current.signal.aborted) message.error(uploadFailureText(error));
      })
      .finally(() => {
        if (controller.current === current) setUploading(null);
      });
  };

  const picker = (label: string, icon = <UploadOutlined aria-hidden />) => (
    <Upload accept="image/*" showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest}>
      <Button icon={icon} disabled={percent !== null}>
        {label}
      </Button>
    </Upload>
  );

  return (
    <div className={styles.upload}>
      {value ? (
        <img src={mediaUrl(value)} alt={BLOG_TEXT.bannerAlt} className={styles.preview} />
      ) : (
        <div aria-hidden className={styles.empty}>
          <PictureOutlined />
        </div>
      )}
      {percent !== null && (
        <Progress percent={percent} size="small" className={styles.progress} aria-label={BLOG_TEXT.bannerUpload} />
      )}
      <div className={styles.buttons}>
        {picker(value ? BLOG_TEXT.bannerReplace : BLOG_TEXT.bannerUpload)}
        {value && (
          <Button icon={<DeleteOutlined aria-hidden />} onClick={() => onChange?.('')} disabled={percent !== null}>
            {BLOG_TEXT.bannerRemove}
          </Button>
        )}
      </div>
    </div>
  );
}
