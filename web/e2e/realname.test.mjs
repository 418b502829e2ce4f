// Real-name verification against the real server with the demo content (spec 3 sections 2-5, 7
// and 8): demo member ahao fills the form, uploads both sides of the card, submits, lands on /my,
// and finds the page under review with his data filled in; xiaomei (passed) sees her masked
// number and her 已实名 tag on her profile; linlin, rejected by an admin, sees the reason and can
// send again; dawei's search for verified members finds cards tagged 已实名. XINQIAO_SHOTS_DIR=<dir> also keeps screenshots at desktop and phone width.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { shootBothWidths } from './browser.mjs';
import { CAPTCHA_BYPASS } from './server.mjs';
import { DEMO_PASSWORD, startJourney } from './journey.mjs';

const { url, api, apiLogin, logIn, newPage, scratchFile } = startJourney({ demo: true });

const PAGE = '/real-name-verification';
const NUMBER = '11010519491231002X';

/**
 * Two real PNGs shaped like an identity card (85.6 × 54), painted by the browser and marked as
 * samples: a portrait side and an emblem side.
 */
async function paintCards() {
  const page = await newPage({ width: 428, height: 270 });
  const sides = [
    [
      'front.png',
      `<div style="position:absolute;right:28px;top:40px;width:110px;height:140px;border-radius:8px;background:#cfd8dc"></div>
       <div style="position:absolute;left:28px;top:48px;width:200px;height:14px;border-radius:7px;background:#b0bec5"></div>
       <div style="position:absolute;left:28px;top:84px;width:160px;height:14px;border-radius:7px;background:#b0bec5"></div>
       <div style="position:absolute;left:28px;top:120px;width:220px;height:14px;border-radius:7px;background:#b0bec5"></div>
       <div style="position:absolute;left:28px;bottom:36px;width:300px;height:18px;border-radius:9px;background:#90a4ae"></div>`,
    ],
    [
      'back.png',
      `<div style="position:absolute;left:32px;top:32px;width:84px;height:84px;border-radius:50%;background:#ef9a9a"></div>
       <div style="position:absolute;left:140px;top:48px;width:240px;height:22px;border-radius:11px;background:#b0bec5"></div>
       <div style="position:absolute;left:140px;top:86px;width:200px;height:22px;border-radius:11px;background:#b0bec5"></div>
       <div style="position:absolute;left:100px;bottom:64px;width:280px;height:14px;border-radius:7px;background:#b0bec5"></div>
       <div style="position:absolute;left:100px;bottom:36px;width:240px;height:14px;border-radius:7px;background:#b0bec5"></div>`,
    ],
  ];
  const files = [];
  for (const [name, body] of sides) {
    await page.setContent(
      `<body style="margin:0;width:428px;height:270px;position:relative;overflow:hidden;
         background:linear-gradient(135deg,#e3f2fd,#fce4ec);font-family:sans-serif">${body}
         <span style="position:absolute;right:14px;bottom:8px;color:#78909c;font-size:14px">SAMPLE</span></body>`,
    );
    const file = scratchFile(name);
    await writeFile(file, await page.screenshot({ type: 'png' }));
    files.push(file);
  }
  await page.context().close();
  return files;
}

/** A demo member's uuid (the login answers it). */
async function uuidOf(username) {
  const { data: captcha } = await api('/api/v1/user/captcha');
  const login = await api('/api/v1/user/login', {
    username,
    password: DEMO_PASSWORD,
    captcha: CAPTCHA_BYPASS,
    captchaId: captcha.captchaId,
  });
  assert.equal(login.code, 200, login.message);
  return login.data.uuid;
}

/** Both photos shown, each read through the token (a blob: URL), not a public path. */
async function photosShown(page) {
  for (const side of ['正面', '背面']) {
    const image = page.getByRole('img', { name: `已上传的身份证${side}照片` });
    await image.waitFor();
    assert.match(await image.getAttribute('src'), /^blob:/);
    await page.waitForFunction(
      (alt) => [...document.querySelectorAll(`img[alt="${alt}"]`)].some((img) => img.complete && img.naturalWidth > 0),
      `已上传的身份证${side}照片`,
    );
  }
}

/** Waits until every toast (登录成功, the prefill notice) has gone, so a screenshot shows the page alone. */
async function toastsGone(page) {
  await page.waitForFunction(() => document.querySelectorAll('.ant-message-notice').length === 0, null, {
    timeout: 10_000,
  });
}

