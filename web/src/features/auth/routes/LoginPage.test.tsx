import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentSession } from '../../../lib/session';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import LoginPage from './LoginPage';

const captcha = (n: number) => ok({ captchaId: `captcha-${n}`, imageBase64: `data:image/png;base64,IMAGE${n}` });
const granted = ok({
  accessToken: 'token-1',
  accessExpire: Math.floor(Date.now() / 1000) + 3600,
  uuid: 'u1',
  username: 'mei',
  nickname: '小美',
  avatar: '',
  sysRole: 'user',
  orgs: [],
});

function renderLogin(path = '/login') {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <div>landed</div> },
    ],
    path,
  );
}

const captchaImage = () => screen.getByRole('img', { name: '验证码' });

async function fillIn(
  user: ReturnType<typeof userEvent.setup>,
  fields: { username?: string; password?: string; captcha?: string },
) {
  if (fields.username) await user.type(screen.getByLabelText('用户名'), fields.username);
  if (fields.password) await user.type(screen.getByLabelText('密码'), fields.password);
  if (fields.captcha) await user.type(screen.getByLabelText('验证码'), fields.captcha);
}

describe('LoginPage', () => {
  it('asks for every field with 请填写完整信息 and sends nothing', async () => {
    const calls = fakeApi({
      '/api/v1/user/captcha': [captcha(1)],
      '/api/v1/site/config': [ok({ filingNumber: '', wechatOpenLogin: false, wechatOfficialLogin: false })],
    });
    const user = userEvent.setup();
    renderLogin();
    await waitFor(() => expect(captchaImage()).toHaveAttribute('src', 'data:image/png;base64,IMAGE1'));

    await fillIn(user, { username: 'mei', password: 'secret1' });
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent('请填写完整信息');
    expect(calls.some((call) => call.path === '/api/v1/user/login')).toBe(false);
  });

  it('moves focus with Enter and submits with Enter in the captcha field', async () => {
    const calls = fakeApi({ '/api/v1/user/captcha': [captcha(1)], '/api/v1/user/login': [granted] });
    const user = userEvent.setup();
    renderLogin();
    await waitFor(() => expect(captchaImage()).toHaveAttribute('src', 'data:image/png;base64,IMAGE1'));

    await user.type(screen.getByLabelText('用户名'), 'mei{Enter}');
    expect(screen.getByLabelText('密码')).toHaveFocus();
    await user.keyboard('secret1{Enter}');
    expect(screen.getByLabelText('验证码')).toHaveFocus();
    expect(calls.some((call) => call.path === '/api/v1/user/login')).toBe(false);
    await user.keyboard('ab12{Enter}');

    await screen.findByText('landed');
    expect(calls.find((call) => call.path === '/api/v1/user/login')?.body).toEqual({
      username: 'mei',
      password: 'secret1',
      captcha: 'ab12',
      captchaId: 'captcha-1',
    });
  });

  it('shows the server message on 431 and fetches a new captcha', async () => {
    const calls = fakeApi({
      '/api/v1/user/captcha': [captcha(1), captcha(2)],
      '/api/v1/user/login': [fail(400, 431, '验证码错误或已过期')],
    });
    const user = userEvent.setup();
    renderLogin();
    await waitFor(() => expect(captchaImage()).toHaveAttribute('src', 'data:image/png;base64,IMAGE1'));

    await fillIn(user, { username: 'mei', password: 'secret1', captcha: 'wrong{Enter}' });

    expect(await screen.findByRole('alert')).toHaveTextContent('验证码错误或已过期');
    await waitFor(() => expect(captchaImage()).toHaveAttribute('src', 'data:image/png;base64,IMAGE2'));
    expect(screen.getByLabelText('验证码')).toHaveValue('');
    expect(calls.filter((call) => call.path === '/api/v1/user/captcha')).toHaveLength(2);
    expect(currentSession()).toBeNull();
  });

  it('falls back to 登录失败 when the server cannot be reached, and fetches a new captcha', async () => {
    const calls = fakeApi({
      '/api/v1/user/captcha': [captcha(1), captcha(2)],
      '/api/v1/user/login': 'network-failure',
    });
    const user = userEvent.setup();
    renderLogin();
    await waitFor(() => expect(captchaImage()).toHaveAttribute('src', 'data:image/png;base64,IMAGE1'));

    await fillIn(user, { username: 'mei', password: 'secret1', captcha: 'ab12{Enter}' });

    expect(await screen.findByRole('alert')).toHaveTextContent('登录失败');
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/v1/user/captcha')).toHaveLength(2));
  });

  it('on 503 shows 服务繁忙，请稍后再试 with a countdown and sends the same sign-in again after Retry-After', async () => {
    const busy = { ...fail(503, 503, '服务繁忙，请稍后再试'), headers: { 'Retry-After': '2' } };
    const calls = fakeApi({ '/api/v1/user/captcha': [captcha(1)], '/api/v1/user/login': [busy, granted] });
    const user = userEvent.setup();
    renderLogin();
    await waitFor(() => expect(captchaImage()).toHaveAttribute('src', 'data:image/png;base64,IMAGE1'));

    await fillIn(user, { username: 'mei', password: 'secret1', captcha: 'ab12{Enter}' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('服务繁忙，请稍后再试');
    expect(alert).toHaveTextContent('2 秒后自动重试');
    // Generous waits: a loaded CI machine runs the page's one-second ticks late.
    expect(await screen.findByText('1 秒后自动重试', undefined, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByLabelText('验证码')).toHaveValue('ab12');
    await screen.findByText('landed', undefined, { timeout: 8000 });

    const logins = calls.filter((call) => call.path === '/api/v1/user/login');
    expect(logins).toHaveLength(2);
    expect(logins[1].body).toEqual(logins[0].body);
    expect(calls.filter((call) => call.path === '/api/v1/user/captcha')).toHaveLength(1);
    expect(currentSession()?.token).toBe('token-1');
  });

  it('fetches a new captcha when the image is clicked', async () => {
    fakeApi({ '/api/v1/user/captcha': [captcha(1), captcha(2)] });
    renderLogin();
    await waitFor(() => expect(captchaImage()).toHaveAttribute('src', 'data:image/png;base64,IMAGE1'));
    fireEvent.click(screen.getByRole('button', { name: '验证码图片，点击刷新' }));
    await waitFor(() => expect(captchaImage()).toHaveAttribute('src', 'data:image/png;base64,IMAGE2'));
  });

  it('signs in, says 登录成功 and returns to the href target', async () => {
    fakeApi({ '/api/v1/user/captcha': [captcha(1)], '/api/v1/user/login': [granted] });
    const user = userEvent.setup();
    const { router } = renderLogin('/login?href=%2Fuser%2Faccount');
    await waitFor(() => expect(captchaImage()).toHaveAttribute('src', 'data:image/png;base64,IMAGE1'));

    await fillIn(user, { username: 'mei', password: 'secret1', captcha: 'ab12{Enter}' });

    expect(await screen.findByText('登录成功')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/account'));
    expect(currentSession()?.token).toBe('token-1');
  });

  it('goes home instead of to another site named in href', async () => {
    fakeApi({ '/api/v1/user/captcha': [captcha(1)], '/api/v1/user/login': [granted] });
    const user = userEvent.setup();
    const { router } = renderLogin('/login?href=%2F%2Fevil.example%2F');
    await waitFor(() => expect(captchaImage()).toHaveAttribute('src', 'data:image/png;base64,IMAGE1'));

    await fillIn(user, { username: 'mei', password: 'secret1', captcha: 'ab12{Enter}' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('links the agreement and privacy policy, and 忘记密码 only when mail is configured', async () => {
    const config = (passwordRecovery: boolean) =>
      ok({ filingNumber: '', wechatOpenLogin: false, wechatOfficialLogin: false, passwordRecovery });
    fakeApi({ '/api/v1/user/captcha': [captcha(1)], '/api/v1/site/config': [config(true)] });
    const first = renderLogin();
    expect(await screen.findByRole('link', { name: '忘记密码' })).toHaveAttribute('href', '/password/forgot');
    expect(screen.getByRole('link', { name: '《用户协议》' })).toHaveAttribute('href', '/agreement');
    expect(screen.getByRole('link', { name: '《隐私政策》' })).toHaveAttribute('href', '/privacy');
    first.unmount();

    fakeApi({ '/api/v1/user/captcha': [captcha(1)], '/api/v1/site/config': [config(false)] });
    renderLogin();
    await waitFor(() => expect(captchaImage()).toHaveAttribute('src', 'data:image/png;base64,IMAGE1'));
    expect(screen.getByRole('link', { name: '《用户协议》' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '忘记密码' })).toBeNull();
  });
});
