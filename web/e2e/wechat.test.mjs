// WeChat sign-in journeys against the real server and the fake WeChat (spec 1 sections 2, 4, 5,
// 8; spec 3 guard): the in-app browser's official-account flow, the QR-code flow, a callback
// without a code, and binding WeChat to an account with a password.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE } from './browser.mjs';
import { PASSWORD, startJourney } from './journey.mjs';

const { url, logIn, newPage, createUser, actAsOnWechat } = startJourney({ wechat: true });

const WECHAT_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Mobile/15E148 MicroMessenger/8.0.49(0x18003129) NetType/WIFI Language/zh_CN';

const pathOf = (page) => {
  const { pathname, search } = new URL(page.url());
  return pathname + search;
};
const storedToken = (page) => page.evaluate(() => localStorage.getItem('jwt_token'));

describe('WeChat sign-in journeys', () => {
  test('inside WeChat, a guarded page goes through the official account and opens signed in', async () => {
    await actAsOnWechat('in_app_member');
    const page = await newPage(PHONE, { userAgent: WECHAT_USER_AGENT });
    // Every page load of the tab, redirects included (they never become a committed page).
    const visited = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) visited.push(new URL(request.url()));
    });

    await page.goto(url('/user/account?from=menu'));
    await page.waitForURL((current) => current.pathname === '/user/account' && current.search === '?from=menu', {
      timeout: 15_000,
    });
    await page.getByText('已绑定微信「微信·in_app_member」').waitFor();
    assert.ok(await storedToken(page), 'the session is stored');

    const paths = visited.map((address) => address.pathname);
    assert.ok(paths.includes('/officialcallback'), `went through the callback page: ${paths.join(' → ')}`);
    const login = visited.find((address) => address.pathname === '/api/v1/wechat/official/login');
    assert.equal(login?.searchParams.get('href'), '/user/account?from=menu', 'the full path travels as href');
    await page.context().close();
  });

  test('the QR-code link on /login signs in through /wechatcallback and returns to href', async () => {
    await actAsOnWechat('qr_member');
    const page = await newPage();
    await page.goto(url('/login?href=%2Fmoment'));
    await page.getByRole('link', { name: /微信扫码登录/ }).click();
    await page.waitForURL((current) => current.pathname === '/wechatcallback');
    await page.getByText('登录成功').waitFor();
    await page.waitForURL(url('/moment'));
    assert.ok(await storedToken(page));
    await page.getByRole('button', { name: /微信·qr_member/ }).waitFor();
    await page.context().close();
  });

  test('a callback without a code fails with No authorization code received and leads back to login', async () => {
    const page = await newPage();
    await page.goto(url('/wechatcallback?state=whatever'));
    await page.getByText('登录失败').waitFor();
    await page.getByText('No authorization code received').waitFor();
    await page.getByRole('button', { name: '返回登录' }).click();
    await page.waitForURL((current) => current.pathname === '/login');
    assert.equal(await storedToken(page), null);
    await page.context().close();
  });

  test('a member with a password binds WeChat from /user/account, then unbinds it', async () => {
    createUser({ username: 'binder', password: PASSWORD });
    await actAsOnWechat('binder_wechat');
    const page = await newPage();
    await logIn(page, 'binder', { href: '/user/account' });
    await page.waitForURL(url('/user/account'));

    await page.getByRole('button', { name: /绑定微信/ }).click();
    await page.waitForURL((current) => current.pathname === '/wechatcallback');
    await page.waitForURL(url('/user/account'));
    await page.getByText('已绑定微信「微信·binder_wechat」').waitFor();

    await page.getByRole('button', { name: /解\s*绑/ }).click();
    await page.getByLabel('登录密码').fill(PASSWORD);
    await page.getByRole('button', { name: '确认解绑' }).click();
    await page.getByText('尚未绑定微信').waitFor();
    assert.equal(pathOf(page), '/user/account');
    await page.context().close();
  });
});
