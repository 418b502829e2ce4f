// Knowledge courses for learners against the real server with the demo content (spec 3 sections
// 2 and 4): a guest browses the catalogue, previews a course's structure and reads the free course;
// a member tops up through the sandbox payment, buys 沟通与倾听 from the catalogue, reads it and
// plays its HLS video. XINQIAO_SHOTS_DIR=<dir> also keeps screenshots of the catalogue and the
// learner view at desktop and phone width.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, clickUntil, shootBothWidths } from './browser.mjs';
import { PASSWORD, startJourney } from './journey.mjs';

const { url, api, logIn, newPage, createUser } = startJourney({ demo: true });

const FREE = '恋爱心理学入门';
const LISTENING = '沟通与倾听';
/** The paid course's first point and the HLS video bound to it (listening.json). */
const LISTENING_FIRST_POINT = '沟通的两个层面：内容与关系';
const LISTENING_VIDEO = '系列片头：了解自己，也理解对方';
const PRICES = { [FREE]: '免费', [LISTENING]: '¥19.90', 情绪管理: '¥29.90', '认识自己：大五人格': '¥39.90' };

/** The demo course ids by name, as a guest lists them. */
async function courseIds() {
  const listed = await api('/api/v1/knowledge/courses/guest/list', { page: 1, pageSize: 1000 });
  assert.equal(listed.code, 200, listed.message);
  return Object.fromEntries(listed.data.list.map((course) => [course.name, course.kcId]));
}

/** The chosen point's heading in the detail panel. */
const pointHeading = (page) => page.locator('#point-name');

/** Tops up `yuan` through the sandbox provider, confirming on a second (signed-out) device. */
async function topUp(page, yuan) {
  await page.goto(url('/recharge'));
  await page.getByLabel('充值金额（元）').fill(String(yuan));
  await page.getByRole('button', { name: '确认充值' }).click();
  await page.getByText('请使用微信扫码支付').waitFor();
  const sandboxUrl = await page.getByRole('link', { name: '在本设备打开沙箱支付页' }).getAttribute('href');
  const phone = await newPage();
  await phone.goto(sandboxUrl);
  await phone.getByRole('button', { name: '确认支付' }).click();
  await phone.getByText('支付成功，请回到充值页面查看').first().waitFor();
  await phone.context().close();
  await page.getByText('支付成功').first().waitFor();
}

