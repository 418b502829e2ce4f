import { ClockCircleOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import type { PageProps } from '../../../lib/page';
import { PLACEHOLDER_TEXT } from '../texts';
import { LinkButton } from '../../../components/LinkButton';

/** Stands in for a page that is not built yet, and says so plainly. */
export default function ComingSoonPage({ title }: PageProps) {
  return (
    <Result
      icon={<ClockCircleOutlined style={{ color: '#C2185B' }} />}
      title={title}
      subTitle={
        <>
          <strong>{PLACEHOLDER_TEXT.comingSoon}</strong>
          <div>{PLACEHOLDER_TEXT.comingSoonDetail}</div>
        </>
      }
      extra={
        <LinkButton to="/" type="primary">
          {PLACEHOLDER_TEXT.backHome}
        </LinkButton>
      }
    />
  );
}
