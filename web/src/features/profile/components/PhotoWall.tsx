import { DeleteOutlined, PictureOutlined, PlusOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { App, Button, Card, Image, Progress, Typography } from 'antd';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useDeleteConfirmation } from '../../../components/DeleteConfirmation';
import { UploadImage } from '../../../components/PrivateImage';
import { uploadFile } from '../../../lib/api';
import { errorText } from '../../../lib/apiError';
import { useUpdateProfile } from '../api/profile';
import { isAwaitingReview, movedToFront, photoFileError, PROFILE_LIMITS } from '../model';
import { PROFILE_TEXT } from '../texts';
import styles from './PhotoWall.module.css';
import { ReviewOverlay } from './ReviewMarks';

interface Upload {
  id: number;
  percent: number;
  /** A local preview while the file is sent; null where the browser cannot make one. */
  preview: string | null;
}

interface PhotoWallProps {
  uuid: string;
  /** The wall in order, as the server has it. */
  photos: readonly string[];
}

let nextUploadId = 1;

const localPreview = (file: File): string | null =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;

/**
 * Spec 2 section 2.1's photos: up to 9, each uploaded with its own progress bar, moved to the
 * front or deleted. Every change is saved at once as the whole new wall (`photos`), one save at
 * a time, so two uploads finishing together both stay on it.
 */
export function PhotoWall({ uuid, photos }: PhotoWallProps) {
  const { message } = App.useApp();
  const confirmDeletion = useDeleteConfirmation();
  const update = useUpdateProfile(uuid);
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const wall = useRef<readonly string[]>(photos);
  const saving = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    wall.current = photos;
  }, [photos]);

  const saveWall = (change: (current: readonly string[]) => string[]): Promise<void> => {
    const run = saving.current.then(async () => {
      const next = change(wall.current);
      await update.mutateAsync({ photos: next });
      wall.current = next;
    });
    saving.current = run.catch(() => undefined);
    return run;
  };

  const patchUpload = (id: number, change: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)));

  const finishUpload = (id: number) =>
    setUploads((current) => {
      const done = current.find((upload) => upload.id === id);
      if (done?.preview) URL.revokeObjectURL(done.preview);
      return current.filter((upload) => upload.id !== id);
    });

  const send = async (file: File) => {
    const id = nextUploadId++;
    setUploads((current) => [...current, { id, percent: 0, preview: localPreview(file) }]);
    try {
      const { path } = await uploadFile({
        purpose: 'photo',
        file,
        onProgress: (percent) => patchUpload(id, { percent }),
      });
      await saveWall((current) => [...current, path]);
      message.success(PROFILE_TEXT.photoUploaded);
    } catch (error) {
      message.error(errorText(error, PROFILE_TEXT.photoFailed));
    } finally {
      finishUpload(id);
    }
  };

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    let room = PROFILE_LIMITS.photos - photos.length - uploads.length;
    for (const file of files) {
      const problem = photoFileError(file);
      if (problem) {
        message.error(problem);
        continue;
      }
      if (room <= 0) {
        message.error(PROFILE_TEXT.tooManyPhotos);
        break;
      }
      room -= 1;
      void send(file);
    }
  };

  const moveFirst = (path: string) =>
    saveWall((current) => movedToFront(current, path)).then(
      () => message.success(PROFILE_TEXT.movedFirst),
      (error: unknown) => message.error(errorText(error, PROFILE_TEXT.operationFailed)),
    );

  const remove = (path: string) =>
    confirmDeletion({
      title: PROFILE_TEXT.deletePhotoTitle,
      content: PROFILE_TEXT.deletePhotoConfirm,
      onConfirm: () =>
        saveWall((current) => current.filter((photo) => photo !== path)).then(
          () => message.success(PROFILE_TEXT.deleted),
          (error: unknown) => message.error(errorText(error, PROFILE_TEXT.deleteFailed)),
        ),
    });

  const count = photos.length + uploads.length;
  const busy = update.isPending;

  return (
    <Card
      title={
        <span className={styles.title}>
          {PROFILE_TEXT.photosTitle}
          <span className={styles.count}>{PROFILE_TEXT.photosCount(photos.length, PROFILE_LIMITS.photos)}</span>
        </span>
      }
      className={styles.card}
    >
      <Typography.Paragraph type="secondary" className={styles.hint}>
        {photos.length === 0 && uploads.length === 0 ? PROFILE_TEXT.photosEmpty : PROFILE_TEXT.photosHint}
      </Typography.Paragraph>
      <Image.PreviewGroup>
        <ul className={styles.grid} aria-label={PROFILE_TEXT.photosTitle}>
          {photos.map((path, index) => (
            <li key={path} className={styles.cell} data-photo={path}>
              <div className={styles.picture}>
                <UploadImage
                  path={path}
                  alt={PROFILE_TEXT.photoAlt(index + 1)}
                  width="100%"
                  height="100%"
                  className={styles.image}
                />
                {index === 0 && <span className={styles.cover}>{PROFILE_TEXT.coverBadge}</span>}
                {isAwaitingReview(path) && <ReviewOverlay />}
              </div>
              <div className={styles.actions}>
                {index > 0 && (
                  <Button
                    type="text"
                    size="small"
                    icon={<VerticalAlignTopOutlined aria-hidden />}
                    onClick={() => void moveFirst(path)}
                    disabled={busy}
                    className={styles.action}
                  >
                    <span className={styles.actionText}>{PROFILE_TEXT.moveFirst}</span>
                  </Button>
                )}
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  onClick={() => remove(path)}
                  disabled={busy}
                  className={styles.action}
                >
                  <span className={styles.actionText}>{PROFILE_TEXT.deletePhoto}</span>
                </Button>
              </div>
            </li>
          ))}
          {uploads.map((upload) => (
            <li key={`upload-${upload.id}`} className={styles.cell} aria-busy="true">
              <div className={styles.picture}>
                {upload.preview ? (
                  <img src={upload.preview} alt="" className={styles.uploadPreview} />
                ) : (
                  <PictureOutlined className={styles.uploadIcon} aria-hidden />
                )}
              </div>
              <Progress percent={upload.percent} size="small" showInfo={false} className={styles.progress} />
            </li>
          ))}
          {count < PROFILE_LIMITS.photos && (
            <li className={styles.cell}>
              <button type="button" className={styles.add} onClick={() => input.current?.click()}>
                <PlusOutlined aria-hidden className={styles.addIcon} />
                <span>{PROFILE_TEXT.addPhoto}</span>
              </button>
            </li>
          )}
        </ul>
      </Image.PreviewGroup>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        onChange={picked}
        aria-label={PROFILE_TEXT.addPhoto}
      />
    </Card>
  );
}
