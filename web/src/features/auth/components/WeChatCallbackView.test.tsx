import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WECHAT_CALLBACK_REDIRECT_DELAY_MS } from '../../../lib/constants';
import { currentSession } from '../../../lib/session';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { WeChatCallbackView } from './WeChatCallbackView';

const login = {
  accessToken: 'wechat-token',
  accessExpire: Math.floor(Date.now() / 1000) + 3600,
  uuid: 'u-wx',
  username: 'wx_0123456789ab',
  nickname: '微信·小美',
  avatar: 'uploads/avatar/ab/ab.png',
  sysRole: 'user',
  orgs: [],
};

function renderCallback(path: string) {
  return renderRoutes(
    [
      { path: '/wechatcallback', element: <WeChatCallbackView flow="qr" /> },
      { path: '/officialcallback', element: <WeChatCallbackView flow="official" /> },
      { path: '/login', element: <div>login page</div> },
      { path: '*', element: <div>landed</div> },
    ],
    path,
  );
}

afterEach(() => vi.useRealTimers());

describe('WeChatCallbackView', () => {
  it('fails with No authorization code received and sends nothing when the code is missing', async () => {
    const calls = fakeApi({});
    const user = userEvent.setup();
    const { router } = renderCallback('/wechatcallback?state=abc');
    expect(await screen.findByText('登录失败')).toBeInTheDocument();
    expect(screen.getByText('No authorization code received')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '返回登录' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the server message when the server refuses', async () => {
    fakeApi({ '/api/v1/wechat/callback': [fail(400, 400, '登录请求已超时，请重新发起微信登录')] });
    renderCallback('/wechatcallback?code=c1&state=s1');
    expect(await screen.findByText('登录请求已超时，请重新发起微信登录')).toBeInTheDocument();
    expect(screen.getByText('登录失败')).toBeInTheDocument();
    expect(currentSession()).toBeNull();
  });

  it('says Invalid response from server when the answer is not an envelope', async () => {
    fakeApi({ '/api/v1/wechat/callback': [{ body: 'gateway timeout' }] });
    renderCallback('/wechatcallback?code=c1&state=s1');
    expect(await screen.findByText('Invalid response from server')).toBeInTheDocument();
  });

  it('says Invalid login data received when the data has no token', async () => {
    fakeApi({ '/api/v1/wechat/callback': [ok({ ...login, accessToken: '', redirectURL: '/' })] });
    renderCallback('/wechatcallback?code=c1&state=s1');
    expect(await screen.findByText('Invalid login data received')).toBeInTheDocument();
    expect(currentSession()).toBeNull();
  });

  it('stores the session and goes to the redirect URL after 500 ms', async () => {
    const calls = fakeApi({ '/api/v1/wechat/callback': [ok({ ...login, redirectURL: '/moment?tab=new' })] });
    const { router } = renderCallback('/wechatcallback?code=c1&state=s1');
    expect(await screen.findByText('登录成功')).toBeInTheDocument();
    expect(currentSession()?.user.uuid).toBe('u-wx');
    const shownAt = Date.now();
    await waitFor(() => expect(router.state.location.pathname).toBe('/moment'));
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(WECHAT_CALLBACK_REDIRECT_DELAY_MS - 50);
    expect(router.state.location.search).toBe('?tab=new');
    expect(calls.filter((call) => call.path === '/api/v1/wechat/callback')).toHaveLength(1);
  });

  it('reads loginData on the official-account callback and falls back to / for a foreign redirect', async () => {
    fakeApi({
      '/api/v1/wechat/official/callback': [ok({ redirectURL: '//evil.example/', loginData: login })],
    });
    const { router } = renderCallback('/officialcallback?code=c1&state=s1');
    expect(await screen.findByText('登录成功')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(currentSession()?.token).toBe('wechat-token');
  });
});
