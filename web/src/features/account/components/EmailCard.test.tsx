import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok, renderAt } from '../../../test/render';
import { EmailCard } from './EmailCard';

const details = {
  username: 'mei',
  email: 'mei@example.com',
  emailVerified: false,
  phone: '',
  hasPassword: true,
  wechatBound: false,
  termsVersion: '2026-11-23',
  termsAcceptedAt: 1_767_225_600,
};
const calledAt = (calls: { path: string }[], path: string) => calls.filter((call) => call.path === path);

afterEach(() => {
  vi.useRealTimers();
});

describe('EmailCard', () => {
  it('shows the own address in full with its state', async () => {
    fakeApi({ '/api/v1/user/account/get': [ok(details)] });
    renderAt('/user/account', <EmailCard />);
    expect(await screen.findByText('mei@example.com')).toBeInTheDocument();
    expect(screen.getByText('未验证')).toBeInTheDocument();
  });

  it('checks the address and the code with the account form texts', async () => {
    const calls = fakeApi({ '/api/v1/user/account/get': [ok({ ...details, email: '' })] });
    const user = userEvent.setup();
    renderAt('/user/account', <EmailCard />);
    expect(await screen.findByText('尚未填写邮箱')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '发送验证码' }));
    expect(await screen.findByText('请输入邮箱地址')).toBeInTheDocument();
    expect(await screen.findByText('请检查表单填写是否正确')).toBeInTheDocument();
    await user.type(screen.getByLabelText('邮箱地址'), 'mei@example');
    expect(await screen.findByText('请输入有效的邮箱地址')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^验\s*证$/ }));
    expect(await screen.findByText('请输入验证码')).toBeInTheDocument();
    await user.type(screen.getByLabelText('验证码'), '123');
    expect(await screen.findByText('验证码为 6 位数字')).toBeInTheDocument();
    expect(calledAt(calls, '/api/v1/user/email/code')).toHaveLength(0);
    expect(calledAt(calls, '/api/v1/user/email/verify')).toHaveLength(0);
  });

  it('sends a code, waits 60 s before the next, and verifies the address', async () => {
    const calls = fakeApi({
      '/api/v1/user/account/get': [ok(details)],
      '/api/v1/user/email/code': [ok(null)],
      '/api/v1/user/email/verify': [
        fail(400, 400, '验证码错误或已过期，请重新获取'),
        ok({ ...details, emailVerified: true }),
      ],
    });
    renderAt('/user/account', <EmailCard />);
    await screen.findByText('mei@example.com');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: '发送验证码' }));
    expect(await screen.findByText('验证码已发送，请查收邮件')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '60 秒后重新发送' })).toBeDisabled();
    expect(calledAt(calls, '/api/v1/user/email/code')[0]).toMatchObject({ body: { email: 'mei@example.com' } });
    for (let i = 0; i < 60; i += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
    }
    expect(await screen.findByRole('button', { name: '发送验证码' })).toBeEnabled();
    vi.useRealTimers();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('验证码'), '000000');
    await user.click(screen.getByRole('button', { name: /^验\s*证$/ }));
    expect(await screen.findByText('验证码错误或已过期，请重新获取')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('验证码'));
    await user.type(screen.getByLabelText('验证码'), '123456');
    await user.click(screen.getByRole('button', { name: /^验\s*证$/ }));
    expect(await screen.findByText('邮箱验证成功')).toBeInTheDocument();
    expect(await screen.findByText('已验证')).toBeInTheDocument();
    expect(calledAt(calls, '/api/v1/user/email/verify').at(-1)).toMatchObject({
      body: { email: 'mei@example.com', code: '123456' },
    });
  });
});
