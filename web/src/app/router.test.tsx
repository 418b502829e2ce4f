import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '../api/generated/types.gen';
import { startSession } from '../lib/session';
import { fakeApi, ok, renderRoutes } from '../test/render';
import { guardedRoute } from './router';
import { ROUTES } from './routeTable';

const SITE_CONFIG = {
  '/api/v1/site/config': [ok({ filingNumber: '', wechatOpenLogin: false, wechatOfficialLogin: false })],
};

function signInAs(sysRole: Role) {
  startSession({
    accessToken: 't',
    accessExpire: Math.floor(Date.now() / 1000) + 3600,
    uuid: 'u1',
    username: 'dawei',
    nickname: '大伟',
    sysRole,
  });
}

/** The app's own route for `path`, guarded as the router builds it, beside stand-ins for where it links. */
function renderAppRoute(path: string) {
  const route = ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return renderRoutes(
    [
      guardedRoute(route),
      { path: '/knowledge/courses', element: <p>课程列表页</p> },
      { path: '/', element: <p>首页</p> },
      { path: '/login', element: <p>登录页</p> },
    ],
    path,
  );
}

describe('guarded routes', () => {
  it.each(['/knowledge/points/admin', '/knowledge/resource/admin'])(
    'shows a member on %s spec 3’s admin-only notice with the way back to the courses, without loading the page',
    async (path) => {
      signInAs('user');
      const calls = fakeApi(SITE_CONFIG);
      const user = userEvent.setup();
      const { router } = renderAppRoute(path);
      expect(await screen.findByText('权限不足，您需要管理员权限才能访问此页面')).toBeInTheDocument();
      expect(screen.queryByText('需要管理员权限')).toBeNull();
      expect(router.state.location.pathname).toBe(path);
      expect(calls.filter((call) => call.path.startsWith('/api/v1/knowledge'))).toEqual([]);
      const back = screen.getByRole('link', { name: '返回课程页面' });
      expect(back).toHaveAttribute('href', '/knowledge/courses');
      await user.click(back);
      expect(await screen.findByText('课程列表页')).toBeInTheDocument();
    },
  );

  it('keeps the shared notice on the other admin routes', async () => {
    signInAs('user');
    fakeApi(SITE_CONFIG);
    renderAppRoute('/knowledge/courses/admin');
    expect(await screen.findByText('需要管理员权限')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  });

  it('sends a guest on the knowledge point admin to /login, not to the notice', async () => {
    fakeApi(SITE_CONFIG);
    const { router } = renderAppRoute('/knowledge/points/admin');
    expect(await screen.findByText('登录页')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?href=%2Fknowledge%2Fpoints%2Fadmin');
  });

  it('lets an admin into the knowledge point admin', async () => {
    signInAs('admin');
    fakeApi({
      ...SITE_CONFIG,
      '/api/v1/knowledge/points/list': [ok({ list: [], total: 0 })],
      '/api/v1/knowledge/prerequisites/list': [ok({ list: [], total: 0 })],
    });
    renderAppRoute('/knowledge/points/admin');
    expect(await screen.findByRole('heading', { name: '知识点管理' })).toBeInTheDocument();
    expect(screen.queryByText('权限不足，您需要管理员权限才能访问此页面')).toBeNull();
  });
});