describe('knowledge course journeys (learner)', () => {
  test('a guest browses the catalogue, previews a structure and reads the free course', async () => {
    const page = await newPage();
    await page.goto(url('/knowledge/courses'));
    for (const [name, price] of Object.entries(PRICES)) {
      const card = page.getByRole('listitem', { name });
      await card.waitFor();
      await card.getByText(price, { exact: true }).waitFor();
    }
    assert.equal(await page.getByRole('list', { name: '知识课程' }).getByRole('listitem').count(), 4);
    await page.getByRole('listitem', { name: LISTENING }).getByRole('button', { name: '登录后学习' }).waitFor();
    await shootBothWidths(page, 'knowledge-catalogue');

    await page.getByRole('button', { name: `预览 ${FREE}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`课程结构 · ${FREE}`).waitFor();
    await dialog.getByRole('tree').getByText('恋爱心理学是什么').waitFor();
    await dialog.getByRole('tree').getByText('吸引从何而来').waitFor();
    await shootBothWidths(page, 'knowledge-preview', { fullPage: false });
    await dialog.getByRole('button', { name: '关 闭', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Spec 3 section 4: a guest is asked to sign in first; the display page itself is open.
    await page.getByRole('listitem', { name: FREE }).getByRole('button', { name: '登录后学习' }).click();
    await page.waitForURL(/\/login\?href=/);
    const back = decodeURIComponent(new URL(page.url()).searchParams.get('href') ?? '');
    assert.match(back, /^\/knowledge\/courses\/display\/\d+$/);
    await page.goto(url(back));
    await page.getByRole('heading', { level: 1, name: FREE }).waitFor();
    await page.getByText('免费课程，所有内容都可以学习').waitFor();
    assert.equal(await pointHeading(page).textContent(), '恋爱心理学是什么');
    const content = page.getByRole('region', { name: '内容' });
    assert.ok((await content.innerText()).trim().length > 100, 'the first point shows its content');
    await page.getByRole('region', { name: '参考资料' }).getByRole('listitem').first().waitFor();

    await page.getByRole('tree').getByText('吸引从何而来').click();
    assert.equal(await pointHeading(page).textContent(), '吸引从何而来');
    assert.ok((await content.innerText()).trim().length > 100);
    assert.equal(await page.getByText('购买课程后即可阅读').count(), 0);
    await page.context().close();
  });

  test('on a phone the course tree folds above the lesson and opens a point', async () => {
    const page = await newPage(PHONE);
    await page.goto(url('/knowledge/demo'));
    await page.getByRole('link', { name: '进入课程管理' }).waitFor();
    await shootBothWidths(page, 'knowledge-demo');
    await page.setViewportSize(PHONE);
    await page.getByRole('link', { name: '打开课程学习页面' }).click();
    await page.waitForURL(/\/knowledge\/courses\/display\/\d+$/);
    await page.getByRole('heading', { level: 1, name: FREE }).waitFor();
    const tree = page.getByRole('tree');
    assert.equal(await tree.isVisible(), false, 'the tree starts folded on a phone');
    await page.getByRole('button', { name: /展开课程目录/ }).click();
    await tree.getByText('依恋理论基础').waitFor();
    await shootBothWidths(page, 'knowledge-display-tree-open', { fullPage: false });
    await page.setViewportSize(PHONE);
    await tree.getByText('安全型依恋').click();
    await page.waitForFunction(() => document.querySelector('#point-name')?.textContent === '安全型依恋');
    assert.equal(await tree.isVisible(), false, 'choosing a point folds the tree again');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `nothing overflows sideways (${width} px)`);
    await page.context().close();
  });

  test('a guest sees a paid course’s structure with its content locked', async () => {
    const ids = await courseIds();
    const page = await newPage();
    await page.goto(url(`/knowledge/courses/display/${ids['情绪管理']}`));
    await page.getByText('这是一门付费课程').waitFor();
    await page.getByText('购买课程后即可阅读这个知识点的内容、示例和参考资料。').waitFor();
    await page.getByRole('link', { name: '登录后购买' }).first().waitFor();
    assert.ok((await pointHeading(page).textContent()).length > 0, 'the point’s name and description show');
    await shootBothWidths(page, 'knowledge-display-locked');
    await page.context().close();
  });

  test('a member tops up, buys 沟通与倾听 from the catalogue, reads it and plays its video', async () => {
    await createUser({ username: 'learner', password: PASSWORD });
    const page = await newPage();
    await logIn(page, 'learner', { href: '/recharge' });
    await page.waitForURL(url('/recharge'));
    await topUp(page, 20);

    await page.goto(url('/knowledge/courses'));
    const card = page.getByRole('listitem', { name: LISTENING });
    await card.getByRole('button', { name: '购买学习' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`确定花费 ¥19.90 购买《${LISTENING}》吗？`, { exact: false }).waitFor();
    await clickUntil(dialog.getByRole('button', { name: '确认购买' }), (timeout) =>
      page.waitForURL(/\/knowledge\/courses\/display\/\d+$/, { timeout }),
    );
    const display = page.url();
    await page.getByText('购买成功，开始学习吧').first().waitFor();
    await page.getByRole('heading', { level: 1, name: LISTENING }).waitFor();
    await page.getByText('已购买，可以学习全部内容').waitFor();
    assert.ok((await page.getByRole('region', { name: '内容' }).innerText()).trim().length > 100);
    assert.equal(await page.getByText('购买课程后即可阅读').count(), 0);
    assert.equal(await page.getByText('购买课程后可查看').count(), 0);

    // The bought course's first point carries its video (listening.json): it streams and plays.
    assert.equal(await pointHeading(page).textContent(), LISTENING_FIRST_POINT);
    const video = page.getByRole('article', { name: LISTENING_VIDEO }).locator('video[data-engine]');
    await video.waitFor();
    await page.waitForFunction(() => document.querySelector('video[data-engine]')?.dataset.engine === 'hls.js');
    await page.waitForFunction(() => (document.querySelector('video[data-engine]')?.readyState ?? 0) >= 1, null, {
      timeout: 15_000,
    });
    const state = await video.evaluate(async (element) => {
      await element.play();
      await new Promise((resolve) => setTimeout(resolve, 1200));
      return {
        currentSrc: element.currentSrc,
        muted: element.muted,
        controls: element.controls,
        autoplay: element.autoplay,
        preload: element.preload,
        readyState: element.readyState,
        currentTime: element.currentTime,
        duration: element.duration,
      };
    });
    assert.match(state.currentSrc, /^blob:/, 'hls.js feeds the element through Media Source');
    assert.deepEqual([state.muted, state.controls, state.autoplay, state.preload], [true, true, false, 'auto']);
    assert.ok(state.readyState >= 2, `the video has frames to show (readyState ${state.readyState})`);
    assert.ok(state.currentTime > 0, `the video plays (currentTime ${state.currentTime})`);
    assert.ok(Math.abs(state.duration - 8) < 0.5, `the 8 s intro (duration ${state.duration})`);
    await video.evaluate((element) => element.pause());
    await shootBothWidths(page, 'knowledge-display');

    await page.goto(url('/knowledge/courses'));
    await page.getByRole('listitem', { name: LISTENING }).getByRole('button', { name: '继续学习' }).waitFor();
    await page.getByRole('listitem', { name: '情绪管理' }).getByRole('button', { name: '购买学习' }).waitFor();
    await page.getByRole('listitem', { name: LISTENING }).getByRole('button', { name: '继续学习' }).click();
    await page.waitForURL(display);
    await page.getByRole('heading', { level: 1, name: LISTENING }).waitFor();
    await page.context().close();
  });
});
