import MenuOutlined from '@ant-design/icons-svg/es/asn/MenuOutlined';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { BrandMark } from '../../components/BrandMark';
import { Icon } from '../../components/Icon';
import { LinkButton } from '../../components/LinkButton';
import { useLogout } from '../../features/auth/api/useLogout';
import { UnreadBadgeLink } from '../../features/chat/components/UnreadBadgeLink';
import { accessOf } from '../../lib/access';
import { cx } from '../../lib/classNames';
import { useSession } from '../../lib/session';
import styles from './AppHeader.module.css';
import { MenuBar } from './MenuBar';
import { MenuDrawer } from './MenuDrawer';
import { ADMIN_NAV, isNavGroup, LAYOUT_TEXT, MAIN_NAV, MEET_NAV, USER_NAV } from './navigation';
import { UserMenu } from './UserMenu';

/** The deepest menu entry that the current path falls under, so /blog/3 lights up 博客. */
export function currentNavPath(pathname: string): string {
  const main = MAIN_NAV.flatMap((item) => (isNavGroup(item) ? item.entries : [item]));
  const all = [...main, ...MEET_NAV, ...ADMIN_NAV, ...USER_NAV].map((entry) => entry.path);
  const matches = all.filter((path) => pathname === path || (path !== '/' && pathname.startsWith(`${path}/`)));
  return matches.sort((a, b) => b.length - a.length)[0] ?? '';
}

/**
 * The top bar: a menu bar on wide screens, a menu button and a drawer on phones (the CSS picks
 * which). Built without antd, as it is on every page, the light home page included.
 */
export function AppHeader() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const session = useSession();
  const flags = accessOf(session, Date.now());
  const logout = useLogout();
  const currentPath = currentNavPath(useLocation().pathname);

  const onLogout = () => {
    setDrawerOpen(false);
    void logout();
  };

  return (
    <header className={styles.header}>
      <Link to="/" aria-label="心桥 Xinqiao 首页" className={styles.brand}>
        <BrandMark />
      </Link>
      <MenuBar currentPath={currentPath} canAdmin={flags.canAdmin} />
      <div className={cx(styles.spacer, styles.phone)} />
      {flags.isLoggedIn && session ? (
        <>
          <UnreadBadgeLink viewer={session.user.uuid} />
          <UserMenu user={session.user} currentPath={currentPath} onLogout={onLogout} />
        </>
      ) : (
        <div className={styles.buttons}>
          <LinkButton to="/login" type="text">
            {LAYOUT_TEXT.login}
          </LinkButton>
          <LinkButton to="/register" type="primary" shape="round">
            {LAYOUT_TEXT.register}
          </LinkButton>
        </div>
      )}
      <button
        type="button"
        className={cx(styles.menuButton, styles.phone)}
        aria-label={LAYOUT_TEXT.openMenu}
        aria-haspopup="dialog"
        onClick={() => setDrawerOpen(true)}
      >
        <Icon icon={MenuOutlined} />
      </button>
      <MenuDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        currentPath={currentPath}
        canAdmin={flags.canAdmin}
        isLoggedIn={flags.isLoggedIn}
        onLogout={onLogout}
      />
    </header>
  );
}
