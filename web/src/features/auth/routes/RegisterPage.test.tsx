import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentSession } from '../../../lib/session';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import RegisterPage from './RegisterPage';

const captcha = (n: number) => ok({ captchaId: `captcha-${n}`, imageBase64: `data:image/png;base64,IMAGE${n}` });
/** A site whose current terms differ from the bundle's `LEGAL_VERSION`: the page must send the site's. */
const siteConfig = ok({
  filingNumber: '',
  wechatOpenLogin: false,
  wechatOfficialLogin: false,
  passwordRecovery: false,
  termsVersion: '2027-03-01',
  agreementUrl: 'http://localhost/agreement',
  privacyUrl: 'http://localhost/privacy',
});

function renderRegister() {
  return renderRoutes(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '*', element: <div>landed</div> },
    ],
    '/register',
  );
}

async function fillForm(user: ReturnType<typeof userEvent.setup>, confirmation = 'secret1') {
  await user.type(screen.getByLabelText('用户名'), '小美_01');
  await user.type(screen.getByLabelText('邮箱'), 'mei@example.com');
  await user.type(screen.getByLabelText('密码'), 'secret1');
  await user.type(screen.getByLabelText('确认密码'), confirmation);
  await user.type(screen.getByLabelText('验证码'), 'ab12');
  await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
}

const registerCalls = (calls: { path: string }[]) => calls.filter((call) => call.path === '/api/v1/user/register');

describe('RegisterPage', () => {
  it('shows each rule and sends nothing while the form is empty', async () => {
    const calls = fakeApi({ '/api/v1/user/captcha': [captcha(1)] });
    const user = userEvent.setup();
    renderRegister();
    await user.click(screen.getByRole('button', { name: /注\s*册/ }));

    for (const text of [
      '请输入用户名',
      '请输入你的邮箱',
      '请输入密码',
      '请再次输入密码',
      '请输入验证码',
      '请阅读并同意用户协议和隐私政策',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(registerCalls(calls)).toHaveLength(0);
  });

  it('links the agreement and the privacy policy in new tabs and needs the box ticked', async () => {
    const calls = fakeApi({ '/api/v1/user/captcha': [captcha(1)] });
    const user = userEvent.setup();
    renderRegister();
    expect(screen.getByRole('checkbox', { name: '我已阅读并同意《用户协议》和《隐私政策》' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: '《用户协议》' })).toHaveAttribute('href', '/agreement');
    expect(screen.getByRole('link', { name: '《隐私政策》' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: '《隐私政策》' })).toHaveAttribute('target', '_blank');
    await fillForm(user);
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(screen.getByRole('button', { name: /注\s*册/ }));
    expect(await screen.findByText('请阅读并同意用户协议和隐私政策')).toBeInTheDocument();
    expect(registerCalls(calls)).toHaveLength(0);
  });

  it('refuses a confirmation that differs', async () => {
    const calls = fakeApi({ '/api/v1/user/captcha': [captcha(1)] });
    const user = userEvent.setup();
    renderRegister();
    await fillForm(user, 'secret2');
    await user.click(screen.getByRole('button', { name: /注\s*册/ }));

    expect(await screen.findByText('两次输入密码不一致!')).toBeInTheDocument();
    expect(registerCalls(calls)).toHaveLength(0);
  });

  it('shows a taken name and fetches a new captcha', async () => {
    const calls = fakeApi({
      '/api/v1/user/captcha': [captcha(1), captcha(2)],
      '/api/v1/site/config': [siteConfig],
      '/api/v1/user/register': [fail(409, 409, '用户名已存在')],
    });
    const user = userEvent.setup();
    renderRegister();
    await waitFor(() => expect(screen.getByRole('img', { name: '验证码' })).toBeInTheDocument());
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: /注\s*册/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent('用户名已存在');
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '验证码' })).toHaveAttribute('src', 'data:image/png;base64,IMAGE2'),
    );
    expect(calls.filter((call) => call.path === '/api/v1/user/captcha')).toHaveLength(2);
  });

  it('registers with the terms version the site publishes and signs the member in', async () => {
    const calls = fakeApi({
      '/api/v1/user/captcha': [captcha(1)],
      '/api/v1/site/config': [siteConfig],
      '/api/v1/user/register': [
        ok({
          accessToken: 'new-token',
          accessExpire: Math.floor(Date.now() / 1000) + 3600,
          uuid: 'u9',
          username: '小美_01',
          nickname: '小美_01',
          avatar: '',
          sysRole: 'user',
          orgs: [],
        }),
      ],
    });
    const user = userEvent.setup();
    renderRegister();
    await waitFor(() => expect(screen.getByRole('img', { name: '验证码' })).toBeInTheDocument());
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: /注\s*册/ }));

    await screen.findByText('landed');
    expect(registerCalls(calls)[0]).toMatchObject({
      body: {
        username: '小美_01',
        email: 'mei@example.com',
        password: 'secret1',
        captcha: 'ab12',
        captchaId: 'captcha-1',
        agreedTermsVersion: '2027-03-01',
      },
    });
    expect(currentSession()?.user.uuid).toBe('u9');
  });

  it('sends nothing while the site cannot say which terms are current', async () => {
    const calls = fakeApi({
      '/api/v1/user/captcha': [captcha(1), captcha(2)],
      '/api/v1/site/config': 'network-failure',
    });
    const user = userEvent.setup();
    renderRegister();
    await waitFor(() => expect(screen.getByRole('img', { name: '验证码' })).toBeInTheDocument());
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: /注\s*册/ }));

    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(registerCalls(calls)).toHaveLength(0);
  });
});
