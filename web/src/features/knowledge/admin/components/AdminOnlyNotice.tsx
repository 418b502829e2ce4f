import { Result } from 'antd';
import { LinkButton } from '../../../../components/LinkButton';
import { KA_PATHS } from '../paths';
import { KA_TEXT } from '../texts';

/**
 * Spec 3 section 2: what the knowledge point and resource admin show a stored user who is not an
 * admin or superadmin, with the way back to the courses. The route guard shows it in place of the
 * page (the route table's `forbidden`), so a member never downloads the back office.
 */
export default function AdminOnlyNotice() {
  return (
    <Result
      status="403"
      title={KA_TEXT.adminOnly}
      subTitle={KA_TEXT.adminOnlyDetail}
      extra={
        <LinkButton to={KA_PATHS.courses} type="primary">
          {KA_TEXT.backToCourses}
        </LinkButton>
      }
    />
  );
}
