import { ReloadOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import { AUTH_TEXT } from '../texts';
import styles from './CaptchaImage.module.css';

interface CaptchaImageProps {
  imageSrc: string | undefined;
  isFetching: boolean;
  isError: boolean;
  onRefresh: () => void;
}

/** The captcha picture is a button: clicking it asks for a new one (spec 1 section 2). */
export function CaptchaImage({ imageSrc, isFetching, isError, onRefresh }: CaptchaImageProps) {
  return (
    <button
      type="button"
      onClick={onRefresh}
      title={AUTH_TEXT.captchaRefreshHint}
      aria-label={AUTH_TEXT.captchaImageAlt}
      className={styles.captcha}
    >
      {isError && !isFetching ? (
        <span>
          <ReloadOutlined /> {AUTH_TEXT.captchaLoadFailed}
        </span>
      ) : imageSrc ? (
        <img src={imageSrc} alt={AUTH_TEXT.captcha} className={styles.image} />
      ) : (
        <Spin size="small" />
      )}
    </button>
  );
}
