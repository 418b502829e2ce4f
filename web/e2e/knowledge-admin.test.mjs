// The knowledge back office against the real server with the demo courses (spec 3 sections 2, 4,
// 5 and 8): a member opening /knowledge/points/admin or /knowledge/resource/admin gets spec 3's
// admin-only notice with the way back to the courses; the demo admin creates a knowledge point
// with a demo point as its prerequisite and finds it in the table with that prerequisite, creates
// a resource and binds it to the new point, and finds the binding in the list and through the
// point filter; the course admin lists the four demo courses with their prices, opens one with
// its structure and gives it an uploaded banner.
// XINQIAO_SHOTS_DIR=<dir> also keeps screenshots at desktop and phone width.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { chooseOption, DESKTOP, PHONE, shootBothWidths } from './browser.mjs';
import { DEMO_PASSWORD, startJourney } from './journey.mjs';

const { url, api, apiLogin, logIn, newPage, scratchFile } = startJourney({ demo: true });

/** A point of the free demo course (romance-psychology.json). */
const DEMO_POINT = '安全型依恋';
const NEW_POINT = '分手后的自我照顾';
const NEW_RESOURCE = '练习：写给自己的一封信';

/** The table row whose name cell (the first one) is `name`. */
const rowNamed = (page, name) =>
  page.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.locator('td:first-child', { hasText: name }) });

/** A course's row (its first cell is the banner). */
const courseRow = (page, name) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });

/** A real PNG banner (16:7), painted by the browser itself, for the upload. */
async function paintBanner(name) {
  const page = await newPage({ width: 640, height: 280 });
  await page.setContent('<body style="margin:0;background:linear-gradient(120deg, #F8BBD0, #B39DDB)"></body>');
  const file = scratchFile(name);
  await writeFile(file, await page.screenshot({ type: 'png' }));
  await page.context().close();
  return file;
}

/**
 * As shootBothWidths, for a part of a long dialog: at each width it is scrolled into view first
 * (a dialog scrolls inside its own wrapper, which a full-page shot does not unroll).
 */
async function shootPartAtBothWidths(page, locator, name) {
  const dir = process.env.XINQIAO_SHOTS_DIR;
  if (!dir) return;
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(400);
    await locator.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(dir, `${name}-${label}.png`) });
  }
  await page.setViewportSize(DESKTOP);
}

async function pointsByName(token) {
  const listed = await api('/api/v1/knowledge/points/list', { page: 1, pageSize: 1000 }, token);
  assert.equal(listed.code, 200, listed.message);
  return new Map(listed.data.list.map((point) => [point.name, point.kpId]));
}

