import { Link } from 'react-router';
import { cx } from '../../lib/classNames';
import styles from './AppHeader.module.css';
import { DropdownMenu } from './DropdownMenu';
import { PopupLinks } from './PopupLinks';
import {
  ADMIN_NAV,
  ADMIN_NAV_LABEL,
  isNavGroup,
  LAYOUT_TEXT,
  MAIN_NAV,
  MEET_NAV,
  MEET_NAV_LABEL,
  type NavEntry,
} from './navigation';

interface MenuBarProps {
  /** The entry the current page falls under ('' for none). */
  currentPath: string;
  canAdmin: boolean;
}

function Group({ label, entries, currentPath }: { label: string; entries: readonly NavEntry[]; currentPath: string }) {
  const holdsCurrent = entries.some((entry) => entry.path === currentPath);
  return (
    <DropdownMenu label={label} buttonClassName={cx(styles.barEntry, holdsCurrent && styles.current)}>
      <PopupLinks entries={entries} currentPath={currentPath} />
    </DropdownMenu>
  );
}

/** The desktop's menu bar: the main entries (心理测试 a drop-down), then 缘分 and (for admins) 管理. */
export function MenuBar({ currentPath, canAdmin }: MenuBarProps) {
  return (
    <nav aria-label={LAYOUT_TEXT.mainNav} className={cx(styles.bar, styles.desktop)}>
      <ul className={styles.barList}>
        {MAIN_NAV.map((item) =>
          isNavGroup(item) ? (
            <li key={item.label} className={styles.barItem}>
              <Group label={item.label} entries={item.entries} currentPath={currentPath} />
            </li>
          ) : (
            <li key={item.path} className={styles.barItem}>
              <Link
                to={item.path}
                className={cx(styles.barEntry, item.path === currentPath && styles.current)}
                aria-current={item.path === currentPath ? 'page' : undefined}
              >
                {item.label}
              </Link>
            </li>
          ),
        )}
        <li className={styles.barItem}>
          <Group label={MEET_NAV_LABEL} entries={MEET_NAV} currentPath={currentPath} />
        </li>
        {canAdmin && (
          <li className={styles.barItem}>
            <Group label={ADMIN_NAV_LABEL} entries={ADMIN_NAV} currentPath={currentPath} />
          </li>
        )}
      </ul>
    </nav>
  );
}
