import { describe, expect, it, vi } from 'vitest';
import { getCaptcha, keepLogin, loginUser } from '../api/generated/sdk.gen';
import { fail, fakeApi, ok } from '../test/render';
import { unwrap, unwrapMessage } from './api';
import { ApiError } from './apiError';
import { currentSession, startSession } from './session';

const signIn = () =>
  startSession({
    accessToken: 'secret-token',
    accessExpire: Math.floor(Date.now() / 1000) + 3600,
    uuid: 'u1',
    username: 'mei',
    nickname: '小美',
    sysRole: 'user',
  });

describe('api client', () => {
  it('unwraps the envelope of a successful answer', async () => {
    fakeApi({ '/api/v1/user/captcha': [ok({ captchaId: 'c1', imageBase64: 'data:image/png;base64,AA' })] });
    await expect(unwrap(getCaptcha({ throwOnError: true }))).resolves.toEqual({
      captchaId: 'c1',
      imageBase64: 'data:image/png;base64,AA',
    });
  });

  it('answers the message of a call whose answer is its message, and fails like unwrap', async () => {
    fakeApi({ '/api/v1/user/captcha': [{ body: { code: 200, message: '举报已提交，我们会尽快处理', data: {} } }] });
    await expect(unwrapMessage(getCaptcha({ throwOnError: true }))).resolves.toBe('举报已提交，我们会尽快处理');
    fakeApi({ '/api/v1/user/captcha': [fail(409, 409, '你已经举报过该内容')] });
    await expect(unwrapMessage(getCaptcha({ throwOnError: true }))).rejects.toMatchObject({
      code: 409,
      message: '你已经举报过该内容',
    });
  });

  it('turns a 400 carrying code 431 into an ApiError with the envelope code and message', async () => {
    fakeApi({ '/api/v1/user/login': [fail(400, 431, '验证码错误')] });
    const error = await unwrap(
      loginUser({ body: { username: 'a', password: 'b', captcha: 'c', captchaId: 'd' }, throwOnError: true }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 431, message: '验证码错误', isNetworkFailure: false });
  });

  it('carries Retry-After in seconds on the ApiError', async () => {
    fakeApi({
      '/api/v1/user/login': [{ ...fail(503, 503, '服务繁忙，请稍后再试'), headers: { 'Retry-After': '3' } }],
    });
    const error = await unwrap(
      loginUser({ body: { username: 'a', password: 'b', captcha: 'c', captchaId: 'd' }, throwOnError: true }),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 503, message: '服务繁忙，请稍后再试', retryAfterSeconds: 3 });
    fakeApi({ '/api/v1/user/login': [fail(401, 401, '用户名或密码错误')] });
    const plain = await unwrap(
      loginUser({ body: { username: 'a', password: 'b', captcha: 'c', captchaId: 'd' }, throwOnError: true }),
    ).catch((e: unknown) => e);
    expect(plain).toMatchObject({ code: 401, retryAfterSeconds: null });
  });

  it('reports an unreachable server as a network failure', async () => {
    fakeApi({ '/api/v1/user/captcha': 'network-failure' });
    const error = await unwrap(getCaptcha({ throwOnError: true })).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: null, isNetworkFailure: true });
  });

  it('sends the bearer token only while signed in', async () => {
    const calls = fakeApi({ '/api/v1/user/captcha': [ok({ captchaId: 'c', imageBase64: '' })] });
    await getCaptcha({ throwOnError: true });
    signIn();
    await getCaptcha({ throwOnError: true });
    expect(calls.map((call) => call.authorization)).toEqual([null, 'Bearer secret-token']);
  });

  it('ends the session when the server rejects the token it was sent', async () => {
    fakeApi({ '/api/v1/user/keeplogin': [fail(401, 401, '登录已过期')] });
    signIn();
    await expect(unwrap(keepLogin({ body: {}, throwOnError: true }))).rejects.toMatchObject({ code: 401 });
    expect(currentSession()).toBeNull();
  });

  it('gives a wrong-password 401 to the caller with the server message', async () => {
    const spy = vi.fn();
    fakeApi({ '/api/v1/user/login': [fail(401, 401, '用户名或密码错误')] });
    await loginUser({ body: { username: 'a', password: 'b', captcha: 'c', captchaId: 'd' }, throwOnError: true }).catch(
      spy,
    );
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ code: 401, message: '用户名或密码错误' }));
  });
});
