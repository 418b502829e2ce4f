import { PhoneOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import { cx } from '../lib/classNames';
import styles from './CrisisHelp.module.css';
import { HELP_TEXT } from './texts';

/**
 * Where to call now: the national mental-health hotline, and 120 or 110 in an emergency. Shown
 * with the mental test's third band and above an assessment result the server marks `crisis`.
 */
export function CrisisHelp({ className, detail }: { className?: string; detail?: string }) {
  return (
    <Alert
      type="error"
      showIcon
      icon={<PhoneOutlined />}
      role="note"
      aria-label={HELP_TEXT.title}
      className={cx(styles.help, className)}
      title={<strong>{HELP_TEXT.title}</strong>}
      description={
        <>
          {detail && <div className={styles.detail}>{detail}</div>}
          <div>
            {HELP_TEXT.hotlineLabel}：
            <a href={`tel:${HELP_TEXT.hotline}`} className={styles.hotline}>
              {HELP_TEXT.hotline}
            </a>
          </div>
          <div>
            {HELP_TEXT.emergencyLabel} <a href={`tel:${HELP_TEXT.ambulance}`}>{HELP_TEXT.ambulance}</a>（急救）或{' '}
            <a href={`tel:${HELP_TEXT.police}`}>{HELP_TEXT.police}</a>（报警）
          </div>
        </>
      }
    />
  );
}