describe('knowledge back-office journeys', () => {
  test('a member opening the knowledge point or resource admin gets spec 3’s notice and the way back to the courses', async () => {
    const page = await newPage();
    await logIn(page, 'dawei', { password: DEMO_PASSWORD, href: '/knowledge/points/admin' });
    await page.waitForURL(url('/knowledge/points/admin'));
    // The guard shows these two routes' own notice (spec 3 section 2), not the shared one.
    await page.getByText('权限不足，您需要管理员权限才能访问此页面').waitFor();
    assert.equal(await page.getByText('需要管理员权限', { exact: true }).count(), 0);
    assert.equal(await page.getByRole('button', { name: /新建知识点/ }).count(), 0);
    assert.equal(await page.getByRole('table').count(), 0);
    await page.getByRole('link', { name: '返回课程页面' }).click();
    await page.waitForURL(url('/knowledge/courses'));
    await page.getByRole('listitem', { name: '恋爱心理学入门' }).waitFor();

    await page.goto(url('/knowledge/resource/admin'));
    await page.getByText('权限不足，您需要管理员权限才能访问此页面').waitFor();
    assert.equal(await page.getByRole('table').count(), 0);
    await shootBothWidths(page, 'knowledge-resource-admin-member');
    const back = page.getByRole('link', { name: '返回课程页面' });
    assert.equal(await back.getAttribute('href'), '/knowledge/courses');
    await page.context().close();
  });

  test('the admin creates a point after a demo point and sees it with that prerequisite', async () => {
    const token = await apiLogin('admin', DEMO_PASSWORD);
    const before = await pointsByName(token);
    assert.ok(before.has(DEMO_POINT), `the demo has ${DEMO_POINT}`);

    const page = await newPage();
    await logIn(page, 'admin', { password: DEMO_PASSWORD, href: '/knowledge/points/admin' });
    await page.waitForURL(url('/knowledge/points/admin'));
    await page.getByRole('heading', { name: '知识点管理' }).waitFor();
    await page.locator('.ant-table-tbody tr.ant-table-row').nth(9).waitFor();
    await shootBothWidths(page, 'knowledge-points-admin');

    await page.getByRole('button', { name: /新建知识点/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '新建知识点' });
    await dialog.getByRole('textbox', { name: '知识点名称' }).fill(NEW_POINT);
    await dialog.getByRole('textbox', { name: '分类' }).fill('恋爱心理');
    await chooseOption(page, dialog.getByRole('combobox', { name: '难度' }), '中级');
    await dialog.getByRole('textbox', { name: '描述' }).fill('关系结束之后，先照顾好自己的情绪、作息和社会联系。');
    await dialog
      .getByRole('textbox', { name: '讲解内容（HTML）' })
      .fill('<h3>先照顾身体</h3><p>保证<strong>睡眠和饮食</strong>，允许自己难过一段时间。</p>');
    await dialog.getByRole('region', { name: '预览' }).getByRole('heading', { name: '先照顾身体' }).waitFor();
    await dialog.getByRole('textbox', { name: '示例' }).fill('每天给一位朋友发一条消息\n写下三件今天做到的小事');
    await chooseOption(page, dialog.getByRole('combobox', { name: '前置知识点' }), DEMO_POINT, { search: true });
    // A multiple select stays open for more picks: a click beside it closes it, as people do.
    await dialog.locator('.ant-modal-title').click();
    await shootBothWidths(page, 'knowledge-points-admin-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('知识点已创建').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Newest first: the new point heads the table, with its prerequisite by name.
    const row = rowNamed(page, NEW_POINT);
    await row.getByText(DEMO_POINT).waitFor();
    await row.getByText('中级').waitFor();

    const after = await pointsByName(token);
    const links = await api('/api/v1/knowledge/prerequisites/list', { page: 1, pageSize: 1000 }, token);
    assert.ok(
      links.data.list.some(
        (link) => link.childKpId === after.get(NEW_POINT) && link.parentKpId === before.get(DEMO_POINT),
      ),
      'the prerequisite was saved with the point',
    );
    await page.context().close();
  });

  test('the admin creates a resource and binds it to the new point', async () => {
    const page = await newPage();
    await logIn(page, 'admin', { password: DEMO_PASSWORD, href: '/knowledge/resource/admin' });
    await page.waitForURL(url('/knowledge/resource/admin'));
    await page.getByRole('heading', { name: '学习资源管理' }).waitFor();
    await page.locator('.ant-table-tbody tr.ant-table-row').nth(4).waitFor();
    await page.getByText('课程导引短片：了解自己，也理解对方').waitFor();
    await shootBothWidths(page, 'knowledge-resource-admin');

    await page.getByRole('button', { name: /新建资源/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '新建资源' });
    await dialog.getByRole('textbox', { name: '资源名称' }).fill(NEW_RESOURCE);
    await chooseOption(page, dialog.getByRole('combobox', { name: '类型' }), '习题');
    await dialog
      .getByRole('textbox', { name: '内容' })
      .fill('用十分钟，像对待一位好朋友那样给自己写一封信：这段关系教会了你什么，接下来你想怎样照顾自己。');
    await dialog.getByRole('textbox', { name: '链接' }).fill('not a link');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.getByText('请输入正确的链接地址').waitFor();
    await dialog.getByRole('textbox', { name: '链接' }).fill('');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('资源创建成功').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('searchbox', { name: '按名称或内容搜索' }).fill('写给自己');
    await page.getByRole('searchbox', { name: '按名称或内容搜索' }).press('Enter');
    const row = rowNamed(page, NEW_RESOURCE);
    await row.getByText('未绑定').waitFor();
    await row.getByText('习题').waitFor();
    await page.getByText('共 1 条').waitFor();

    await row.getByRole('button', { name: /绑\s*定/ }).click();
    const bind = page.getByRole('dialog').filter({ hasText: `绑定知识点：${NEW_RESOURCE}` });
    await chooseOption(page, bind.getByRole('combobox', { name: '绑定知识点' }), NEW_POINT, { search: true });
    // A multiple select stays open for more picks: a click beside it closes it, as people do.
    await bind.locator('.ant-modal-title').click();
    await shootBothWidths(page, 'knowledge-resource-bind', { fullPage: false });
    await bind.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('绑定成功').first().waitFor();
    await row.getByText(NEW_POINT).waitFor();

    // The point filter finds it too, and only what is bound to that point.
    await page.getByRole('searchbox', { name: '按名称或内容搜索' }).fill('');
    await page.getByRole('searchbox', { name: '按名称或内容搜索' }).press('Enter');
    await chooseOption(page, page.getByRole('combobox', { name: '按知识点筛选' }), NEW_POINT, { search: true });
    await page.getByText('共 1 条').waitFor();
    await rowNamed(page, NEW_RESOURCE).getByText(NEW_POINT).waitFor();

    // 查看 shows it as learners get it.
    await rowNamed(page, NEW_RESOURCE)
      .getByRole('button', { name: /查\s*看/ })
      .click();
    const view = page.getByRole('dialog').filter({ hasText: `查看资源：${NEW_RESOURCE}` });
    await view.getByText('用十分钟，像对待一位好朋友那样给自己写一封信', { exact: false }).waitFor();
    await page.context().close();

    const token = await apiLogin('admin', DEMO_PASSWORD);
    const points = await pointsByName(token);
    const bound = await api('/api/v1/knowledge/resources/list', { kpId: points.get(NEW_POINT), page: 1 }, token);
    assert.deepEqual(
      bound.data.list.map((resource) => resource.name),
      [NEW_RESOURCE],
    );
  });

  test('the course admin lists the demo courses with their prices and opens one with its structure', async () => {
    const page = await newPage();
    await logIn(page, 'admin', { password: DEMO_PASSWORD, href: '/knowledge/courses/admin' });
    await page.waitForURL(url('/knowledge/courses/admin'));
    await page.getByRole('heading', { name: '课程管理' }).waitFor();
    for (const [name, price] of [
      ['恋爱心理学入门', '免费'],
      ['沟通与倾听', '¥19.90'],
      ['情绪管理', '¥29.90'],
      ['认识自己：大五人格', '¥39.90'],
    ]) {
      await courseRow(page, name).getByText(price, { exact: true }).waitFor();
    }
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.ant-table img')].every((img) => img.complete && img.naturalWidth > 0),
    );
    await shootBothWidths(page, 'knowledge-courses-admin');

    await courseRow(page, '恋爱心理学入门')
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    const dialog = page.getByRole('dialog').filter({ hasText: '编辑课程：恋爱心理学入门' });
    const structure = dialog.getByRole('tree', { name: '课程结构' });
    await structure.getByText(DEMO_POINT).waitFor();
    await structure.getByText('恋爱心理学是什么').click();
    await dialog.getByText('已选中：恋爱心理学是什么').waitFor();
    await shootBothWidths(page, 'knowledge-courses-admin-dialog', { fullPage: false });
    await shootPartAtBothWidths(page, structure, 'knowledge-courses-admin-structure');

    // A new banner (purpose course_banner), saved with the unchanged structure.
    await dialog.locator('input[type="file"]').setInputFiles(await paintBanner('banner.png'));
    await page.getByText('图片上传成功').first().waitFor();
    await dialog.getByRole('img', { name: '课程封面预览' }).waitFor();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('课程已更新').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const banner = courseRow(page, '恋爱心理学入门').getByRole('img', { name: '恋爱心理学入门的封面' });
    await page.waitForFunction(
      (img) => img.getAttribute('src').startsWith('/api/v1/') && img.complete && img.naturalWidth > 0,
      await banner.elementHandle(),
    );
    const token = await apiLogin('admin', DEMO_PASSWORD);
    const { data: courses } = await api('/api/v1/knowledge/courses/list', { page: 1, pageSize: 1000 }, token);
    const intro = courses.list.find((course) => course.name === '恋爱心理学入门');
    assert.ok(intro.banner.length > 0, 'the banner was saved');
    assert.equal(intro.pointCount, 15, 'the structure came back unchanged');

    await courseRow(page, '恋爱心理学入门').getByRole('link', { name: '查看' }).click();
    await page.waitForURL(/\/knowledge\/courses\/display\/\d+$/);
    await page.context().close();
  });
});
