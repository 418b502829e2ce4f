// Back-office journeys against the real server with the demo content (spec 3 sections 2, 4, 5
// and 8): a member is told /admin needs admin rights; demo member ahao changes his nickname and
// introduction and adds a photo; the demo admin sees the waiting work on the dashboard, compares
// and passes the profile changes at /admin/user-audit, passes the photo at /admin/images, and
// dawei then finds the new nickname and the new photo on ahao's profile. Feedback sent through
// the site reaches /admin/feedback, where it is marked handled. Member dawei submits his real name
// and identity card; the admin compares and passes it at /admin/idcard-audit, and dawei is then
// verified. The superadmin manages members at /admin/users and articles at /admin/blogs, and
// reads what was done at /admin/audit-log, which a plain admin may not.
// XINQIAO_SHOTS_DIR=<dir> also keeps screenshots at desktop and phone width.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { confirmUntilToast, shootBothWidths } from './browser.mjs';
import { DEMO_PASSWORD, startJourney } from './journey.mjs';

const { url, api, apiLogin, logIn, newPage, scratchFile } = startJourney({ demo: true });

const NEW_NICKNAME = '浩子';
const NEW_INTRODUCTION = '程序员，不秃。最近在学做饭，周末去深圳湾跑步，欢迎一起。';

/** A real PNG, painted by the browser itself, for the upload. */
async function paintPng(name) {
  const page = await newPage({ width: 240, height: 320 });
  await page.setContent('<body style="margin:0;background:linear-gradient(160deg, #26A69A, #FFE0B2)"></body>');
  const file = scratchFile(name);
  await writeFile(file, await page.screenshot({ type: 'png' }));
  await page.context().close();
  return file;
}

/** A card-sized picture with a caption, standing in for one side of an identity card. */
async function paintCard(name, caption) {
  const page = await newPage({ width: 640, height: 404 });
  await page.setContent(
    `<body style="margin:0;height:404px;display:flex;align-items:center;justify-content:center;` +
      `background:linear-gradient(135deg,#E3F2FD,#FCE4EC);font:600 40px sans-serif;color:#37474F">${caption}</body>`,
  );
  const file = scratchFile(name);
  await writeFile(file, await page.screenshot({ type: 'png' }));
  await page.context().close();
  return file;
}

