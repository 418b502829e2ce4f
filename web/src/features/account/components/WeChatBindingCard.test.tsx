import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { goTo } from '../../../lib/browser';
import { fail, fakeApi, ok, renderAt } from '../../../test/render';
import { WeChatBindingCard } from './WeChatBindingCard';

vi.mock('../../../lib/browser', () => ({ goTo: vi.fn() }));

const siteConfig = (wechatOpenLogin: boolean) =>
  ok({ filingNumber: '', contact: { address: '', phone: '', email: '' }, wechatOpenLogin, wechatOfficialLogin: false });
const binding = (over: object) => ok({ bound: false, nickname: '', boundAt: 0, hasPassword: true, ...over });

describe('WeChatBindingCard', () => {
  it('starts binding through the QR-code callback and sends the browser to WeChat', async () => {
    const calls = fakeApi({
      '/api/v1/site/config': [siteConfig(true)],
      '/api/v1/wechat/binding': [binding({})],
      '/api/v1/wechat/bind': [ok({ authorizeUrl: 'https://open.weixin.qq.com/connect/qrconnect?appid=wx1' })],
    });
    const user = userEvent.setup();
    renderAt('/user/account', <WeChatBindingCard />);
    expect(await screen.findByText('尚未绑定微信')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /绑定微信/ }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('https://open.weixin.qq.com/connect/qrconnect?appid=wx1'));
    const bind = calls.find((call) => call.path === '/api/v1/wechat/bind');
    expect(bind?.body).toEqual({ redirectUri: `${window.location.origin}/wechatcallback` });
  });

  it('says so plainly when WeChat login is off', async () => {
    fakeApi({ '/api/v1/site/config': [siteConfig(false)], '/api/v1/wechat/binding': [binding({})] });
    renderAt('/user/account', <WeChatBindingCard />);
    expect(await screen.findByText('本站暂未开启微信登录。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /绑定微信/ })).toBeNull();
  });

  it('unbinds after the password, showing the server message when it is wrong', async () => {
    const calls = fakeApi({
      '/api/v1/site/config': [siteConfig(true)],
      '/api/v1/wechat/binding': [binding({ bound: true, nickname: '小美', boundAt: 1_763_700_000 }), binding({})],
      '/api/v1/wechat/unbind': [fail(400, 400, '密码错误'), ok({})],
    });
    const user = userEvent.setup();
    renderAt('/user/account', <WeChatBindingCard />);
    expect(await screen.findByText('已绑定微信「小美」')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /解\s*绑/ }));
    await user.click(await screen.findByRole('button', { name: '确认解绑' }));
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();

    await user.type(screen.getByLabelText('登录密码'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: '确认解绑' }));
    expect(await screen.findByText('密码错误')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('登录密码'));
    await user.type(screen.getByLabelText('登录密码'), 'right-one');
    await user.click(screen.getByRole('button', { name: '确认解绑' }));
    expect(await screen.findByText('尚未绑定微信')).toBeInTheDocument();
    const unbinds = calls.filter((call) => call.path === '/api/v1/wechat/unbind');
    expect(unbinds.map((call) => call.body)).toEqual([{ password: 'wrong-one' }, { password: 'right-one' }]);
  });

  it('does not offer unbinding to an account without a password', async () => {
    fakeApi({
      '/api/v1/site/config': [siteConfig(true)],
      '/api/v1/wechat/binding': [
        binding({ bound: true, nickname: '小美', boundAt: 1_763_700_000, hasPassword: false }),
      ],
    });
    renderAt('/user/account', <WeChatBindingCard />);
    expect(await screen.findByText('请先设置登录密码，再解绑微信')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /解\s*绑/ })).toBeNull();
  });
});
