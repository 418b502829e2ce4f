import { LockOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { LinkButton } from '../../../components/LinkButton';
import { loginPathFor } from '../../../lib/returnTarget';
import { BLOG_TEXT } from '../texts';

/** Spec 1 section 5: writing without a token says 请先登录, with a way back here after signing in. */
export function LoginRequired({ returnTo }: { returnTo: string }) {
  return (
    <Result
      icon={<LockOutlined style={{ color: '#C2185B' }} />}
      title={BLOG_TEXT.loginRequired}
      subTitle={BLOG_TEXT.loginRequiredDetail}
      extra={
        <LinkButton to={loginPathFor(returnTo)} type="primary">
          {BLOG_TEXT.login}
        </LinkButton>
      }
    />
  );
}
