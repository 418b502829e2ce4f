import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { fail, fakeApi, ok, renderAt } from '../../../test/render';
import { PhotoProtectionCard } from './PhotoProtectionCard';

const mine = (photoProtection: number) => ok({ uuid: 'u1', nickname: '小美', photoProtection });
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

describe('PhotoProtectionCard', () => {
  it('shows the saved setting and switches it on through the profile update', async () => {
    const calls = fakeApi({
      '/api/v1/user/myprofile/get': [mine(0), mine(1)],
      '/api/v1/user/profile/update': [ok(null)],
    });
    const user = userEvent.setup();
    renderAt('/user/account', <PhotoProtectionCard />);
    const toggle = await screen.findByRole('switch', { name: '开启照片保护' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('照片保护已开启')).toBeInTheDocument();
    expect(updates(calls).map((call) => call.body)).toEqual([{ photoProtection: 1 }]);
    expect(await screen.findByRole('switch', { name: '开启照片保护' })).toBeChecked();
  });

  it('keeps the setting and says so when saving fails', async () => {
    fakeApi({
      '/api/v1/user/myprofile/get': [mine(1)],
      '/api/v1/user/profile/update': [fail(500, 500, '服务器繁忙')],
    });
    const user = userEvent.setup();
    renderAt('/user/account', <PhotoProtectionCard />);
    await user.click(await screen.findByRole('switch', { name: '开启照片保护' }));
    expect(await screen.findByText('服务器繁忙')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: '开启照片保护' })).toBeChecked();
  });
});
