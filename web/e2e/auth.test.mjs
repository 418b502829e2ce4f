// Sign-in journeys against the real server and the built web app (spec 1 sections 2, 4, 8; spec 3 guard).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE } from './browser.mjs';
import { CAPTCHA_BYPASS } from './server.mjs';
import { PASSWORD, startJourney } from './journey.mjs';

const { url, logIn, newPage, createUser } = startJourney();
const pathOf = (page) => {
  const { pathname, search } = new URL(page.url());
  return pathname + search;
};
const captchaSrc = (page) => page.getByRole('img', { name: '验证码' }).getAttribute('src');

async function waitForCaptcha(page) {
  await page.getByRole('img', { name: '验证码' }).waitFor();
  return captchaSrc(page);
}

describe('sign-in journeys', () => {
  test('register, open a guarded page, sign out, and sign back in with the captcha', async () => {
    const page = await newPage();
    await page.goto(url('/register'));
    await waitForCaptcha(page);
    await page.getByLabel('用户名').fill('xiaomei');
    await page.getByLabel('邮箱').fill('xiaomei@example.com');
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByLabel('确认密码').fill(PASSWORD);
    await page.getByRole('textbox', { name: '验证码', exact: true }).fill(CAPTCHA_BYPASS);
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page
      .getByRole('button', { name: /注\s*册/ })
      .last()
      .click();

    await page.waitForURL(url('/'));
    await page.getByText('欢迎回来').waitFor();

    await page.goto(url('/user/account'));
    await page.getByText('尚未绑定微信').waitFor();
    await page.getByText('本站暂未开启微信登录。').waitFor();

    await page.getByRole('button', { name: /xiaomei/ }).click();
    await page.getByText('退出登录').click();
    await page.waitForURL(url('/login'));

    await page.goto(url('/user/account'));
    await page.waitForURL((current) => current.pathname === '/login');
    assert.equal(pathOf(page), '/login?href=%2Fuser%2Faccount');

    // The answer is only worth typing once the captcha it answers has arrived.
    await waitForCaptcha(page);
    await page.getByLabel('用户名').fill('xiaomei');
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: '验证码', exact: true }).fill(CAPTCHA_BYPASS);
    await page.getByRole('textbox', { name: '验证码', exact: true }).press('Enter');
    await page.getByText('登录成功').waitFor();
    await page.waitForURL(url('/user/account'));
    await page.getByText('尚未绑定微信').waitFor();
    await page.context().close();
  });

  test('a wrong captcha shows the error and a new captcha image', async () => {
    createUser({ username: 'wrongcaptcha', password: PASSWORD });
    const page = await newPage();
    await page.goto(url('/login'));
    const firstSrc = await waitForCaptcha(page);

    await page.getByLabel('用户名').fill('wrongcaptcha');
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: '验证码', exact: true }).fill('not-the-answer');
    await page.getByRole('textbox', { name: '验证码', exact: true }).press('Enter');

    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.notEqual((await alert.innerText()).trim(), '');
    await page.waitForFunction(
      (previous) => document.querySelector('img[alt="验证码"]')?.getAttribute('src') !== previous,
      firstSrc,
    );
    assert.equal(pathOf(page), '/login');
    await page.context().close();
  });

  test('an empty field asks for everything without calling the server', async () => {
    const page = await newPage(PHONE);
    await page.goto(url('/login'));
    await waitForCaptcha(page);
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/user/login')) loginCalls += 1;
    });
    await page.getByLabel('用户名').fill('someone');
    await page
      .getByRole('button', { name: /^登\s*录$/ })
      .last()
      .click();
    await page.getByText('请填写完整信息').waitFor();
    assert.equal(loginCalls, 0);
    await page.context().close();
  });

  test('an expired session sends a guarded page to /login with href', async () => {
    createUser({ username: 'expiring', password: PASSWORD });
    const page = await newPage();
    await logIn(page, 'expiring');
    await page.waitForURL(url('/'));

    await page.evaluate(() => localStorage.setItem('expire_time', String(Date.now() - 1000)));
    await page.goto(url('/user/account'));
    await page.waitForURL((current) => current.pathname === '/login');
    assert.equal(pathOf(page), '/login?href=%2Fuser%2Faccount');
    assert.equal(await page.evaluate(() => localStorage.getItem('jwt_token')), null);
    await page.context().close();
  });

  test('admin pages admit admins and turn members away', async () => {
    createUser({ username: 'boss', password: PASSWORD, role: 'admin' });
    createUser({ username: 'member', password: PASSWORD });

    const admin = await newPage();
    await logIn(admin, 'boss', { href: '/admin/users' });
    await admin.waitForURL(url('/admin/users'));
    await admin.getByText('用户管理').first().waitFor();
    await admin.getByPlaceholder('按用户名搜索').waitFor();
    await admin.context().close();

    const member = await newPage();
    await logIn(member, 'member');
    await member.waitForURL(url('/'));
    await member.goto(url('/admin/users'));
    await member.getByText('需要管理员权限').waitFor();
    assert.equal(new URL(member.url()).pathname, '/admin/users', 'a member is told, not sent to sign in');
    await member.context().close();
  });
});
