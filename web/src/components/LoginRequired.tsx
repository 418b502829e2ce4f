import { LockOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useLocation } from 'react-router';
import { loginPathFor } from '../lib/returnTarget';
import { LinkButton } from './LinkButton';
import styles from './LoginRequired.module.css';
import { SHARED_TEXT } from './texts';

/** The login page, coming back to the current page afterwards. */
export function useLoginPath(): string {
  const { pathname, search } = useLocation();
  return loginPathFor(pathname + search);
}

/**
 * What a page open to all shows a guest where it needs a member (spec 1 section 5, spec 2 section 8):
 * 请先登录, why, and a way to sign in that comes back to this page.
 */
export function LoginRequired({ detail }: { detail: string }) {
  const loginPath = useLoginPath();
  return (
    <Result
      icon={<LockOutlined className={styles.icon} />}
      title={SHARED_TEXT.loginRequired}
      subTitle={detail}
      extra={
        <LinkButton to={loginPath} type="primary">
          {SHARED_TEXT.goLogin}
        </LinkButton>
      }
    />
  );
}
