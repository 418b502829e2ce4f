import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentSession, startSession } from '../../../lib/session';
import { fail, fakeApi, ok, renderAt } from '../../../test/render';
import { PasswordCard } from './PasswordCard';

const account = (over: object = {}) =>
  ok({
    username: 'mei',
    email: 'mei@example.com',
    emailVerified: false,
    phone: '',
    hasPassword: true,
    wechatBound: false,
    termsVersion: '2026-11-23',
    termsAcceptedAt: 1_767_225_600,
    ...over,
  });
const fresh = ok({
  accessToken: 'fresh-token',
  accessExpire: Math.floor(Date.now() / 1000) + 3600,
  uuid: 'u1',
  username: 'mei',
  nickname: '小美',
  avatar: 'avatars/mei.png',
  sysRole: 'user',
  orgs: [],
});
const changeCalls = (calls: ReturnType<typeof fakeApi>) =>
  calls.filter((call) => call.path === '/api/v1/user/password/change');

beforeEach(() => {
  startSession({
    accessToken: 'old-token',
    accessExpire: Math.floor(Date.now() / 1000) + 3600,
    uuid: 'u1',
    username: 'mei',
    nickname: '小美',
    sysRole: 'user',
    permissions: ['member'],
  });
});

describe('PasswordCard', () => {
  it('shows each rule of the account form and sends nothing', async () => {
    const calls = fakeApi({ '/api/v1/user/account/get': [account()] });
    const user = userEvent.setup();
    renderAt('/user/account', <PasswordCard />);
    await user.click(await screen.findByRole('button', { name: /修改密码/ }));
    for (const text of ['请输入当前密码', '请输入密码', '请再次输入密码', '请检查表单填写是否正确']) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    await user.type(screen.getByLabelText('新密码'), '12345');
    expect(await screen.findByText('密码长度不能小于6位')).toBeInTheDocument();
    await user.type(screen.getByLabelText('新密码'), '6');
    await user.type(screen.getByLabelText('确认新密码'), '123457');
    expect(await screen.findByText('两次输入密码不一致!')).toBeInTheDocument();
    expect(changeCalls(calls)).toHaveLength(0);
    expect(screen.getByPlaceholderText('请输入新密码')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('请再次输入新密码')).toBeInTheDocument();
  });

  it('changes the password and keeps this session on the fresh token', async () => {
    const calls = fakeApi({
      '/api/v1/user/account/get': [account()],
      '/api/v1/user/password/change': [fail(400, 400, '当前密码错误'), fresh],
    });
    const user = userEvent.setup();
    renderAt('/user/account', <PasswordCard />);
    await user.type(await screen.findByLabelText('当前密码'), 'wrong-one');
    await user.type(screen.getByLabelText('新密码'), 'new-secret');
    await user.type(screen.getByLabelText('确认新密码'), 'new-secret');
    await user.click(screen.getByRole('button', { name: /修改密码/ }));
    expect(await screen.findByText('当前密码错误')).toBeInTheDocument();
    expect(currentSession()?.token).toBe('old-token');

    await user.clear(screen.getByLabelText('当前密码'));
    await user.type(screen.getByLabelText('当前密码'), 'right-one');
    await user.click(screen.getByRole('button', { name: /修改密码/ }));
    expect(await screen.findByText('密码已修改')).toBeInTheDocument();
    await waitFor(() => expect(currentSession()?.token).toBe('fresh-token'));
    expect(currentSession()?.user.permissions).toEqual(['member']);
    expect(changeCalls(calls).map((call) => call.body)).toEqual([
      { currentPassword: 'wrong-one', newPassword: 'new-secret', confirmPassword: 'new-secret' },
      { currentPassword: 'right-one', newPassword: 'new-secret', confirmPassword: 'new-secret' },
    ]);
    expect(changeCalls(calls).at(-1)).toMatchObject({ authorization: 'Bearer old-token' });
  });

  it('lets an account without a password set one without the current one', async () => {
    const calls = fakeApi({
      '/api/v1/user/account/get': [account({ hasPassword: false, wechatBound: true })],
      '/api/v1/user/password/change': [fresh],
    });
    const user = userEvent.setup();
    renderAt('/user/account', <PasswordCard />);
    await user.type(await screen.findByLabelText('新密码'), 'first-pass');
    expect(screen.queryByLabelText('当前密码')).toBeNull();
    await user.type(screen.getByLabelText('确认新密码'), 'first-pass');
    await user.click(screen.getByRole('button', { name: /设置密码/ }));
    expect(await screen.findByText('密码已修改')).toBeInTheDocument();
    expect(changeCalls(calls)[0]).toMatchObject({ body: { newPassword: 'first-pass', confirmPassword: 'first-pass' } });
  });
});
