// Blog journeys against the real server and the built web app (spec 1 sections 2, 4, 5, 8).
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { confirmUntilToast } from './browser.mjs';
import { PASSWORD, startJourney } from './journey.mjs';

const { url, api, apiLogin, logIn, newPage, createUser, scratchFile } = startJourney();

/** A real PNG painted by the browser, small enough for the 2 MB banner limit. */
async function paintBanner(name) {
  const page = await newPage({ width: 320, height: 140 });
  await page.setContent('<body style="margin:0;background:linear-gradient(120deg,#F48FB1,#FFE0B2)"></body>');
  const file = scratchFile(name);
  await writeFile(file, await page.screenshot({ type: 'png' }));
  await page.context().close();
  return file;
}

/** Titles of the cards /blog shows once its list has loaded. */
async function publicTitles(page) {
  await page.goto(url('/blog'));
  await page.getByRole('heading', { name: '博客', exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.locator('[data-blog-id], .ant-empty').first().waitFor();
  return page.locator('[data-blog-id] h3').allInnerTexts();
}

const MARKDOWN = ['## 咖啡馆里的相遇', '', '| 时间 | 地点 |', '|---|---|', '| 周六下午 | 湖边咖啡馆 |', ''].join('\n');

describe('blog journeys', () => {
  test('write a draft with a new tag and a banner, publish it, unpublish it, delete it', async () => {
    createUser({ username: 'blogger', password: PASSWORD });
    const banner = await paintBanner('banner.png');
    const page = await newPage();
    await logIn(page, 'blogger');
    await page.waitForURL(url('/'));
    const title = '周末咖啡馆的小记';

    await page.goto(url('/blog'));
    await page.getByRole('link', { name: /写博客/ }).click();
    await page.waitForURL(url('/blog/create'));
    await page.getByLabel('标题').fill(title);
    const tags = page.getByLabel('标签');
    await tags.fill('咖啡时光');
    await tags.press('Enter');
    await page.getByLabel('摘要').fill('一杯拿铁，一个下午，一次真诚的聊天。');
    await page.locator('input[type="file"]').setInputFiles(banner);
    await page.getByText('图片上传成功').waitFor();
    const preview = page.getByRole('img', { name: '封面预览' });
    await preview.waitFor();
    assert.match(await preview.getAttribute('src'), /^\/api\/v1\/uploads\/banner\//);
    await page.locator('textarea#content').fill(MARKDOWN);
    await page.locator('.w-md-editor-preview table').waitFor();
    await page.getByRole('switch').click();
    assert.match(await page.getByRole('switch').innerText(), /草稿/);
    await page.getByRole('button', { name: /提\s*交/ }).click();

    await page.waitForURL((current) => /^\/blog\/\d+$/.test(current.pathname));
    const id = new URL(page.url()).pathname.split('/').pop();
    await page.getByText('博客发布成功').waitFor();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.locator('article').getByText('草稿', { exact: true }).waitFor();

    await page.goto(url('/blog/list/my'));
    await page.getByRole('heading', { name: '我的文章' }).waitFor();
    const card = page.locator(`[data-blog-id="${id}"]`);
    await card.getByText('草稿', { exact: true }).waitFor();
    await card.getByText('咖啡时光', { exact: true }).waitFor();
    assert.equal((await publicTitles(page)).includes(title), false, 'a draft is not on /blog');

    await page.goto(url('/blog/list/my'));
    await card.getByRole('button', { name: /^发\s*布$/ }).click();
    await page.getByText('发布成功').waitFor();
    await card.getByText('已发布', { exact: true }).waitFor();

    assert.equal((await publicTitles(page)).includes(title), true, 'a published article is on /blog');
    await page.locator(`[data-blog-id="${id}"]`).getByRole('link', { name: title }).click();
    await page.waitForURL(url(`/blog/${id}`));
    const article = page.locator('article');
    await article.getByRole('heading', { level: 2, name: '咖啡馆里的相遇' }).waitFor();
    assert.deepEqual(await article.locator('table th').allInnerTexts(), ['时间', '地点']);
    assert.deepEqual(await article.locator('table td').allInnerTexts(), ['周六下午', '湖边咖啡馆']);
    await article.getByText('咖啡时光').waitFor();
    const cover = page.locator(`img[src^="/api/v1/uploads/banner/"]`);
    await cover.waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('img[src^="/api/v1/uploads/banner/"]')].every((img) => img.naturalWidth > 0),
    );
    assert.equal(await article.getByText('草稿', { exact: true }).count(), 0);

    await page.goto(url('/blog/list/my'));
    await card.getByRole('button', { name: /取消发布/ }).click();
    await page.getByText('已取消发布').waitFor();
    await card.getByText('草稿', { exact: true }).waitFor();
    assert.equal((await publicTitles(page)).includes(title), false, 'an unpublished article leaves /blog');

    await page.goto(url('/blog/list/my'));
    await card.getByRole('button', { name: /删\s*除/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('确定要删除这篇文章吗？').waitFor();
    await confirmUntilToast(page, /确\s*定/, '删除成功');
    await card.waitFor({ state: 'detached' });

    await page.goto(url(`/blog/${id}`));
    await page.getByText('文章不存在或已被删除').waitFor();
    await page.context().close();
  });

  test('script and event handlers in an article render inert, on the page and in the editor preview', async () => {
    createUser({ username: 'mallory', password: PASSWORD });
    const token = await apiLogin('mallory');
    const created = await api(
      '/api/v1/blog/create',
      {
        title: '看起来很正常的文章',
        tags: [],
        categories: [],
        banner: '',
        twitterAuthor: '',
        authors: [],
        summary: '',
        content: [
          '# 正常的标题',
          '',
          '<script>window.__pwned=1</script>',
          '',
          '<img src=x onerror="window.__pwned=1">',
          '',
          '<a href="javascript:window.__pwned=1" onclick="window.__pwned=1">点我</a>',
          '',
          '| 甲 | 乙 |',
          '|---|---|',
          '| 1 | 2 |',
        ].join('\n'),
        isPublished: 1,
      },
      token,
    );
    assert.equal(created.code, 200, created.message);
    const id = created.data.id;

    const checkInert = async (page, root) => {
      // Give a failing <img> time to fire its error event.
      await page.waitForTimeout(500);
      assert.equal(await page.evaluate(() => window.__pwned), undefined);
      const found = await page.locator(root).evaluate((element) => ({
        scripts: element.querySelectorAll('script').length,
        handlers: [...element.querySelectorAll('*')].filter((node) =>
          [...node.attributes].some((attribute) => attribute.name.startsWith('on')),
        ).length,
        jsLinks: [...element.querySelectorAll('a')].filter((a) => /^\s*javascript:/i.test(a.getAttribute('href') ?? ''))
          .length,
      }));
      assert.deepEqual(found, { scripts: 0, handlers: 0, jsLinks: 0 });
    };

    const guest = await newPage();
    await guest.goto(url(`/blog/${id}`));
    const article = guest.locator('article');
    await article.getByRole('heading', { level: 1, name: '正常的标题' }).waitFor();
    await article.locator('table').waitFor();
    await checkInert(guest, 'article');
    await article.getByText('点我').click();
    assert.equal(await guest.evaluate(() => window.__pwned), undefined);
    await guest.context().close();

    const author = await newPage();
    await logIn(author, 'mallory');
    await author.waitForURL(url('/'));
    await author.goto(url(`/blog/edit/${id}`));
    await author.locator('.w-md-editor-preview h1', { hasText: '正常的标题' }).waitFor();
    await checkInert(author, '.w-md-editor-preview');
    await author.context().close();
  });

  test('a member named as co-author is only invited, and becomes an author by accepting', async () => {
    createUser({ username: 'zhou', password: PASSWORD });
    createUser({ username: 'xiaomei', password: PASSWORD });
    const title = '两个人一起写的旅行笔记';

    const writer = await newPage();
    await logIn(writer, 'zhou');
    await writer.waitForURL(url('/'));
    await writer.goto(url('/blog/create'));
    await writer.getByLabel('标题').fill(title);
    const authors = writer.getByLabel('作者', { exact: true });
    await authors.fill('xiaomei');
    await authors.press('Enter');
    await writer.getByText('被点名的会员会收到邀请，接受后才会成为共同作者').waitFor();
    await writer.locator('textarea#content').fill('我们在大理住了一周，每天都去洱海边散步。');
    await writer.getByRole('button', { name: /提\s*交/ }).click();
    await writer.waitForURL((current) => /^\/blog\/\d+$/.test(current.pathname));
    const id = new URL(writer.url()).pathname.split('/').pop();
    await writer.getByText('博客发布成功').waitFor();
    await writer.context().close();
    const byline = async () => (await api(`/api/v1/blog/${id}`)).data.authors;
    assert.deepEqual(await byline(), ['zhou'], 'not a co-author before accepting');

    const invitee = await newPage();
    await logIn(invitee, 'xiaomei');
    await invitee.waitForURL(url('/'));
    await invitee.goto(url('/blog/list/my'));
    await invitee.getByRole('heading', { name: '我的文章' }).waitFor();
    const invitations = invitee.getByRole('list', { name: '共同作者邀请' });
    await invitations.getByText(title).waitFor();
    await invitations.getByText('zhou 邀请你成为这篇文章的共同作者').waitFor();
    assert.equal(await invitee.locator(`[data-blog-id="${id}"]`).count(), 0, 'not in 我的文章 yet');
    await invitations.getByRole('button', { name: /接\s*受/ }).click();
    await invitee.getByText('已接受邀请，你已成为共同作者').waitFor();
    await invitee.locator(`[data-blog-id="${id}"]`).waitFor();
    await invitations.waitFor({ state: 'detached' });
    assert.deepEqual(await byline(), ['zhou', 'xiaomei']);
    await invitee.context().close();
  });
});
