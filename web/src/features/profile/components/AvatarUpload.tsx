import { CameraOutlined } from '@ant-design/icons';
import { App, Button, Progress } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { UploadAvatar } from '../../../components/PrivateImage';
import { uploadFile } from '../../../lib/api';
import { errorText } from '../../../lib/apiError';
import { useUpdateProfile } from '../api/profile';
import { avatarFileError, isAwaitingReview } from '../model';
import { PROFILE_TEXT } from '../texts';
import styles from './AvatarUpload.module.css';
import { ReviewOverlay } from './ReviewMarks';

interface AvatarUploadProps {
  uuid: string;
  /** The avatar's stored path; empty without one. */
  avatar: string;
  /** Shown as the initial without an avatar. */
  name: string;
}

/** The avatar with 更换头像: checked, uploaded with progress, then saved on its own ({avatar}). */
export function AvatarUpload({ uuid, avatar, name }: AvatarUploadProps) {
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const update = useUpdateProfile(uuid);

  const send = async (file: File) => {
    const problem = avatarFileError(file);
    if (problem) {
      message.error(problem);
      return;
    }
    setPercent(0);
    try {
      const { path } = await uploadFile({ purpose: 'avatar', file, onProgress: setPercent });
      await update.mutateAsync({ avatar: path });
      message.success(PROFILE_TEXT.avatarUploaded);
    } catch (error) {
      message.error(errorText(error, PROFILE_TEXT.avatarFailed));
    } finally {
      setPercent(null);
    }
  };

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void send(file);
  };

  return (
    <div className={styles.wrap}>
      <div className={styles.frame}>
        <UploadAvatar path={avatar} alt={PROFILE_TEXT.avatarAlt(name)} className={styles.avatar}>
          {[...name][0]}
        </UploadAvatar>
        {avatar && isAwaitingReview(avatar) && <ReviewOverlay />}
        {percent !== null && (
          <div className={styles.progress}>
            <Progress type="circle" percent={percent} size={64} strokeColor="#fff" railColor="rgba(255,255,255,0.3)" />
          </div>
        )}
      </div>
      <Button
        icon={<CameraOutlined aria-hidden />}
        onClick={() => input.current?.click()}
        loading={percent !== null}
        shape="round"
        size="small"
      >
        {PROFILE_TEXT.avatarChange}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        onChange={picked}
        hidden
        aria-label={PROFILE_TEXT.avatarChange}
      />
    </div>
  );
}
