import { ArrowLeftOutlined } from '@ant-design/icons';
import { LinkButton } from '../../../components/LinkButton';
import styles from './BackLink.module.css';

/** The way back above an assessment page: to the list, or to the assessment a page belongs to. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <div className={styles.back}>
      <LinkButton to={to} type="link" icon={<ArrowLeftOutlined aria-hidden />} className={styles.link}>
        {label}
      </LinkButton>
    </div>
  );
}
