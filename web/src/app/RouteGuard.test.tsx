import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../api/generated/types.gen';
import { startSession } from '../lib/session';
import { fakeApi, ok, renderRoutes } from '../test/render';
import { RouteGuard } from './RouteGuard';

const siteConfig = (wechatOfficialLogin: boolean) =>
  fakeApi({ '/api/v1/site/config': [ok({ filingNumber: '', wechatOpenLogin: false, wechatOfficialLogin })] });

function renderGuarded(path: string, access: 'auth' | 'admin') {
  return renderRoutes(
    [
      {
        path: path.split('?')[0],
        element: (
          <RouteGuard access={access} title="账户安全">
            <div>guarded content</div>
          </RouteGuard>
        ),
      },
      { path: '/login', element: <div>login page</div> },
    ],
    path,
  );
}

function signInAs(sysRole: Role) {
  startSession({
    accessToken: 't',
    accessExpire: Math.floor(Date.now() / 1000) + 3600,
    uuid: 'u1',
    username: 'mei',
    nickname: '小美',
    sysRole,
  });
}

describe('RouteGuard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('redirects a guest to /login with the path as href', async () => {
    siteConfig(true);
    const { router } = renderGuarded('/user/account?tab=password', 'auth');
    await screen.findByText('login page');
    expect(router.state.location.search).toBe('?href=%2Fuser%2Faccount%3Ftab%3Dpassword');
    expect(screen.queryByText('guarded content')).toBeNull();
  });

  it('shows the page to a signed-in member', async () => {
    siteConfig(false);
    signInAs('user');
    renderGuarded('/user/account', 'auth');
    expect(await screen.findByText('guarded content')).toBeInTheDocument();
  });

  it('tells a member on an admin page that it needs admin rights, with a way back home', async () => {
    siteConfig(false);
    signInAs('user');
    const { router } = renderGuarded('/admin/users', 'admin');
    expect(await screen.findByText('需要管理员权限')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('guarded content')).toBeNull();
    expect(screen.queryByText('login page')).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/users');
  });

  it('sends a guest on an admin page to /login with the path as href', async () => {
    siteConfig(false);
    const { router } = renderGuarded('/admin/users', 'admin');
    await screen.findByText('login page');
    expect(router.state.location.search).toBe('?href=%2Fadmin%2Fusers');
  });

  it('shows an admin page to an admin', async () => {
    siteConfig(false);
    signInAs('admin');
    renderGuarded('/admin/users', 'admin');
    expect(await screen.findByText('guarded content')).toBeInTheDocument();
  });

  it('sends a guest in WeChat to the official-account login with a full page load', async () => {
    siteConfig(true);
    vi.stubGlobal('navigator', { ...navigator, userAgent: 'Mozilla/5.0 (iPhone) MicroMessenger/8.0.50' });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderGuarded('/visite', 'auth');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/v1/wechat/official/login?href=%2Fvisite'));
    expect(screen.queryByText('login page')).toBeNull();
  });
});
