import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadAt } from '../../../lib/browser';
import { currentSession, startSession } from '../../../lib/session';
import { fail, fakeApi, ok, renderAt } from '../../../test/render';
import { DeleteAccountCard } from './DeleteAccountCard';

vi.mock('../../../lib/browser', () => ({ reloadAt: vi.fn() }));

const account = (hasPassword: boolean) =>
  ok({
    username: 'mei',
    email: '',
    emailVerified: false,
    phone: '',
    hasPassword,
    wechatBound: !hasPassword,
    termsVersion: '',
    termsAcceptedAt: 0,
  });
const deletions = (calls: ReturnType<typeof fakeApi>) =>
  calls.filter((call) => call.path === '/api/v1/user/account/delete');

beforeEach(() => {
  vi.mocked(reloadAt).mockClear();
  startSession({
    accessToken: 'token',
    accessExpire: Math.floor(Date.now() / 1000) + 3600,
    uuid: 'u1',
    username: 'mei',
    nickname: '小美',
    sysRole: 'user',
  });
});

describe('DeleteAccountCard', () => {
  it('asks for the password, shows a wrong one, then deletes and forgets the session', async () => {
    const calls = fakeApi({
      '/api/v1/user/account/get': [account(true)],
      '/api/v1/user/account/delete': [fail(400, 400, '当前密码错误'), ok(null)],
    });
    const user = userEvent.setup();
    renderAt('/user/account', <DeleteAccountCard />);
    await user.click(await screen.findByRole('button', { name: '注销账号' }));
    await user.click(screen.getByRole('button', { name: '永久注销' }));
    expect(await screen.findByText('请输入当前密码')).toBeInTheDocument();
    expect(deletions(calls)).toHaveLength(0);

    await user.type(screen.getByLabelText('登录密码'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: '永久注销' }));
    expect(await screen.findByText('当前密码错误')).toBeInTheDocument();
    expect(currentSession()).not.toBeNull();

    await user.clear(screen.getByLabelText('登录密码'));
    await user.type(screen.getByLabelText('登录密码'), 'right-one');
    await user.click(screen.getByRole('button', { name: '永久注销' }));
    expect(await screen.findByText(/感谢你曾来到心桥/)).toBeInTheDocument();
    expect(deletions(calls).map((call) => call.body)).toEqual([{ password: 'wrong-one' }, { password: 'right-one' }]);
    expect(currentSession()).toBeNull();
    await user.click(screen.getByRole('button', { name: /知\s*道\s*了/ }));
    await waitFor(() => expect(reloadAt).toHaveBeenCalledWith('/'));
  });

  it('sends a member without a password to set one first', async () => {
    fakeApi({ '/api/v1/user/account/get': [account(false)] });
    renderAt('/user/account', <DeleteAccountCard />);
    expect(await screen.findByText(/请先在上方设置密码/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '注销账号' })).not.toBeInTheDocument();
  });
});
