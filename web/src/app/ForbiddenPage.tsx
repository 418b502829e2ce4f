import { Result } from 'antd';
import { LinkButton } from '../components/LinkButton';

const FORBIDDEN_TEXT = {
  title: '需要管理员权限',
  detail: '这个页面只对管理员开放。如果你有管理员账号，请退出当前账号后用管理员账号登录。',
  backHome: '返回首页',
} as const;

/** What a signed-in member sees on an admin page (the server refuses the same calls with 403). */
export default function ForbiddenPage() {
  return (
    <Result
      status="403"
      title={FORBIDDEN_TEXT.title}
      subTitle={FORBIDDEN_TEXT.detail}
      extra={
        <LinkButton to="/" type="primary">
          {FORBIDDEN_TEXT.backHome}
        </LinkButton>
      }
    />
  );
}
