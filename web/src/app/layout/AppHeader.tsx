import { DownOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Drawer, Dropdown, Grid, Layout, Menu, Space, type MenuProps } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { BrandMark } from '../../components/BrandMark';
import { LinkButton } from '../../components/LinkButton';
import { useLogout } from '../../features/auth/api/useLogout';
import { accessOf } from '../../lib/access';
import { useSession } from '../../lib/session';
import {
  ADMIN_NAV,
  ADMIN_NAV_LABEL,
  LAYOUT_TEXT,
  MAIN_NAV,
  MEET_NAV,
  MEET_NAV_LABEL,
  USER_NAV,
  type NavEntry,
} from './navigation';

type MenuItem = Required<MenuProps>['items'][number];

const LOGOUT_KEY = 'logout';

function linkItems(entries: readonly NavEntry[]): MenuItem[] {
  return entries.map((entry) => ({ key: entry.path, label: <Link to={entry.path}>{entry.label}</Link> }));
}

/** The deepest menu entry that the current path falls under, so /blog/3 lights up 博客. */
function selectedKey(pathname: string): string {
  const all = [...MAIN_NAV, ...MEET_NAV, ...ADMIN_NAV, ...USER_NAV].map((entry) => entry.path);
  const matches = all.filter((path) => pathname === path || (path !== '/' && pathname.startsWith(`${path}/`)));
  return matches.sort((a, b) => b.length - a.length)[0] ?? '';
}

export function AppHeader() {
  const screens = Grid.useBreakpoint();
  const isPhone = !(screens.lg ?? true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const session = useSession();
  const flags = accessOf(session, Date.now());
  const logout = useLogout();
  const { pathname } = useLocation();

  const siteItems: MenuItem[] = [
    ...linkItems(MAIN_NAV),
    { key: 'meet', label: MEET_NAV_LABEL, children: linkItems(MEET_NAV) },
    ...(flags.canAdmin ? [{ key: 'admin', label: ADMIN_NAV_LABEL, children: linkItems(ADMIN_NAV) }] : []),
  ];
  const userItems: MenuItem[] = [
    ...linkItems(USER_NAV),
    { type: 'divider' },
    { key: LOGOUT_KEY, icon: <LogoutOutlined />, label: LAYOUT_TEXT.logout },
  ];
  const onUserMenu: MenuProps['onClick'] = ({ key }) => {
    setDrawerOpen(false);
    if (key === LOGOUT_KEY) void logout();
  };
  const displayName = session ? session.user.nickname || session.user.username : '';

  const guestButtons = (
    <Space>
      <LinkButton to="/login" type="text">
        {LAYOUT_TEXT.login}
      </LinkButton>
      <LinkButton to="/register" type="primary" shape="round">
        {LAYOUT_TEXT.register}
      </LinkButton>
    </Space>
  );

  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        display: 'flex',
        alignItems: 'center',
        gap: 16,
        padding: isPhone ? '0 12px' : '0 32px',
        borderBottom: '1px solid #F3DDE4',
      }}
    >
      <Link to="/" aria-label="心桥 Xinqiao 首页" style={{ flex: 'none' }}>
        <BrandMark />
      </Link>
      {isPhone ? (
        <>
          <div style={{ flex: 1 }} />
          {!flags.isLoggedIn && guestButtons}
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={LAYOUT_TEXT.openMenu}
            onClick={() => setDrawerOpen(true)}
          />
          <Drawer
            title={LAYOUT_TEXT.menuTitle}
            placement="right"
            size={280}
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
          >
            <Menu
              mode="inline"
              selectedKeys={[selectedKey(pathname)]}
              items={flags.isLoggedIn ? [...siteItems, { type: 'divider' }, ...userItems] : siteItems}
              onClick={onUserMenu}
              style={{ borderInlineEnd: 'none' }}
            />
          </Drawer>
        </>
      ) : (
        <>
          <Menu
            mode="horizontal"
            selectedKeys={[selectedKey(pathname)]}
            items={siteItems}
            style={{ flex: 1, minWidth: 0, borderBottom: 'none' }}
          />
          {flags.isLoggedIn ? (
            <Dropdown menu={{ items: userItems, onClick: onUserMenu }} trigger={['click']}>
              <Button type="text" style={{ height: 44 }}>
                <Space>
                  <Avatar size="small" src={session?.user.avatar || undefined} icon={<UserOutlined />} />
                  {displayName}
                  <DownOutlined />
                </Space>
              </Button>
            </Dropdown>
          ) : (
            guestButtons
          )}
        </>
      )}
    </Layout.Header>
  );
}
