import { Result } from 'antd';
import { LinkButton } from '../../../../components/LinkButton';
import { KA_PATHS } from '../paths';
import { KA_TEXT } from '../texts';

/**
 * Spec 3 section 2: the knowledge point and resource admin show nothing but this to a stored user
 * who is not an admin or superadmin, with the way back to the courses. (The route guard already
 * stops members on admin routes; this covers the page when it is reached another way.)
 */
export function AdminOnlyNotice() {
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
