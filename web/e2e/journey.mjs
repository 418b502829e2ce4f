// What every journey file needs: its own server on a fresh database, one browser, a scratch
// folder for files it makes, all started before its tests and stopped after them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { DESKTOP, launchBrowser } from './browser.mjs';
import { startFakeModel } from './fakeModel.mjs';
import { startFakeSmtp } from './fakeSmtp.mjs';
import { startFakeWechat } from './fakeWechat.mjs';
import assert from 'node:assert/strict';
import { CAPTCHA_BYPASS, startServer } from './server.mjs';

export const PASSWORD = 'secret-123';
/** What every demo member signs in with (crates/accounts demo.rs). */
export const DEMO_PASSWORD = 'xinqiao123';

/**
 * `wechat: true` also starts the fake WeChat and configures both WeChat logins against it;
 * `mail: true` starts the fake SMTP server and sends the server's mail there;
 * `model: true` starts the fake model server and points the AI chat at it;
 * `demo: true` starts the server on the demo content (its members sign in with DEMO_PASSWORD).
 */
export function startJourney({ wechat = false, mail = false, model = false, demo = false } = {}) {
  let server;
  let browser;
  let scratch;
  let fakeWechat;
  let fakeSmtp;
  let fakeModel;

  before(async () => {
    if (wechat) fakeWechat = await startFakeWechat();
    if (mail) fakeSmtp = await startFakeSmtp();
    if (model) fakeModel = await startFakeModel();
    server = await startServer({ ...fakeWechat?.serverEnv, ...fakeSmtp?.serverEnv, ...fakeModel?.serverEnv }, { demo });
    browser = await launchBrowser();
    scratch = await mkdtemp(path.join(tmpdir(), 'xinqiao-e2e-'));
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    fakeWechat?.stop();
    fakeSmtp?.stop();
    fakeModel?.stop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  const url = (p) => `${server.baseUrl}${p}`;

  /** A JSON call to the server (POST when there is a body), answering the envelope. */
  async function api(p, body, token) {
    const send = () =>
      fetch(url(p), {
        method: body ? 'POST' : 'GET',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    let response;
    try {
      response = await send();
    } catch (error) {
      // A kept-alive connection the server closed while a long synchronous setup (seeding the
      // demo) held the event loop fails before the request is sent: send it once more.
      const code = error?.cause?.code;
      if (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET') throw error;
      response = await send();
    }
    return response.json();
  }

  /** `POST /moment/create` of a public text moment as `token` (`fields` override); the envelope. */
  const createMoment = (token, content, fields = {}) =>
    api(
      '/api/v1/moment/create',
      {
        content,
        images: [],
        visibility: 'public',
        isTopic: 0,
        friendShow: 0,
        topicId: 0,
        province: '',
        city: '',
        region: '',
        landmark: '',
        longitude: null,
        latitude: null,
        ...fields,
      },
      token,
    );

  return {
    url,
    api,
    createMoment,
    /** Fills in and submits the login form (Enter in the captcha field); does not wait for the result. */
    async logIn(page, username, { password = PASSWORD, captcha = CAPTCHA_BYPASS, href } = {}) {
      await page.goto(url(href ? `/login?href=${encodeURIComponent(href)}` : '/login'));
      await page.getByRole('img', { name: '验证码' }).waitFor();
      await page.getByLabel('用户名').fill(username);
      await page.getByLabel('密码', { exact: true }).fill(password);
      await page.getByRole('textbox', { name: '验证码', exact: true }).fill(captcha);
      await page.getByRole('textbox', { name: '验证码', exact: true }).press('Enter');
    },
    /** Signs in through the API; answers the access token. */
    async apiLogin(username, password = PASSWORD) {
      const { data: captcha } = await api('/api/v1/user/captcha');
      const login = await api('/api/v1/user/login', {
        username,
        password,
        captcha: CAPTCHA_BYPASS,
        captchaId: captcha.captchaId,
      });
      assert.equal(login.code, 200, login.message);
      return login.data.accessToken;
    },
    newPage: async (viewport = DESKTOP, options = {}) => {
      const context = await browser.newContext({ viewport, locale: 'zh-CN', ...options });
      return context.newPage();
    },
    createUser: (user) => server.createUser(user),
    /** With `wechat: true`: who confirms on the fake WeChat from now on. */
    actAsOnWechat: (person) => fakeWechat.actAs(person),
    /** With `mail: true`: the code in the `count`th message to `address`. */
    codeSentTo: (address, count) => fakeSmtp.codeSentTo(address, count),
    /** A path in the journey's scratch folder. */
    scratchFile: (name) => path.join(scratch, name),
  };
}
