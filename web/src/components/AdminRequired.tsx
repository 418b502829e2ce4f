import { Result } from 'antd';
import { LinkButton } from './LinkButton';
import { ADMIN_REQUIRED_TEXT } from './texts';

/**
 * What a signed-in member sees on a back-office page (the server refuses the same calls with 403):
 * the guard shows it on admin routes, the dashboard (an auth route) shows it itself.
 */
export default function AdminRequired() {
  return (
    <Result
      status="403"
      title={ADMIN_REQUIRED_TEXT.title}
      subTitle={ADMIN_REQUIRED_TEXT.detail}
      extra={
        <LinkButton to="/" type="primary">
          {ADMIN_REQUIRED_TEXT.backHome}
        </LinkButton>
      }
    />
  );
}
