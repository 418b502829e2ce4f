// The knowledge-graph editors against the real server with the demo courses (spec 3 sections 2,
// 3 and 8, issue 18): the demo admin opens the JointJS editor, picks the free demo course's board,
// connects two points that are not linked yet (connection mode: the source, then the target),
// saves and finds the prerequisite through the API; a connection that would close a cycle is
// refused with the server's message naming it; the simple editor draws and saves the same way;
// a member sees both boards read-only; a guest is sent to the login page.
// XINQIAO_SHOTS_DIR=<dir> also keeps screenshots at desktop and phone width.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chooseOption, shootBothWidths } from './browser.mjs';
import { DEMO_PASSWORD, startJourney } from './journey.mjs';

const { url, api, apiLogin, logIn, newPage } = startJourney({ demo: true });

/** The free demo course (romance-psychology.json) and points of it. */
const COURSE = '恋爱心理学入门';
/** Not linked in the demo: 吸引从何而来 and 激情之爱与相伴之爱 come after different points. */
const SOURCE = '吸引从何而来';
const TARGET = '激情之爱与相伴之爱';
/** 依恋理论基础 is 安全型依恋's prerequisite: the way back closes a cycle. */
const BASICS = '依恋理论基础';
const SECURE = '安全型依恋';
/** For the simple editor: 择偶标准与真实心动 and 自我表露的节奏 are not linked either. */
const SIMPLE_SOURCE = '择偶标准与真实心动';
const SIMPLE_TARGET = '自我表露的节奏';
/** A point of the listening course whose prerequisite 亲密关系如何建立 is on the romance board. */
const DRAGGED = '积极倾听';
const DRAGGED_AFTER = '亲密关系如何建立';

/** A node on either canvas: a button named after the point and its category. */
const node = (page, name) => page.getByRole('button', { name: `${name}（心理学）`, exact: true });

async function pointsByName(token) {
  const listed = await api('/api/v1/knowledge/points/list', { page: 1, pageSize: 1000 }, token);
  assert.equal(listed.code, 200, listed.message);
  return new Map(listed.data.list.map((point) => [point.name, point.kpId]));
}

async function prerequisites(token) {
  const listed = await api('/api/v1/knowledge/prerequisites/list', { page: 1, pageSize: 1000 }, token);
  assert.equal(listed.code, 200, listed.message);
  return listed.data.list;
}

const linked = (links, parentKpId, childKpId) =>
  links.some((link) => link.parentKpId === parentKpId && link.childKpId === childKpId);

/** Opens an editor signed in as `username`, on the demo course's board. */
async function openCourseBoard(username, path) {
  const page = await newPage();
  await logIn(page, username, { password: DEMO_PASSWORD, href: path });
  await page.waitForURL(url(path));
  await chooseOption(page, page.getByRole('combobox', { name: '画板' }), COURSE);
  await page.waitForURL(/\?kcId=\d+$/);
  await node(page, SECURE).waitFor();
  await page.getByRole('list', { name: '知识点' }).waitFor();
  return page;
}

/** Connection mode: the source, then the target. */
async function connect(page, from, to) {
  await page.getByRole('button', { name: /连接模式/ }).click();
  await node(page, from).click();
  await page.getByRole('status').getByText(`起点是“${from}”`).waitFor();
  await node(page, to).click();
  await page.getByRole('status').getByText(`已选中连线：${from} → ${to}`).waitFor();
}

