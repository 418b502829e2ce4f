import type { MouseEvent, ReactNode } from 'react';
import { useHref, useNavigate } from 'react-router';
import { cx } from '../lib/classNames';
import styles from './LinkButton.module.css';

interface LinkButtonProps {
  to: string;
  /** antd's button types. */
  type?: 'primary' | 'default' | 'text' | 'link';
  size?: 'middle' | 'large';
  shape?: 'default' | 'round';
  icon?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/**
 * A link that looks like antd's button: a real <a> (new tab, copy link) that navigates inside the
 * app. Plain CSS, so the app shell and the home page can use it without loading antd.
 */
export function LinkButton({
  to,
  type = 'default',
  size = 'middle',
  shape = 'default',
  icon,
  className,
  children,
}: LinkButtonProps) {
  const navigate = useNavigate();
  const href = useHref(to);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  const classNames = cx(
    styles.button,
    styles[type],
    size === 'large' && styles.large,
    shape === 'round' && styles.round,
    className,
  );
  return (
    <a href={href} onClick={onClick} className={classNames}>
      {icon}
      {children !== undefined && <span>{children}</span>}
    </a>
  );
}
