// Moments journeys against the real server and the built web app (spec 1 sections 2, 4, 8; spec 2 section 2.12).
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { PHONE, clickUntil } from './browser.mjs';
import { PASSWORD, startJourney } from './journey.mjs';

const { url, api, apiLogin, createMoment, logIn, newPage, createUser, scratchFile } = startJourney();

/** Real PNG files, painted by the browser itself, for the upload input. */
async function paintPngs(names) {
  const page = await newPage({ width: 200, height: 160 });
  const files = [];
  for (const [index, name] of names.entries()) {
    const colour = ['#E91E63', '#7E57C2', '#26A69A'][index % 3];
    await page.setContent(`<body style="margin:0;background:linear-gradient(135deg, ${colour}, #FFE0B2)"></body>`);
    const file = scratchFile(name);
    await writeFile(file, await page.screenshot({ type: 'png' }));
    files.push(file);
  }
  await page.context().close();
  return files;
}

/** Signs in through the API and posts a text moment, to have something in the feed. */
async function postThroughApi(username, content) {
  const token = await apiLogin(username);
  const created = await createMoment(token, content);
  assert.equal(created.code, 200, created.message);
}

describe('moments journeys', () => {
  test('a guest sees the feed and is sent to /login to comment or to publish', async () => {
    createUser({ username: 'guestpost', password: PASSWORD });
    await postThroughApi('guestpost', '欢迎来到心桥的动态广场');

    const page = await newPage(PHONE);
    await page.goto(url('/moment'));
    const post = page.locator('article', { hasText: '欢迎来到心桥的动态广场' });
    await post.waitFor();
    assert.equal(await post.getByRole('button', { name: '删除动态' }).count(), 0);

    await post.getByRole('button', { name: /^评论/ }).click();
    await page.waitForURL((current) => current.pathname === '/login');
    assert.equal(new URL(page.url()).search, '?href=%2Fmoment');

    await page.goto(url('/moment/create'));
    await page.getByText('请先登录').waitFor();
    assert.equal(await page.getByLabel('内容').count(), 0);
    await page.context().close();
  });

  test('post with two images, like, comment, reply, delete the reply, delete the moment', async () => {
    createUser({ username: 'momentfan', password: PASSWORD });
    const [first, second] = await paintPngs(['sunset.png', 'lake.png']);
    const page = await newPage();
    await logIn(page, 'momentfan');
    await page.waitForURL(url('/'));

    await page.goto(url('/moment'));
    await page.getByRole('link', { name: /发布动态/ }).click();
    await page.waitForURL(url('/moment/create'));
    await page.getByLabel('内容').fill('周末去湖边散步\n晚霞很美');
    await page.locator('input[type="file"]').setInputFiles([first, second]);
    await page.waitForFunction(() => document.querySelectorAll('.ant-upload-list-item-done').length === 2);
    await page.getByRole('button', { name: /^发\s*布$/ }).click();
    await page.waitForURL(url('/moment'));

    const post = page.locator('article', { hasText: '周末去湖边散步' });
    await post.waitFor();
    assert.equal(await post.getByText(/周末去湖边散步/).innerText(), '周末去湖边散步\n晚霞很美');
    await post.locator('[data-layout="grid-2"]').waitFor();
    const images = post.getByRole('img', { name: /动态图片/ });
    assert.equal(await images.count(), 2);
    for (const src of await images.evaluateAll((all) => all.map((img) => img.getAttribute('src')))) {
      assert.match(src, /^\/api\/v1\/uploads\/moment\//);
    }
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-layout="grid-2"] img')].every((img) => img.complete && img.naturalWidth > 0),
    );

    await post.getByRole('button', { name: '点赞 0' }).click();
    await post.getByRole('button', { name: '取消点赞 1' }).waitFor();
    await post.getByLabel('点赞的人').getByText('momentfan').waitFor();

    await post.getByRole('button', { name: /^评论 0/ }).click();
    await post.getByRole('textbox', { name: '写下你的评论…' }).fill('这是我最喜欢的地方');
    await post.getByRole('button', { name: /^发\s*送$/ }).click();
    await post.getByText('这是我最喜欢的地方').waitFor();
    // The comment shows as soon as the feed is updated; the composer closes a render later.
    await post.getByRole('textbox').waitFor({ state: 'detached' });
    await post.getByRole('button', { name: /^评论 1/ }).waitFor();

    await post.getByRole('button', { name: /^回复 / }).click();
    const replyBox = post.getByRole('textbox', { name: /^回复 / });
    await replyBox.fill('下次一起来');
    await replyBox.press('Enter');
    const reply = post.locator('li', { hasText: '下次一起来' });
    await reply.waitFor();
    assert.match(await reply.innerText(), /momentfan\s*回复\s*momentfan：下次一起来/);
    await post.getByRole('button', { name: /^评论 2/ }).waitFor();

    await reply.getByRole('button', { name: /^删除评论/ }).click();
    await clickUntil(page.getByRole('tooltip').getByRole('button', { name: /确\s*定/ }), (timeout) =>
      reply.waitFor({ state: 'detached', timeout }),
    );
    await post.getByText('这是我最喜欢的地方').waitFor();
    await post.getByRole('button', { name: /^评论 1/ }).waitFor();

    await post.getByRole('button', { name: '删除动态' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('确定要删除这条动态吗？').waitFor();
    assert.match(await dialog.innerText(), /删除确认[\s\S]*确定要删除这条动态吗？[\s\S]*取\s*消[\s\S]*确\s*定/);
    await clickUntil(dialog.getByRole('button', { name: /确\s*定/ }), (timeout) =>
      post.waitFor({ state: 'detached', timeout }),
    );

    await page.reload();
    await page.getByRole('heading', { name: '动态' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(await page.locator('article', { hasText: '周末去湖边散步' }).count(), 0);
    await page.context().close();
  });

  test('between a blacklisted pair nothing shows in a third member’s thread, and no reply gets through', async () => {
    for (const username of ['cathy', 'eve', 'mallory']) createUser({ username, password: PASSWORD });
    const cathy = await apiLogin('cathy');
    const eve = await apiLogin('eve');
    const mallory = await apiLogin('mallory');
    const created = await createMoment(cathy, '周末的读书会，欢迎大家');
    assert.equal(created.code, 200, created.message);
    const momentId = created.data.momentId;
    const evesComment = await api('/api/v1/comment/create', { momentId, content: 'eve 想参加', parentId: 0 }, eve);
    assert.equal(evesComment.code, 200, evesComment.message);
    const evesCommentId = JSON.parse(evesComment.data.comments).at(-1).CommentId;
    const malloryUuid = (await api('/api/v1/user/myprofile/get', {}, mallory)).data.uuid;
    const blocked = await api('/api/v1/user/blacklist/add', { targetUuid: malloryUuid }, eve);
    assert.equal(blocked.code, 200, blocked.message);

    // mallory sees cathy's moment, but neither eve's comment nor a way to answer it.
    const page = await newPage();
    await logIn(page, 'mallory');
    await page.waitForURL(url('/'));
    await page.goto(url('/moment'));
    const post = page.locator('article', { hasText: '周末的读书会' });
    await post.waitFor();
    await post.getByRole('button', { name: /^评论 0/ }).waitFor();
    assert.equal(await post.getByText('eve 想参加').count(), 0);
    assert.equal(await post.getByRole('button', { name: /^回复 / }).count(), 0);
    await post.getByRole('button', { name: /^评论 0/ }).click();
    await post.getByRole('textbox', { name: '写下你的评论…' }).fill('mallory 也想去');
    await post.getByRole('button', { name: /^发\s*送$/ }).click();
    await post.getByText('mallory 也想去').waitFor();
    // The reply the page does not offer is refused by the server too.
    const reply = await api(
      '/api/v1/comment/create',
      { momentId, content: '回复 eve', parentId: evesCommentId },
      mallory,
    );
    assert.equal(reply.code, 400, JSON.stringify(reply));
    const guestList = await api('/api/v1/moment/guest/list', { fromId: 0 }, eve);
    const seenByEve = guestList.data.moments.find((moment) => moment.momentId === momentId);
    assert.equal(seenByEve.comments.includes('mallory'), false, 'eve does not see mallory’s comment either');
    await page.context().close();

    // cathy, a third member, sees both.
    const third = await newPage();
    await logIn(third, 'cathy');
    await third.waitForURL(url('/'));
    await third.goto(url('/moment'));
    const hers = third.locator('article', { hasText: '周末的读书会' });
    await hers.getByText('eve 想参加').waitFor();
    await hers.getByText('mallory 也想去').waitFor();
    await third.context().close();
  });
});