/** Multipart upload of one side of the card (POST /api/v1/upload/idcard/{side}); answers its private path. */
async function uploadCardSide(file, side, token) {
  const form = new FormData();
  form.append('file', new Blob([await readFile(file)], { type: 'image/png' }), path.basename(file));
  const response = await fetch(url(`/api/v1/upload/idcard/${side}`), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const answer = await response.json();
  assert.equal(answer.code, 200, answer.message);
  return answer.data.filename;
}

/** Uploads a file through the API as the member with `token`; answers the stored path. */
async function uploadThroughApi(file, purpose, token) {
  const form = new FormData();
  form.append('file', new Blob([await readFile(file)], { type: 'image/png' }), path.basename(file));
  const response = await fetch(url(`/api/v1/upload?purpose=${purpose}`), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const answer = await response.json();
  assert.equal(answer.code, 200, answer.message);
  return answer.data.url;
}

/** Every image of the locator has loaded (a screenshot of half-loaded thumbnails says nothing). */
async function imagesLoaded(page, selector) {
  await page.waitForFunction(
    (css) => [...document.querySelectorAll(css)].every((img) => img.complete && img.naturalWidth > 0),
    selector,
  );
}

/** The confirmation dialog antd opens over the page (Modal.confirm). */
const confirmation = (page) => page.locator('.ant-modal-confirm');

describe('back-office journeys', () => {
  test('a member without admin rights is told /admin needs them, with a way home', async () => {
    const page = await newPage();
    await logIn(page, 'dawei', { password: DEMO_PASSWORD, href: '/admin' });
    await page.waitForURL(url('/admin'));
    await page.getByText('需要管理员权限').waitFor();
    assert.equal(await page.getByRole('link', { name: /用户资料审核/ }).count(), 0);
    await shootBothWidths(page, 'admin-forbidden');
    await page.getByRole('link', { name: '返回首页' }).click();
    await page.waitForURL(url('/'));
    await page.context().close();
  });

  test('the admin passes ahao’s profile changes and new photo, and dawei then sees both', async () => {
    const ahaoToken = await apiLogin('ahao', DEMO_PASSWORD);
    const { data: mine } = await api('/api/v1/user/myprofile/get', { uuid: '' }, ahaoToken);
    const photosBefore = mine.photos.length;
    assert.ok(photosBefore > 0, 'the demo gives ahao photos');
    const stored = await uploadThroughApi(await paintPng('new-photo.png'), 'photo', ahaoToken);
    const saved = await api(
      '/api/v1/user/profile/update',
      { nickname: NEW_NICKNAME, introduction: NEW_INTRODUCTION, photos: [...mine.photos, stored] },
      ahaoToken,
    );
    assert.equal(saved.code, 200, saved.message);

    const daweiToken = await apiLogin('dawei', DEMO_PASSWORD);
    const { data: seenBefore } = await api('/api/v1/user/profile/get', { uuid: mine.uuid }, daweiToken);
    assert.equal(seenBefore.photos.length, photosBefore, 'a new photo stays hidden until it passes');
    assert.notEqual(seenBefore.nickname, NEW_NICKNAME);

    // The dashboard: the waiting profile change is counted on its card.
    const page = await newPage();
    await logIn(page, 'admin', { password: DEMO_PASSWORD, href: '/admin' });
    await page.waitForURL(url('/admin'));
    await page.getByRole('heading', { name: '管理后台' }).waitFor();
    const auditCard = page.getByRole('link', { name: /用户资料审核/ });
    await auditCard.getByText('1 待审核').waitFor();
    await page
      .getByRole('link', { name: /图片审核/ })
      .getByText('1 待审核')
      .waitFor();
    await page
      .getByRole('link', { name: /反馈列表/ })
      .getByText(/^\d+ 未处理$/)
      .waitFor();
    for (const name of ['用户管理', '身份证审核', '博客管理', '操作日志']) {
      await page.getByRole('link', { name: new RegExp(name) }).waitFor();
    }
    await shootBothWidths(page, 'admin-dashboard');

    // Profile audit: the list, then the dialog with only the changed fields and both photo walls.
    await auditCard.click();
    await page.waitForURL(url('/admin/user-audit'));
    const row = page.getByRole('row').filter({ hasText: NEW_NICKNAME });
    await row.getByText(mine.uuid).waitFor();
    await row.getByText('软件工程师').waitFor();
    await row.getByText('深圳市').waitFor();
    await shootBothWidths(page, 'admin-user-audit');

    await row.getByRole('button', { name: /审\s*核/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: `审核资料：${NEW_NICKNAME}` });
    const changes = dialog.getByRole('list', { name: '修改内容' });
    await changes.waitFor();
    const changed = await changes.getByRole('listitem').evaluateAll((items) => items.map((item) => item.ariaLabel));
    assert.deepEqual(changed, ['昵称', '个人介绍']);
    const nickname = changes.getByRole('listitem', { name: '昵称' });
    await nickname.getByText(mine.nickname, { exact: true }).waitFor();
    await nickname.getByText(NEW_NICKNAME, { exact: true }).waitFor();
    const originalWall = dialog.getByRole('list', { name: '原照片' });
    const newWall = dialog.getByRole('list', { name: '新照片' });
    assert.equal(await originalWall.getByRole('img').count(), Math.min(3, photosBefore));
    assert.equal(await newWall.getByRole('img').count(), Math.min(6, photosBefore + 1));
    await newWall.getByText('待审核').waitFor();
    await imagesLoaded(page, '.ant-modal ul img');
    await shootBothWidths(page, 'admin-user-audit-dialog', { fullPage: false });

    await dialog.getByRole('button', { name: /通\s*过/ }).click();
    await confirmation(page).locator('.ant-modal-confirm-title', { hasText: '确定通过这些资料修改吗？' }).waitFor();
    await confirmUntilToast(page, /通\s*过/, '审核提交成功');
    await page.getByText('没有待审核的资料修改').waitFor();

    // Photo audit: the new photo is the newest, pending; passing it asks first.
    await page.getByRole('link', { name: '返回管理后台' }).click();
    await page.waitForURL(url('/admin'));
    await auditCard.getByText('0 待审核').waitFor();
    await page.getByRole('link', { name: /图片审核/ }).click();
    await page.waitForURL(url('/admin/images'));
    await page.getByRole('heading', { name: '圖片审核管理' }).waitFor();
    const { data: queue } = await api(
      '/api/v1/admin/user/image/audit/list',
      { page: 1, pageSize: 10 },
      await apiLogin('admin', DEMO_PASSWORD),
    );
    const pending = queue.photos.filter((photo) => photo.isAudited === 0);
    assert.equal(pending.length, 1, 'only ahao’s new photo waits');
    const photoId = pending[0].photoId;
    assert.equal(pending[0].uuid, mine.uuid);
    const photoRow = page.getByRole('row').filter({ has: page.getByRole('img', { name: `照片 ${photoId}` }) });
    await photoRow.getByText('待审核').waitFor();
    await page.getByRole('columnheader', { name: '操作' }).waitFor();
    const passedRows = page.getByRole('row').filter({ hasText: '已通过' });
    assert.equal(
      await passedRows
        .first()
        .getByRole('button', { name: /通\s*过/ })
        .isDisabled(),
      true,
    );
    await imagesLoaded(page, '.ant-table img');
    await shootBothWidths(page, 'admin-images');

    await photoRow.getByRole('button', { name: /通\s*过/ }).click();
    await confirmation(page).locator('.ant-modal-confirm-title', { hasText: '确定通过这张照片吗？' }).waitFor();
    await confirmUntilToast(page, /通\s*过/, '图片通过成功');
    await photoRow.getByText('已通过').waitFor();
    await page.getByRole('columnheader', { name: '操作' }).waitFor({ state: 'detached' });
    await page.context().close();

    // Another member now sees the new nickname and the new photo.
    const visitor = await newPage();
    await logIn(visitor, 'dawei', { password: DEMO_PASSWORD, href: `/profile/${mine.uuid}` });
    await visitor.waitForURL(url(`/profile/${mine.uuid}`));
    await visitor.getByText(NEW_NICKNAME, { exact: true }).first().waitFor();
    await visitor.getByText(NEW_INTRODUCTION).waitFor();
    const album = visitor.getByRole('list', { name: '相册' });
    await album.getByRole('img').nth(photosBefore).waitFor();
    assert.equal(await album.getByRole('img').count(), photosBefore + 1);
    await visitor.context().close();
  });

  test('feedback sent through the site reaches the feedback list', async () => {
    const sent = await api('/api/v1/feedback/create', {
      name: '小李',
      email: 'li@example.com',
      type: 'bug',
      message: '在手机上上传照片时，进度条停在 99% 不动。',
    });
    assert.equal(sent.code, 200, sent.message);

    const page = await newPage();
    await logIn(page, 'superadmin', { password: DEMO_PASSWORD, href: '/admin/feedback' });
    await page.waitForURL(url('/admin/feedback'));
    await page.getByRole('heading', { name: '反馈列表' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: '小李' });
    await row.getByText('问题报告').waitFor();
    await row.getByText('访客').waitFor();
    await row.getByRole('link', { name: 'li@example.com' }).waitFor();
    await row.getByText('未处理').waitFor();
    await shootBothWidths(page, 'admin-feedback');
    await row.getByRole('button', { name: '标记已处理' }).click();
    await page.getByText('已标记为已处理').first().waitFor();
    await row.getByText('已处理', { exact: true }).waitFor();
    await row.getByRole('button', { name: '重新打开' }).waitFor();
    await page.context().close();
  });

  test('the admin passes dawei’s real-name submission, and dawei is then verified', async () => {
    const daweiToken = await apiLogin('dawei', DEMO_PASSWORD);
    const front = await uploadCardSide(await paintCard('card-front.png', '身份证 正面（示例）'), 'front', daweiToken);
    const back = await uploadCardSide(await paintCard('card-back.png', '身份证 反面（示例）'), 'back', daweiToken);
    const submitted = await api(
      '/api/v1/idcard/verify',
      { idcard_front: front, idcard_back: back, name: '张三', idcard: '11010519491231002X' },
      daweiToken,
    );
    assert.equal(submitted.code, 200, submitted.message);
    const { data: before } = await api('/api/v1/user/myprofile/get', { uuid: '' }, daweiToken);
    assert.equal(before.isVerified, 0, 'not verified while under review');

    // A photo is private: without the token the server does not hand it out.
    const anonymous = await fetch(url(`/api/v1/idcard/image?path=${encodeURIComponent(front)}`));
    assert.notEqual(anonymous.status, 200);

    const page = await newPage();
    await logIn(page, 'admin', { password: DEMO_PASSWORD, href: '/admin' });
    await page.waitForURL(url('/admin'));
    // dawei's and the demo's linlin's submissions wait.
    const card = page.getByRole('link', { name: /身份证审核/ });
    await card.getByText('2 待审核').waitFor();
    await card.click();
    await page.waitForURL(url('/admin/idcard-audit'));
    await page.getByRole('heading', { name: '身份证审核' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: '张三' });
    await row.getByText('审核中').waitFor();
    await row.getByText('1101**********002X').waitFor();
    const decided = page.getByRole('row').filter({ hasText: '李小美' });
    await decided.getByText('已通过').waitFor();
    assert.equal(await decided.getByRole('button', { name: /通\s*过/ }).isDisabled(), true);
    await shootBothWidths(page, 'admin-idcard-audit');

    // The quick deny of linlin's submission: presets, the required reason, the counter; then cancelled.
    const linlin = page.getByRole('row').filter({ hasText: '王琳' });
    await linlin.getByRole('button', { name: /拒\s*绝/ }).click();
    const deny = page.getByRole('dialog').filter({ hasText: '拒绝实名认证：王琳' });
    await deny.getByRole('button', { name: /拒\s*绝/ }).click();
    await deny.getByText('请填写拒绝原因').waitFor();
    await deny.getByText('反光严重').click();
    await deny.getByText('4 / 200').waitFor();
    await shootBothWidths(page, 'admin-idcard-deny', { fullPage: false });
    await deny.getByRole('button', { name: /取\s*消/ }).click();
    await deny.waitFor({ state: 'detached' });

    // The detail: typed against recognised (no recognition service here), and both photos.
    await row.getByRole('button', { name: /详\s*情/ }).click();
    const detail = page.getByRole('dialog').filter({ hasText: '实名认证详情：张三' });
    await detail.getByText('未配置识别服务，请对照照片核验').waitFor();
    await detail.getByRole('listitem', { name: '身份证号' }).getByText('11010519491231002X').waitFor();
    for (const side of ['身份证正面', '身份证反面']) {
      const photo = detail.getByRole('img', { name: side });
      await photo.waitFor();
      assert.match(await photo.getAttribute('src'), /^blob:/);
    }
    await imagesLoaded(page, '.ant-modal img');
    await shootBothWidths(page, 'admin-idcard-detail', { fullPage: false });

    await detail.getByRole('button', { name: /通\s*过/ }).click();
    await confirmation(page).locator('.ant-modal-confirm-title', { hasText: '确定通过这份实名认证吗？' }).waitFor();
    await confirmUntilToast(page, /通\s*过/, '审核通过成功');
    await detail.waitFor({ state: 'detached' });
    await row.getByText('已通过').waitFor();
    assert.equal(await row.getByRole('button', { name: /通\s*过/ }).isDisabled(), true);
    await page.context().close();

    const { data: after } = await api('/api/v1/user/myprofile/get', { uuid: '' }, daweiToken);
    assert.equal(after.isVerified, 1);

    const visitor = await newPage();
    await logIn(visitor, 'ahao', { password: DEMO_PASSWORD, href: `/profile/${after.uuid}` });
    await visitor.waitForURL(url(`/profile/${after.uuid}`));
    await visitor.getByText('已实名').first().waitFor();
    await visitor.context().close();
  });

  test('the superadmin finds a member by username and may set roles; a plain admin may not', async () => {
    const page = await newPage();
    await logIn(page, 'superadmin', { password: DEMO_PASSWORD, href: '/admin/users' });
    await page.waitForURL(url('/admin/users'));
    await page.getByRole('heading', { name: '用户管理' }).waitFor();
    await page.locator('.ant-table-tbody tr.ant-table-row').nth(9).waitFor();
    await page.getByRole('link', { name: /用户资料审核/ }).waitFor();
    await shootBothWidths(page, 'admin-users');

    await page.getByPlaceholder('按用户名搜索').fill('linlin');
    await page.getByPlaceholder('按用户名搜索').press('Enter');
    const row = page.getByRole('row').filter({ hasText: 'linlin' });
    await row.waitFor();
    await page.getByText('共 1 条').waitFor();
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '编辑用户：琳琳' });
    const role = dialog.getByRole('combobox', { name: '角色' });
    assert.equal(await role.isDisabled(), false);
    const nickname = dialog.getByRole('textbox', { name: '昵称' });
    await nickname.fill('琳琳酱');
    await shootBothWidths(page, 'admin-users-edit', { fullPage: false });
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('更新用户成功').first().waitFor();
    await row.getByText('琳琳酱').waitFor();
    await page.context().close();

    const admin = await newPage();
    await logIn(admin, 'admin', { password: DEMO_PASSWORD, href: '/admin/users' });
    await admin.waitForURL(url('/admin/users'));
    await admin.getByPlaceholder('按用户名搜索').fill('xiaomei');
    await admin.getByPlaceholder('按用户名搜索').press('Enter');
    const mei = admin.getByRole('row').filter({ hasText: 'xiaomei' });
    await mei.getByRole('button', { name: /编\s*辑/ }).click();
    const edit = admin.getByRole('dialog').filter({ hasText: '编辑用户：小美' });
    await edit.getByText('只有系统管理员可以修改角色').waitFor();
    assert.equal(await edit.getByRole('combobox', { name: '角色' }).isDisabled(), true);
    await admin.context().close();
  });

  test('the admin withdraws and gives back an article’s approval at /admin/blogs', async () => {
    const page = await newPage();
    await logIn(page, 'admin', { password: DEMO_PASSWORD, href: '/admin/blogs' });
    await page.waitForURL(url('/admin/blogs'));
    await page.getByRole('heading', { name: '博客管理' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: '已审核' }).first();
    await row.waitFor();
    const title = await row.getByRole('link').first().innerText();
    await shootBothWidths(page, 'admin-blogs');

    await page.getByPlaceholder('按标题搜索').fill(title.slice(0, 6));
    await page.getByPlaceholder('按标题搜索').press('Enter');
    const found = page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await found.getByRole('button', { name: '取消审核' }).click();
    await confirmUntilToast(page, '取消审核', '已取消审核');
    await found.getByText('未审核').waitFor();
    await found.getByRole('button', { name: '审核通过' }).click();
    await confirmUntilToast(page, '审核通过', '已通过审核');
    await found.getByText('已审核').waitFor();

    await found.getByRole('button', { name: /编\s*辑/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '编辑博客' });
    await dialog.getByRole('textbox', { name: '标题' }).waitFor();
    await shootBothWidths(page, 'admin-blogs-edit', { fullPage: false });
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await page.context().close();
  });

  test('the superadmin reads the audit log; a plain admin is told it is theirs only', async () => {
    const page = await newPage();
    await logIn(page, 'superadmin', { password: DEMO_PASSWORD, href: '/admin' });
    await page.waitForURL(url('/admin'));
    await page.getByRole('link', { name: /操作日志/ }).click();
    await page.waitForURL(url('/admin/audit-log'));
    await page.getByRole('heading', { name: '操作日志' }).waitFor();
    // Newest first: the approval given back above, the one withdrawn, the edit of linlin, dawei's pass.
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().getByText('审核博客').waitFor();
    const pass = page.getByRole('row').filter({ hasText: '通过实名认证' });
    await pass.getByText('admin', { exact: true }).waitFor();
    const edit = page.getByRole('row').filter({ hasText: '修改用户' }).first();
    await edit.getByRole('button', { name: /展开行|expand/i }).click();
    await page
      .getByRole('region', { name: '修改后' })
      .getByText(/"nickname": "琳琳酱"/)
      .waitFor();
    await shootBothWidths(page, 'admin-audit-log');
    await page.context().close();

    const admin = await newPage();
    await logIn(admin, 'admin', { password: DEMO_PASSWORD, href: '/admin/audit-log' });
    await admin.waitForURL(url('/admin/audit-log'));
    await admin.getByText('仅系统管理员可查看操作日志').waitFor();
    await shootBothWidths(admin, 'admin-audit-log-forbidden');
    await admin.context().close();
  });
});
