import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import ForgotPasswordPage from './ForgotPasswordPage';

const config = (passwordRecovery: boolean) =>
  ok({ filingNumber: '', wechatOpenLogin: false, wechatOfficialLogin: false, passwordRecovery });
const calledAt = (calls: { path: string }[], path: string) => calls.filter((call) => call.path === path);

function renderForgot() {
  return renderRoutes(
    [
      { path: '/password/forgot', element: <ForgotPasswordPage /> },
      { path: '/login', element: <div>login page</div> },
    ],
    '/password/forgot',
  );
}

describe('ForgotPasswordPage', () => {
  it('says so when mail is not configured', async () => {
    fakeApi({ '/api/v1/site/config': [config(false)] });
    renderForgot();
    expect(await screen.findByText('本站暂未开启邮件服务，无法通过邮箱找回密码。')).toBeInTheDocument();
  });

  it('shows each rule and sends nothing while the form is wrong', async () => {
    const calls = fakeApi({ '/api/v1/site/config': [config(true)] });
    const user = userEvent.setup();
    renderForgot();
    await user.click(await screen.findByRole('button', { name: '发送验证码' }));
    expect(await screen.findByText('请输入邮箱地址')).toBeInTheDocument();
    await user.type(screen.getByLabelText('邮箱地址'), 'mei@example');
    expect(await screen.findByText('请输入有效的邮箱地址')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /重置密码/ }));
    for (const text of ['请输入验证码', '请输入密码', '请再次输入密码', '请检查表单填写是否正确']) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    await user.type(screen.getByLabelText('验证码'), '12');
    await user.type(screen.getByLabelText('新密码'), '12345');
    await user.type(screen.getByLabelText('确认新密码'), '123456');
    expect(await screen.findByText('验证码为 6 位数字')).toBeInTheDocument();
    expect(await screen.findByText('密码长度不能小于6位')).toBeInTheDocument();
    expect(await screen.findByText('两次输入密码不一致!')).toBeInTheDocument();
    expect(calledAt(calls, '/api/v1/user/password/forgot')).toHaveLength(0);
    expect(calledAt(calls, '/api/v1/user/password/reset')).toHaveLength(0);
  });

  it('mails a code, then sets the new password and goes to the login page', async () => {
    const calls = fakeApi({
      '/api/v1/site/config': [config(true)],
      '/api/v1/user/password/forgot': [ok(null)],
      '/api/v1/user/password/reset': [fail(400, 400, '验证码错误或已过期，请重新获取'), ok(null)],
    });
    const user = userEvent.setup();
    renderForgot();
    await user.type(await screen.findByLabelText('邮箱地址'), ' mei@example.com ');
    await user.click(screen.getByRole('button', { name: '发送验证码' }));
    expect(await screen.findByText(/验证码已发送/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /秒后重新发送/ })).toBeDisabled();
    expect(calledAt(calls, '/api/v1/user/password/forgot')[0]).toMatchObject({ body: { email: 'mei@example.com' } });

    await user.type(screen.getByLabelText('验证码'), '123456');
    await user.type(screen.getByLabelText('新密码'), 'new-secret');
    await user.type(screen.getByLabelText('确认新密码'), 'new-secret');
    await user.click(screen.getByRole('button', { name: /重置密码/ }));
    expect(await screen.findByText('验证码错误或已过期，请重新获取')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /重置密码/ }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(calledAt(calls, '/api/v1/user/password/reset').at(-1)).toMatchObject({
      body: { email: 'mei@example.com', code: '123456', newPassword: 'new-secret', confirmPassword: 'new-secret' },
    });
  });
});
