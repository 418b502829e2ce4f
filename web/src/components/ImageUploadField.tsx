import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Progress, Upload, type UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { uploadFile } from '../lib/api';
import { ApiError } from '../lib/apiError';
import { cx } from '../lib/classNames';
import { mediaUrl } from '../lib/media';
import styles from './ImageUploadField.module.css';

/** What the field says; each feature keeps its own words in its texts.ts. */
export interface ImageUploadTexts {
  /** The preview's alt text. */
  preview: string;
  /** The progress bar's accessible name. */
  progress: string;
  upload: string;
  replace: string;
  remove: string;
  uploaded: string;
  /** The server refused without words of its own. */
  failed: string;
  /** No answer came: ask to try again. */
  retry: string;
  /** Names the field in the picker's accessible name, where a form has more than one picker. */
  field?: string;
}

interface ImageUploadFieldProps {
  /** The stored relative path, or ''. */
  value?: string;
  onChange?: (path: string) => void;
  /** Told while a file is being sent, so a form can wait for it. */
  onUploadingChange?: (uploading: boolean) => void;
  /** The upload purpose the server sizes and stores by (e.g. "banner"). */
  purpose: string;
  /** Why a file may not be sent (type, size), or null; checked before anything is sent. */
  fileProblem: (file: { type: string; size: number }) => string | null;
  texts: ImageUploadTexts;
  /** A banner strip (16:7, up to 520 px) instead of a 16:9 picture up to 360 px. */
  wide?: boolean;
}

/** Spec 1 section 8: a failure the server explains shows its words, one without an answer asks to retry. */
function failureText(error: unknown, texts: ImageUploadTexts): string {
  if (error instanceof ApiError && error.code !== null) return error.message || texts.failed;
  return texts.retry;
}

/** One image of a form: checked before sending, sent with a progress bar, then previewed with replace and remove. */
export function ImageUploadField({
  value = '',
  onChange,
  onUploadingChange,
  purpose,
  fileProblem,
  texts,
  wide = false,
}: ImageUploadFieldProps) {
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const setUploading = (next: number | null) => {
    setPercent(next);
    onUploadingChange?.(next !== null);
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = fileProblem(file);
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
    uploadFile({ purpose, file: file as Blob, signal: current.signal, onProgress: setPercent })
      .then((uploaded) => {
        onChange?.(uploaded.path);
        message.success(texts.uploaded);
      })
      .catch((error: unknown) => {
        if (!current.signal.aborted) message.error(failureText(error, texts));
      })
      .finally(() => {
        if (controller.current === current) setUploading(null);
      });
  };

  const pickerText = value ? texts.replace : texts.upload;

  return (
    <div className={cx(styles.upload, wide && styles.wide)}>
      {value ? (
        <img src={mediaUrl(value)} alt={texts.preview} className={styles.preview} />
      ) : (
        <div aria-hidden className={styles.empty}>
          <PictureOutlined />
        </div>
      )}
      {percent !== null && <Progress percent={percent} size="small" aria-label={texts.progress} />}
      <div className={styles.buttons}>
        <Upload accept="image/*" showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest}>
          <Button
            icon={<UploadOutlined aria-hidden />}
            disabled={percent !== null}
            aria-label={texts.field ? `${texts.field}：${pickerText}` : undefined}
          >
            {pickerText}
          </Button>
        </Upload>
        {value && (
          <Button icon={<DeleteOutlined aria-hidden />} onClick={() => onChange?.('')} disabled={percent !== null}>
            {texts.remove}
          </Button>
        )}
      </div>
    </div>
  );
}
