import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Progress, Upload, type UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { uploadFile } from '../../../lib/api';
import { ApiError } from '../../../lib/apiError';
import { mediaUrl } from '../../../lib/media';
import { imageFileProblem } from '../model';
import { EXAM_TEXT } from '../texts';
import styles from './ImageUpload.module.css';

interface ImageUploadProps {
  /** The stored relative path, or ''. */
  value?: string;
  onChange?: (path: string) => void;
  label: string;
}

/** A cover or a thumbnail: checked (image, 2 MB), sent to /upload?purpose=exam, then previewed. */
export function ImageUpload({ value = '', onChange, label }: ImageUploadProps) {
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = imageFileProblem(file);
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
    setPercent(0);
    uploadFile({ purpose: 'exam', file: file as Blob, signal: current.signal, onProgress: setPercent })
      .then((uploaded) => {
        onChange?.(uploaded.url ?? uploaded.path);
        message.success(EXAM_TEXT.uploaded);
      })
      .catch((error: unknown) => {
        if (current.signal.aborted) return;
        const answered = error instanceof ApiError && error.code !== null;
        message.error(answered ? error.message || EXAM_TEXT.uploadFailed : EXAM_TEXT.uploadRetry);
      })
      .finally(() => {
        if (controller.current === current) setPercent(null);
      });
  };

  return (
    <div className={styles.upload}>
      {value ? (
        <img src={mediaUrl(value)} alt={label} className={styles.preview} />
      ) : (
        <div aria-hidden className={styles.empty}>
          <PictureOutlined />
        </div>
      )}
      {percent !== null && <Progress percent={percent} size="small" aria-label={label} />}
      <div className={styles.buttons}>
        <Upload accept="image/*" showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest}>
          <Button
            icon={<UploadOutlined aria-hidden />}
            disabled={percent !== null}
            aria-label={`${label}：${value ? EXAM_TEXT.replaceImage : EXAM_TEXT.uploadImage}`}
          >
            {value ? EXAM_TEXT.replaceImage : EXAM_TEXT.uploadImage}
          </Button>
        </Upload>
        {value && (
          <Button icon={<DeleteOutlined aria-hidden />} onClick={() => onChange?.('')} disabled={percent !== null}>
            {EXAM_TEXT.removeImage}
          </Button>
        )}
      </div>
    </div>
  );
}
