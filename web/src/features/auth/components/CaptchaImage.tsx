import { ReloadOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import { AUTH_TEXT } from '../texts';

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
      style={{
        width: 120,
        height: 40,
        flex: 'none',
        padding: 0,
        border: '1px solid #f0d5dc',
        borderRadius: 8,
        background: '#fff',
        cursor: 'pointer',
        overflow: 'hidden',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: 12,
        color: '#8c5a68',
      }}
    >
      {isError && !isFetching ? (
        <span>
          <ReloadOutlined /> {AUTH_TEXT.captchaLoadFailed}
        </span>
      ) : imageSrc ? (
        <img src={imageSrc} alt={AUTH_TEXT.captcha} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <Spin size="small" />
      )}
    </button>
  );
}