describe('real-name journeys', () => {
  test('ahao submits name, number and both photos, lands on /my, and finds the page under review', async () => {
    const [front, back] = await paintCards();
    const page = await newPage();
    await logIn(page, 'ahao', { password: DEMO_PASSWORD, href: PAGE });
    await page.waitForURL(url(PAGE));
    await page.getByRole('heading', { name: '实名认证' }).waitFor();
    await page.getByText('身份证照片只有你本人和审核人员在审核期间可以查看，不会展示给其他会员。').waitFor();
    const submit = page.getByRole('button', { name: '提交认证' });
    assert.equal(await submit.isDisabled(), true);
    await toastsGone(page);
    await shootBothWidths(page, 'realname-empty');

    await page.getByLabel('真实姓名').fill('张三');
    await page.getByLabel('身份证号码').fill(NUMBER);
    await page.getByText('提交前还需：请上传身份证正面照片；请上传身份证背面照片').waitFor();
    await page.getByLabel('身份证正面照片').setInputFiles(front);
    await page.getByRole('img', { name: '已上传的身份证正面照片' }).waitFor();
    assert.equal(await submit.isDisabled(), true);
    await page.getByLabel('身份证背面照片').setInputFiles(back);
    await page.getByRole('img', { name: '已上传的身份证背面照片' }).waitFor();
    await page.waitForFunction(() => !document.querySelector('button[type="submit"]').disabled);
    await shootBothWidths(page, 'realname-filled');

    await submit.click();
    await page.getByText('实名认证提交成功，请等待审核').waitFor();
    await page.waitForURL(url('/my'));
    await page.getByRole('link', { name: '实名认证' }).first().waitFor();

    await page.goto(url(PAGE));
    await page.getByText('审核中', { exact: true }).waitFor();
    await page.getByText('检测到您已有实名认证数据，已自动填入').waitFor();
    assert.equal(await page.getByLabel('真实姓名').inputValue(), '张三');
    // The server answers the number masked; the whole number is never sent back.
    assert.equal(await page.getByLabel('身份证号码').inputValue(), '1101**********002X');
    assert.equal(await page.getByLabel('身份证号码').getAttribute('readonly'), '');
    assert.equal(await page.getByRole('button', { name: '提交认证' }).count(), 0);
    await photosShown(page);
    await toastsGone(page);
    await shootBothWidths(page, 'realname-review');

    const token = await apiLogin('ahao', DEMO_PASSWORD);
    const own = await api('/api/v1/idcard/verify/get', {}, token);
    assert.equal(own.data.audit_status, 1);
    assert.equal(own.data.name, '张三');
    await page.context().close();
  });

  test('xiaomei, verified, sees the masked number; her profile shows 已实名', async () => {
    const page = await newPage();
    await logIn(page, 'xiaomei', { password: DEMO_PASSWORD, href: PAGE });
    await page.waitForURL(url(PAGE));
    await page.getByRole('heading', { name: '已通过实名认证' }).waitFor();
    await page.getByText('3101**********2046').waitFor();
    assert.equal(await page.getByText('310115199505052046').count(), 0);
    assert.equal(await page.getByRole('textbox').count(), 0);
    await toastsGone(page);
    await shootBothWidths(page, 'realname-passed');

    await page.goto(url('/my'));
    await page.getByText('已实名认证').first().waitFor();
    await page.goto(url(`/profile/${await uuidOf('xiaomei')}`));
    await page.getByText('已实名', { exact: true }).waitFor();
    await shootBothWidths(page, 'realname-profile-tag', { fullPage: false });
    await page.context().close();
  });

  test('the advanced search finds only verified members when asked, each card tagged 已实名', async () => {
    const page = await newPage();
    await logIn(page, 'dawei', { password: DEMO_PASSWORD, href: '/search' });
    await page.waitForURL(url('/search'));
    await page.getByRole('switch', { name: '只看实名认证' }).click();
    await page
      .getByRole('button', { name: /搜\s*索/ })
      .last()
      .click();
    const card = page.getByRole('article', { name: '小美' });
    await card.waitFor();
    await card.getByText('已实名', { exact: true }).waitFor();
    const cards = page.getByRole('article');
    assert.equal(await cards.count(), await page.getByRole('article').filter({ hasText: '已实名' }).count());
    await toastsGone(page);
    await shootBothWidths(page, 'realname-card-tag');
    await page.context().close();
  });

  test('linlin, rejected by an admin, sees the reason and may send again', async () => {
    const adminToken = await apiLogin('admin', DEMO_PASSWORD);
    const listed = await api('/api/v1/admin/idcard/verify/list', { page: 1, page_size: 20 }, adminToken);
    assert.equal(listed.code, 200, listed.message);
    const linlin = listed.data.list.find((item) => item.req_name === '王琳' && item.audit_status === 1);
    assert.ok(linlin, 'linlin waits for review in the demo');
    const rejected = await api(
      '/api/v1/admin/idcard/audit',
      { id: linlin.id, audit_status: 3, fail_reason: '身份证照片模糊，请重新拍摄' },
      adminToken,
    );
    assert.equal(rejected.code, 200, rejected.message);

    const page = await newPage();
    await logIn(page, 'linlin', { password: DEMO_PASSWORD, href: PAGE });
    await page.waitForURL(url(PAGE));
    await page.getByText('未通过：身份证照片模糊，请重新拍摄').waitFor();
    assert.equal(await page.getByLabel('真实姓名').inputValue(), '王琳');
    assert.equal(await page.getByLabel('身份证号码').getAttribute('readonly'), null);
    // Never refilled in full: the member types the whole number again.
    assert.equal(await page.getByLabel('身份证号码').inputValue(), '');
    await page.getByText(/^上次提交的号码为 \d{4}\*{10}[\dX]{4}，请重新输入完整的身份证号码$/).waitFor();
    await photosShown(page);
    assert.equal(await page.getByRole('button', { name: '提交认证' }).isDisabled(), true);
    await toastsGone(page);
    await shootBothWidths(page, 'realname-rejected');
    await page.context().close();
  });
});
