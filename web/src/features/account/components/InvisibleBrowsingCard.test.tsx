import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { fail, fakeApi, ok, renderAt } from '../../../test/render';
import { InvisibleBrowsingCard } from './InvisibleBrowsingCard';

const mine = (invisibleBrowsing: number) => ok({ uuid: 'u1', nickname: '小美', invisibleBrowsing });
const updates = (calls: ReturnType<typeof fakeApi>) =>
  calls.filter((call) => call.path === '/api/v1/user/profile/update');

beforeEach(() => {
  startSession({
    accessToken: 'token',
    accessExpire: Math.floor(Date.now() / 1000) + 3600,
    uuid: 'u1',
    username: 'mei',
    nickname: '小美',
    sysRole: 'user',
  });
});

describe('InvisibleBrowsingCard', () => {
  it('explains the setting, shows it saved and switches it on through the profile update alone', async () => {
    const calls = fakeApi({
      '/api/v1/user/myprofile/get': [mine(0), mine(1)],
      '/api/v1/user/profile/update': [ok(null)],
    });
    const user = userEvent.setup();
    renderAt('/user/account', <InvisibleBrowsingCard />);
    expect(screen.getByText('开启后，你访问他人主页不会出现在对方的访客记录中。')).toBeInTheDocument();
    const toggle = await screen.findByRole('switch', { name: '开启隐身浏览' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('隐身浏览已开启')).toBeInTheDocument();
    expect(updates(calls).map((call) => call.body)).toEqual([{ invisibleBrowsing: 1 }]);
    expect(await screen.findByRole('switch', { name: '开启隐身浏览' })).toBeChecked();
  });

  it('switches it off', async () => {
    const calls = fakeApi({
      '/api/v1/user/myprofile/get': [mine(1), mine(0)],
      '/api/v1/user/profile/update': [ok(null)],
    });
    const user = userEvent.setup();
    renderAt('/user/account', <InvisibleBrowsingCard />);
    await user.click(await screen.findByRole('switch', { name: '开启隐身浏览' }));
    expect(await screen.findByText('隐身浏览已关闭')).toBeInTheDocument();
    expect(updates(calls).map((call) => call.body)).toEqual([{ invisibleBrowsing: 0 }]);
  });

  it('keeps the setting and says so when saving fails', async () => {
    fakeApi({
      '/api/v1/user/myprofile/get': [mine(1)],
      '/api/v1/user/profile/update': [fail(500, 500, '服务器繁忙')],
    });
    const user = userEvent.setup();
    renderAt('/user/account', <InvisibleBrowsingCard />);
    await user.click(await screen.findByRole('switch', { name: '开启隐身浏览' }));
    expect(await screen.findByText('服务器繁忙')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: '开启隐身浏览' })).toBeChecked();
  });
});
