import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import LogoutOutlined from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { cx } from '../../lib/classNames';
import styles from './AppHeader.module.css';
import {
  ADMIN_NAV,
  ADMIN_NAV_LABEL,
  isNavGroup,
  LAYOUT_TEXT,
  MAIN_NAV,
  MEET_NAV,
  MEET_NAV_LABEL,
  USER_NAV,
  type NavEntry,
} from './navigation';

interface MenuDrawerProps {
  open: boolean;
  onClose: () => void;
  /** The entry the current page falls under ('' for none). */
  currentPath: string;
  canAdmin: boolean;
  isLoggedIn: boolean;
  onLogout: () => void;
}

function Entry({ entry, currentPath, onChoose }: { entry: NavEntry; currentPath: string; onChoose: () => void }) {
  const isCurrent = entry.path === currentPath;
  return (
    <li>
      <Link
        to={entry.path}
        className={cx(styles.drawerEntry, isCurrent && styles.current)}
        aria-current={isCurrent ? 'page' : undefined}
        onClick={onChoose}
      >
        {entry.label}
      </Link>
    </li>
  );
}

/** A group that unfolds in place; it starts open when it holds the current page. */
function Group({
  label,
  entries,
  currentPath,
  onChoose,
}: {
  label: string;
  entries: readonly NavEntry[];
  currentPath: string;
  onChoose: () => void;
}) {
  const holdsCurrent = entries.some((entry) => entry.path === currentPath);
  const [open, setOpen] = useState(holdsCurrent);
  const listId = useId();
  return (
    <li>
      <button
        type="button"
        className={styles.drawerEntry}
        style={holdsCurrent ? { color: 'var(--xq-primary)' } : undefined}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {label}
        <Icon icon={DownOutlined} className={styles.drawerGroupCaret} />
      </button>
      {open && (
        <ul id={listId} className={cx(styles.drawerList, styles.drawerSubList)}>
          {entries.map((entry) => (
            <Entry key={entry.path} entry={entry} currentPath={currentPath} onChoose={onChoose} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The phone's menu: a modal panel from the right edge (a native <dialog>, which keeps focus inside
 * and closes on Escape). The menu is only rendered while open.
 */
export function MenuDrawer({ open, onClose, currentPath, canAdmin, isLoggedIn, onLogout }: MenuDrawerProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className={styles.drawer}
      aria-labelledby={titleId}
      onClose={onClose}
      // The panel fills the dialog, so a click on the dialog itself is a click on the backdrop.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <>
          <div className={styles.drawerHeader}>
            <button type="button" className={styles.closeButton} aria-label={LAYOUT_TEXT.closeMenu} onClick={onClose}>
              <Icon icon={CloseOutlined} />
            </button>
            <h2 id={titleId} className={styles.drawerTitle}>
              {LAYOUT_TEXT.menuTitle}
            </h2>
          </div>
          <nav aria-label={LAYOUT_TEXT.mainNav} className={styles.drawerBody}>
            <ul className={styles.drawerList}>
              {MAIN_NAV.map((item) =>
                isNavGroup(item) ? (
                  <Group
                    key={item.label}
                    label={item.label}
                    entries={item.entries}
                    currentPath={currentPath}
                    onChoose={onClose}
                  />
                ) : (
                  <Entry key={item.path} entry={item} currentPath={currentPath} onChoose={onClose} />
                ),
              )}
              <Group label={MEET_NAV_LABEL} entries={MEET_NAV} currentPath={currentPath} onChoose={onClose} />
              {canAdmin && (
                <Group label={ADMIN_NAV_LABEL} entries={ADMIN_NAV} currentPath={currentPath} onChoose={onClose} />
              )}
            </ul>
            {isLoggedIn && (
              <ul className={cx(styles.drawerList, styles.separated)}>
                {USER_NAV.map((entry) => (
                  <Entry key={entry.path} entry={entry} currentPath={currentPath} onChoose={onClose} />
                ))}
                <li>
                  <button type="button" className={styles.drawerEntry} onClick={onLogout}>
                    <Icon icon={LogoutOutlined} />
                    {LAYOUT_TEXT.logout}
                  </button>
                </li>
              </ul>
            )}
          </nav>
        </>
      )}
    </dialog>
  );
}
