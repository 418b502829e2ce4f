import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, renderAt } from '../../../test/render';
import { WeChatLoginLink } from './WeChatLoginLink';

const config = (wechatOpenLogin: boolean, wechatOfficialLogin: boolean) =>
  ok({ filingNumber: '', contact: { address: '', phone: '', email: '' }, wechatOpenLogin, wechatOfficialLogin });

afterEach(() => vi.unstubAllGlobals());

describe('WeChatLoginLink', () => {
  it('links ordinary browsers to the QR-code login, carrying the return target', async () => {
    fakeApi({ '/api/v1/site/config': [config(true, true)] });
    renderAt('/login', <WeChatLoginLink returnTo="/moment?tab=new" />);
    const link = await screen.findByRole('link', { name: /微信扫码登录/ });
    const target = new URL(link.getAttribute('href')!, window.location.origin);
    expect(target.pathname).toBe('/api/v1/wechat/login');
    expect(target.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/wechatcallback`);
    expect(target.searchParams.get('href')).toBe('/moment?tab=new');
  });

  it('links the WeChat in-app browser to the official-account login', async () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: 'Mozilla/5.0 MicroMessenger/8.0.49' });
    fakeApi({ '/api/v1/site/config': [config(true, true)] });
    renderAt('/login', <WeChatLoginLink returnTo="/my" />);
    const link = await screen.findByRole('link', { name: /微信一键登录/ });
    expect(link).toHaveAttribute('href', '/api/v1/wechat/official/login?href=%2Fmy');
  });

  it('shows nothing when the flow for this browser is not configured', async () => {
    const calls = fakeApi({ '/api/v1/site/config': [config(false, true)] });
    renderAt('/login', <WeChatLoginLink returnTo="/" />);
    await vi.waitFor(() => expect(calls.length).toBe(1));
    expect(screen.queryByRole('link')).toBeNull();
  });
});
