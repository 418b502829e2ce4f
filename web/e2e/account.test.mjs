// Account journeys (issue 12): consent at registration, the account page's password, email and
// phone cards, recovering a forgotten password through a code mailed to the fake SMTP server, and
// the member's data rights (photo protection, export, deletion).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { CAPTCHA_BYPASS } from './server.mjs';
import { PASSWORD, startJourney } from './journey.mjs';

const { url, api, logIn, apiLogin, newPage, createUser, codeSentTo } = startJourney({ mail: true });

const tokenIn = (page) => page.evaluate(() => localStorage.getItem('jwt_token'));

describe('account journeys', () => {
  test('register with consent, then change the password on /user/account and stay signed in', async () => {
    const page = await newPage();
    await page.goto(url('/register'));
    await page.getByRole('img', { name: '验证码' }).waitFor();
    assert.equal(await page.getByRole('link', { name: '《用户协议》' }).getAttribute('href'), '/agreement');
    assert.equal(await page.getByRole('link', { name: '《隐私政策》' }).getAttribute('href'), '/privacy');
    await page.getByLabel('用户名').fill('consenter');
    await page.getByLabel('邮箱').fill('consenter@example.com');
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByLabel('确认密码').fill(PASSWORD);
    await page.getByRole('textbox', { name: '验证码', exact: true }).fill(CAPTCHA_BYPASS);
    const submit = page.getByRole('button', { name: /注\s*册/ }).last();
    await submit.click();
    await page.getByText('请阅读并同意用户协议和隐私政策').waitFor();
    await page.getByRole('checkbox', { name: '我已阅读并同意《用户协议》和《隐私政策》' }).check();
    await submit.click();
    await page.waitForURL(url('/'));

    const registered = await api('/api/v1/user/account/get', {}, await tokenIn(page));
    assert.equal(registered.data.termsVersion, '2026-12-07');
    assert.ok(registered.data.termsAcceptedAt > 0);

    const otherDevice = await apiLogin('consenter');
    await page.goto(url('/user/account'));
    await page.getByText('consenter@example.com').waitFor();
    await page.getByText('未验证').waitFor();
    await page.getByRole('button', { name: '修改密码' }).click();
    await page.getByText('请输入当前密码').waitFor();
    await page.getByLabel('当前密码').fill(PASSWORD);
    await page.getByLabel('新密码', { exact: true }).fill('changed-456');
    await page.getByLabel('确认新密码').fill('changed-456');
    await page.getByRole('button', { name: '修改密码' }).click();
    await page.getByText('密码已修改').waitFor();

    assert.equal((await api('/api/v1/user/keeplogin', {}, otherDevice)).code, 401, 'the other device is signed out');
    await page.reload();
    await page.getByText('consenter@example.com').waitFor();
    assert.equal(new URL(page.url()).pathname, '/user/account', 'this session goes on with the fresh token');
    assert.equal((await api('/api/v1/user/keeplogin', {}, await tokenIn(page))).code, 200);
    await page.context().close();

    const again = await newPage();
    await logIn(again, 'consenter', { password: 'changed-456' });
    await again.waitForURL(url('/'));
    await again.context().close();
  });

  test('verify the email and save the phone, then recover a forgotten password by mail', async () => {
    createUser({ username: 'forgetful', password: PASSWORD });
    const page = await newPage();
    await logIn(page, 'forgetful', { href: '/user/account' });
    await page.waitForURL(url('/user/account'));
    await page.getByText('尚未填写邮箱').waitFor();

    await page.getByLabel('邮箱地址').fill('forgetful@example.com');
    await page.getByRole('button', { name: '发送验证码' }).click();
    await page.getByText('验证码已发送，请查收邮件').waitFor();
    await page.getByRole('button', { name: /秒后重新发送/ }).waitFor();
    await page.getByLabel('验证码').fill(await codeSentTo('forgetful@example.com', 1));
    await page.getByRole('button', { name: /^验\s*证$/ }).click();
    await page.getByText('邮箱验证成功').waitFor();
    await page.getByText('已验证', { exact: true }).waitFor();

    await page.getByRole('button', { name: /编\s*辑/ }).click();
    await page.getByLabel('手机号码').fill('1380013800');
    // The phone form's own button: the 择偶偏好 card saves too.
    const savePhone = page
      .locator('form')
      .filter({ has: page.getByLabel('手机号码') })
      .getByRole('button', { name: /保\s*存/ });
    await savePhone.click();
    await page.getByText('请输入有效的手机号码').waitFor();
    await page.getByLabel('手机号码').fill('13800138000');
    await savePhone.click();
    await page.getByText('保存成功').waitFor();
    await page.getByText('13800138000').waitFor();
    const oldToken = await tokenIn(page);
    await page.context().close();

    const visitor = await newPage();
    await visitor.goto(url('/login'));
    await visitor.getByRole('link', { name: '忘记密码' }).click();
    await visitor.waitForURL(url('/password/forgot'));
    await visitor.getByLabel('邮箱地址').fill('forgetful@example.com');
    await visitor.getByRole('button', { name: '发送验证码' }).click();
    await visitor.getByText(/验证码已发送/).waitFor();
    await visitor.getByLabel('验证码').fill(await codeSentTo('forgetful@example.com', 2));
    await visitor.getByLabel('新密码', { exact: true }).fill('recovered-789');
    await visitor.getByLabel('确认新密码').fill('recovered-789');
    await visitor.getByRole('button', { name: /重置密码/ }).click();
    await visitor.waitForURL(url('/login'));
    await visitor.getByText('密码已重置，请使用新密码登录').waitFor();
    assert.equal((await api('/api/v1/user/keeplogin', {}, oldToken)).code, 401, 'every session was signed out');

    await logIn(visitor, 'forgetful', { password: 'recovered-789' });
    await visitor.waitForURL(url('/'));
    await visitor.context().close();
  });

  test('protect the photos, export my data, then delete the account for good', async () => {
    createUser({ username: 'leaving', password: PASSWORD });
    const page = await newPage(undefined, { acceptDownloads: true });
    await logIn(page, 'leaving', { href: '/user/account' });
    await page.waitForURL(url('/user/account'));

    const protection = page.getByRole('switch', { name: '开启照片保护' });
    await protection.click();
    await page.getByText('照片保护已开启').waitFor();
    const token = await tokenIn(page);
    const mine = await api('/api/v1/user/myprofile/get', {}, token);
    assert.equal(mine.data.photoProtection, 1);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出我的数据' }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^xinqiao-leaving-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(await file.path(), 'utf8'));
    assert.equal(exported.sections.accounts.username, 'leaving');
    assert.equal(exported.sections.profile.profile.photoProtection, 1);

    await page.getByRole('button', { name: '注销账号' }).click();
    await page.getByLabel('登录密码').fill('not-my-password');
    await page.getByRole('button', { name: '永久注销' }).click();
    await page.getByText('当前密码错误').waitFor();
    await page.getByLabel('登录密码').fill(PASSWORD);
    await page.getByRole('button', { name: '永久注销' }).click();
    await page.getByText(/感谢你曾来到心桥/).waitFor();
    assert.equal(await tokenIn(page), null, 'this device forgot the session');
    await page.getByRole('button', { name: /知\s*道\s*了/ }).click();
    await page.waitForURL(url('/'));
    assert.equal((await api('/api/v1/user/keeplogin', {}, token)).code, 401);

    await logIn(page, 'leaving');
    await page.getByText(/用户名或密码错误/).waitFor();
    await page.context().close();
  });
});
