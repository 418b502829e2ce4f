import { PlusOutlined } from '@ant-design/icons';
import { App, theme, Upload, type UploadFile, type UploadProps } from 'antd';
import { useRef } from 'react';
import { uploadFile, type UploadedFile } from '../../../lib/api';
import { errorText } from '../../../lib/apiError';
import { mediaUrl } from '../../../lib/media';
import { MOMENT_LIMITS } from '../model';
import { MOMENT_TEXT } from '../texts';
import { imageFileError } from '../validation';
import styles from './ImageUploader.module.css';

export type ImageItem = UploadFile<UploadedFile>;

/** Paths of the images whose upload has finished, in the order shown. */
export const uploadedPaths = (items: readonly ImageItem[]): string[] =>
  items.flatMap((item) => (item.status === 'done' && item.response?.path ? [item.response.path] : []));

interface ImageUploaderProps {
  value: ImageItem[];
  onChange: (items: ImageItem[]) => void;
}

/** Picture-card upload of up to 9 images, each with its own progress bar while it is sent. */
export function ImageUploader({ value, onChange }: ImageUploaderProps) {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  // beforeUpload sees one file at a time; a multi-file pick is counted against what is already there.
  const accepted = useRef(0);
  const warned = useRef(false);

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    if (batch.indexOf(file) === 0) {
      accepted.current = value.length;
      warned.current = false;
    }
    const problem = imageFileError(file);
    if (problem) {
      message.error(problem);
      return Upload.LIST_IGNORE;
    }
    if (accepted.current >= MOMENT_LIMITS.images) {
      if (!warned.current) message.error(MOMENT_TEXT.tooManyImages);
      warned.current = true;
      return Upload.LIST_IGNORE;
    }
    accepted.current += 1;
    return true;
  };

  const customRequest: UploadProps<UploadedFile>['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    const controller = new AbortController();
    uploadFile({
      purpose: 'moment',
      file: file as Blob,
      signal: controller.signal,
      onProgress: (percent) => onProgress?.({ percent }),
    })
      .then((uploaded) => onSuccess?.(uploaded))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        message.error(errorText(error, MOMENT_TEXT.uploadFailed));
        onError?.(error instanceof Error ? error : new Error(String(error)));
      });
    return { abort: () => controller.abort() };
  };

  return (
    <Upload<UploadedFile>
      listType="picture-card"
      accept="image/*"
      multiple
      fileList={value}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onChange={({ fileList }) =>
        onChange(
          fileList.map((item) =>
            item.status === 'done' && item.response
              ? { ...item, url: mediaUrl(item.response.path), thumbUrl: mediaUrl(item.response.thumbnailUrl) }
              : item,
          ),
        )
      }
      showUploadList={{ showPreviewIcon: false }}
      progress={{ strokeColor: token.colorPrimary, size: 3, showInfo: false }}
    >
      {value.length >= MOMENT_LIMITS.images ? null : (
        <button type="button" className={styles.add}>
          <PlusOutlined aria-hidden />
          <div className={styles.addLabel}>{MOMENT_TEXT.addImage}</div>
        </button>
      )}
    </Upload>
  );
}
