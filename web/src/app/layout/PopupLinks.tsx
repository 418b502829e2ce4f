import { Link } from 'react-router';
import { cx } from '../../lib/classNames';
import styles from './AppHeader.module.css';
import type { NavEntry } from './navigation';

/** A drop-down's page links, the current page marked. */
export function PopupLinks({ entries, currentPath }: { entries: readonly NavEntry[]; currentPath: string }) {
  return entries.map((entry) => (
    <li key={entry.path}>
      <Link
        to={entry.path}
        className={cx(styles.popupEntry, entry.path === currentPath && styles.current)}
        aria-current={entry.path === currentPath ? 'page' : undefined}
      >
        {entry.label}
      </Link>
    </li>
  ));
}
