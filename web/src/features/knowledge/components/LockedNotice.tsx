import { LockOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import styles from './LockedNotice.module.css';

/** Where a paid course's content would be: what buying opens, and the way to buy. Never stand-in content. */
export function LockedNotice({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div className={styles.notice} role="note">
      <LockOutlined aria-hidden className={styles.icon} />
      <p className={styles.text}>{text}</p>
      {action}
    </div>
  );
}
