import { ClockCircleOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import type { PageProps } from '../../../lib/page';
import { LinkButton } from '../../../components/LinkButton';
import { PLACEHOLDER_TEXT } from '../texts';
import styles from './ComingSoonPage.module.css';

/** Stands in for a page that is not built yet, and says so plainly. */
export default function ComingSoonPage({ title }: PageProps) {
  return (
    <Result
      icon={<ClockCircleOutlined className={styles.icon} />}
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
