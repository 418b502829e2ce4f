import { Result } from 'antd';
import { LinkButton } from '../../../components/LinkButton';
import { EXAM_TEXT } from '../texts';
import { EXAM_PATHS } from './paths';

/** Admins only; anyone else is told so instead of getting a form the server would refuse. */
export function AdminOnly() {
  return (
    <Result
      status="403"
      title={EXAM_TEXT.adminOnly}
      subTitle={EXAM_TEXT.adminOnlyDetail}
      extra={<LinkButton to={EXAM_PATHS.list}>{EXAM_TEXT.backToList}</LinkButton>}
    />
  );
}