describe('knowledge graph editor journeys', () => {
  test('a guest opening the editor is sent to the login page', async () => {
    const page = await newPage();
    await page.goto(url('/knowledge/graph/editor/jointjs'));
    await page.waitForURL(/\/login\?href=/);
    assert.equal(new URL(page.url()).searchParams.get('href'), '/knowledge/graph/editor/jointjs');
    await page.context().close();
  });

  test('the admin draws a prerequisite in the JointJS editor, saves it, and a cycle is refused', async () => {
    const token = await apiLogin('admin', DEMO_PASSWORD);
    const points = await pointsByName(token);
    for (const name of [SOURCE, TARGET, BASICS, SECURE]) assert.ok(points.has(name), `the demo has ${name}`);
    const before = await prerequisites(token);
    assert.ok(!linked(before, points.get(SOURCE), points.get(TARGET)), 'not linked before');
    assert.ok(linked(before, points.get(BASICS), points.get(SECURE)), 'the demo links the basics first');

    const page = await openCourseBoard('admin', '/knowledge/graph/editor/jointjs');
    await shootBothWidths(page, 'knowledge-graph-jointjs');

    await connect(page, SOURCE, TARGET);
    // The mode ended with the connection.
    assert.equal(await page.getByRole('button', { name: /连接模式/ }).getAttribute('aria-pressed'), 'false');
    await page.getByText('有未保存的修改').waitFor();
    await page.getByRole('button', { name: `连线：${SOURCE} → ${TARGET}` }).waitFor();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('关系图已保存').first().waitFor();
    await page.getByText('有未保存的修改').waitFor({ state: 'hidden' });
    assert.ok(linked(await prerequisites(token), points.get(SOURCE), points.get(TARGET)), 'the prerequisite exists');

    // The view tools work on the board as drawn.
    await page.getByRole('button', { name: /放\s*大/ }).click();
    await page.getByRole('button', { name: /适应画布/ }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /导出 PNG/ }).click();
    assert.equal((await download).suggestedFilename(), 'knowledge-graph.png');

    // The same pair again: 连接已存在.
    await page.getByRole('button', { name: /连接模式/ }).click();
    await node(page, SOURCE).click();
    await node(page, TARGET).click();
    await page.getByText('连接已存在').first().waitFor();
    await page.keyboard.press('Escape');

    // The way back from 安全型依恋 to its own prerequisite closes a cycle: the server names it.
    await connect(page, SECURE, BASICS);
    await shootBothWidths(page, 'knowledge-graph-jointjs-connected');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText(`连接「${SECURE} → ${BASICS}」会形成循环依赖`, { exact: false }).waitFor();
    await page.getByText('有未保存的修改').waitFor();
    const after = await prerequisites(token);
    assert.ok(!linked(after, points.get(SECURE), points.get(BASICS)), 'the cycle was not saved');
    assert.ok(linked(after, points.get(BASICS), points.get(SECURE)), 'the old link stands');
    await page.context().close();
  });

  test('the admin draws and saves in the simple editor', async () => {
    const token = await apiLogin('admin', DEMO_PASSWORD);
    const points = await pointsByName(token);
    const page = await openCourseBoard('admin', '/knowledge/graph/editor');
    // The board opens as it was saved in the JointJS editor.
    await page.getByRole('button', { name: `连线：${SOURCE} → ${TARGET}` }).waitFor();
    await shootBothWidths(page, 'knowledge-graph-simple');
    await connect(page, SIMPLE_SOURCE, SIMPLE_TARGET);

    // A point of another course dragged from the panel brings its link with a point on the board.
    await page.getByRole('searchbox', { name: '搜索知识点' }).fill(DRAGGED);
    const item = page.getByRole('list', { name: '知识点' }).locator('li').filter({ hasText: DRAGGED });
    await item.dragTo(page.getByRole('group', { name: '关系图画板' }), { targetPosition: { x: 160, y: 460 } });
    await page.getByRole('button', { name: `${DRAGGED}（沟通）`, exact: true }).waitFor();
    await page.getByRole('button', { name: `连线：${DRAGGED_AFTER} → ${DRAGGED}` }).waitFor();
    await item.getByText('已在画板').waitFor();
    await shootBothWidths(page, 'knowledge-graph-simple-dropped');

    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('关系图已保存').first().waitFor();
    const after = await prerequisites(token);
    assert.ok(linked(after, points.get(SIMPLE_SOURCE), points.get(SIMPLE_TARGET)), 'the prerequisite exists');
    assert.ok(linked(after, points.get(DRAGGED_AFTER), points.get(DRAGGED)), 'the dragged point kept its link');
    await page.context().close();
  });

  test('a member sees both editors read-only', async () => {
    for (const path of ['/knowledge/graph/editor/jointjs', '/knowledge/graph/editor']) {
      const page = await openCourseBoard('dawei', path);
      await page.getByText('只读视图').waitFor();
      await page.getByText('只有管理员可以修改和保存关系图', { exact: false }).waitFor();
      for (const name of [/连接模式/, /删除所选/, /清空画板/, /保\s*存/]) {
        assert.equal(await page.getByRole('button', { name }).count(), 0, `no ${name} for a member`);
      }
      await page.getByRole('button', { name: `连线：${SOURCE} → ${TARGET}` }).waitFor();
      await page.getByRole('button', { name: /查看 JSON/ }).click();
      await page.getByRole('dialog').getByText('"kcId"', { exact: false }).waitFor();
      await page.keyboard.press('Escape');
      await shootBothWidths(page, `knowledge-graph-member-${path.endsWith('jointjs') ? 'jointjs' : 'simple'}`);
      await page.context().close();
    }
  });
});
