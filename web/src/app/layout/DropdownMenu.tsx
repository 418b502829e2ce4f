import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Icon } from '../../components/Icon';
import { cx } from '../../lib/classNames';
import styles from './AppHeader.module.css';

interface DropdownMenuProps {
  /** What the button shows, before its caret. */
  label: ReactNode;
  buttonClassName: string;
  /** Line the list up with the button's end (for a button at the right edge of the screen). */
  alignEnd?: boolean;
  /** The list's <li> entries. */
  children: ReactNode;
}

/**
 * A button that shows a list of links and actions below it (the disclosure pattern). The list
 * closes on a choice, on Escape, and when the pointer or focus goes elsewhere.
 */
export function DropdownMenu({ label, buttonClassName, alignEnd = false, children }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div
      ref={rootRef}
      className={styles.dropdown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {label}
        <Icon icon={DownOutlined} className={styles.caret} />
      </button>
      {open && (
        // A choice (a link or the logout button) bubbles up here and closes the list.
        <ul id={listId} className={cx(styles.popup, alignEnd && styles.alignEnd)} onClick={() => setOpen(false)}>
          {children}
        </ul>
      )}
    </div>
  );
}
