import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { reloadAt } from '../../lib/browser';
import { currentSession, startSession } from '../../lib/session';
import { fakeApi, ok, renderRoutes } from '../../test/render';
import { AppHeader } from './AppHeader';

vi.mock('../../lib/browser', () => ({ reloadAt: vi.fn() }));

function signInAs(sysRole: string) {
  startSession({
    accessToken: 't',
    accessExpire: Math.floor(Date.now() / 1000) + 3600,
    uuid: 'u1',
    username: 'mei',
    nickname: '小美',
    sysRole,
  });
}

// jsdom matches no media query, so the header renders its phone form: menus live in the drawer.
async function openDrawer() {
  const user = userEvent.setup();
  renderRoutes(
    [
      { path: '/', element: <AppHeader /> },
      { path: '/login', element: <div>login page</div> },
    ],
    '/',
  );
  await user.click(screen.getByRole('button', { name: '打开菜单' }));
  await screen.findByRole('dialog');
  return user;
}

describe('AppHeader', () => {
  it('offers guests login and register, and no admin menu', async () => {
    await openDrawer();
    expect(screen.getByRole('link', { name: /登\s*录/ })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: /注\s*册/ })).toHaveAttribute('href', '/register');
    expect(screen.queryByText('管理')).toBeNull();
    expect(screen.queryByText('退出登录')).toBeNull();
  });

  it('hides the admin menu from members', async () => {
    signInAs('user');
    await openDrawer();
    expect(screen.getByText('退出登录')).toBeInTheDocument();
    expect(screen.queryByText('管理')).toBeNull();
  });

  it('shows the admin menu to admins', async () => {
    signInAs('admin');
    const user = await openDrawer();
    await user.click(screen.getByText('管理'));
    expect(await screen.findByRole('link', { name: '学习资源管理' })).toHaveAttribute(
      'href',
      '/knowledge/resource/admin',
    );
  });

  it('logs out: tells the server, clears the session and loads /login afresh', async () => {
    const calls = fakeApi({ '/api/v1/user/logout': [ok(null)] });
    signInAs('user');
    const user = await openDrawer();
    await user.click(screen.getByText('退出登录'));
    await vi.waitFor(() => expect(reloadAt).toHaveBeenCalledWith('/login'));
    expect(calls.map((call) => [call.path, call.authorization])).toEqual([['/api/v1/user/logout', 'Bearer t']]);
    expect(currentSession()).toBeNull();
  });
});
