// Home showcase, static pages and the mental-health mini test against the real server and the built web app
// (spec 1 sections 2, 3, 5, 8 and 9; spec 2 section 2.3).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, describe, test } from 'node:test';
import { DESKTOP, PHONE } from './browser.mjs';
import { PASSWORD, startJourney } from './journey.mjs';

const { url, logIn, newPage, createUser } = startJourney();

/** The carousel's visible slide, by its "n / 3" label. */
const activeSlide = (page) =>
  page.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])').getAttribute('aria-label');

/** POST requests to the API made while `action` runs. */
async function apiPostsDuring(page, action) {
  const posts = [];
  const record = (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/')) posts.push(request.url());
  };
  page.on('request', record);
  await action();
  page.off('request', record);
  return posts;
}

describe('home page', () => {
  test('the carousel is 500 px high with its pictures and moves on by itself after 4 s', async () => {
    const page = await newPage();
    await page.goto(url('/'));
    const carousel = page.getByRole('region', { name: '心桥精选' });
    await carousel.waitFor();
    assert.equal(await carousel.getAttribute('aria-roledescription'), 'carousel');
    assert.equal(Math.round((await carousel.boundingBox()).height), 500);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[aria-roledescription="slide"] img')].some(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    assert.equal(await activeSlide(page), '1 / 3');
    await page.waitForTimeout(4_500);
    assert.equal(await activeSlide(page), '2 / 3');
    assert.equal(await carousel.getByRole('button', { name: '第 2 张' }).getAttribute('aria-current'), 'true');

    await carousel.getByRole('button', { name: '第 1 张' }).click();
    assert.equal(await activeSlide(page), '1 / 3');
    await page.context().close();
  });

  test('the carousel is shorter on a phone', async () => {
    const page = await newPage(PHONE);
    await page.goto(url('/'));
    const carousel = page.getByRole('region', { name: '心桥精选' });
    await carousel.waitFor();
    const { height } = await carousel.boundingBox();
    assert.ok(height >= 200 && height < 300, `phone carousel height ${height}`);
    await page.context().close();
  });

  test('a guest is offered the login button, a member the way to the moments', async () => {
    const guest = await newPage();
    await guest.goto(url('/'));
    const guestMain = guest.getByRole('main');
    await guestMain.getByRole('link', { name: /^登\s*录$/ }).waitFor();
    assert.equal(await guestMain.getByRole('link', { name: /^登\s*录$/ }).getAttribute('href'), '/login');
    assert.equal(await guestMain.getByRole('link', { name: '去看看动态' }).count(), 0);
    await guest.context().close();

    createUser({ username: 'homevisitor', password: PASSWORD });
    const member = await newPage();
    await logIn(member, 'homevisitor');
    await member.waitForURL(url('/'));
    const memberMain = member.getByRole('main');
    const toMoments = memberMain.getByRole('link', { name: '去看看动态' });
    assert.equal(await toMoments.getAttribute('href'), '/moment');
    assert.equal(await memberMain.getByRole('link', { name: /^登\s*录$/ }).count(), 0);
    await toMoments.click();
    await member.waitForURL(url('/moment'));
    await member.context().close();
  });
});

describe('static pages', () => {
  test('the contact page shows the configured details', async () => {
    const page = await newPage();
    await page.goto(url('/contact'));
    const details = page.getByRole('region', { name: '联系方式' });
    assert.equal(await details.getByRole('link', { name: '0571 8888 6666' }).getAttribute('href'), 'tel:057188886666');
    assert.equal(
      await details.getByRole('link', { name: 'hello@example.com' }).getAttribute('href'),
      'mailto:hello@example.com',
    );
    assert.equal(await details.getByText('地址').count(), 0);
    await page.context().close();
  });

  test('the contact form thanks the sender without calling the server', async () => {
    const page = await newPage(PHONE);
    await page.goto(url('/contact'));
    await page.getByRole('button', { name: /发送留言/ }).click();
    await page.getByText('请输入你的称呼').waitFor();

    await page.getByLabel('称呼').fill('王女士');
    await page.getByLabel('邮箱').fill('wang@example.com');
    await page.getByLabel('主题').fill('商务合作');
    await page.getByLabel('留言', { exact: true }).fill('想了解线下活动的合作方式。');
    const posts = await apiPostsDuring(page, async () => {
      await page.getByRole('button', { name: /发送留言/ }).click();
      await page.getByText('Thank you for your message!').waitFor();
    });
    assert.deepEqual(posts, []);
    await page.context().close();
  });

  test('the feedback form is stored by the server, thanks the sender and clears', async () => {
    const page = await newPage();
    await page.goto(url('/feedback'));
    await page.getByLabel('称呼').fill('小李');
    await page.getByLabel('邮箱').fill('li@example.com');
    await page.getByRole('combobox', { name: '反馈类型' }).click();
    await page.getByTitle('功能需求').click();
    await page.getByLabel('反馈内容').fill('希望增加夜间模式');

    const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/feedback/create'));
    await page.getByRole('button', { name: /提交反馈/ }).click();
    const response = await answered;
    assert.equal(response.status(), 200);
    assert.deepEqual(response.request().postDataJSON(), {
      name: '小李',
      email: 'li@example.com',
      type: 'feature',
      message: '希望增加夜间模式',
    });
    await page.getByRole('status').getByText('Thank you for your feedback!').waitFor();
    assert.equal(await page.getByLabel('反馈内容').inputValue(), '');
    await page.context().close();
  });

  test('the about search lists FAQ and help matches and keeps the keyword in the address', async () => {
    const page = await newPage();
    await page.goto(url('/about'));
    const box = page.getByRole('searchbox', { name: '搜索博客文章、常见问题和帮助' });
    await box.fill('实名认证');
    await box.press('Enter');
    await page.waitForURL((current) => current.searchParams.get('search') === '实名认证');
    await page.getByText('没有找到相关的博客文章').waitFor();
    const pages = page.getByRole('list', { name: '常见问题与帮助' });
    await pages.getByRole('link', { name: /实名认证怎么做？/ }).click();
    await page.waitForURL(url('/faq'));
    await page.context().close();
  });
});

describe('mental-health mini test', () => {
  test('from the basic info to a result, the report download, and back to step 0', async () => {
    const page = await newPage(DESKTOP, { acceptDownloads: true });
    const posts = await apiPostsDuring(page, async () => {
      await page.goto(url('/mentaltest'));
      await page.getByRole('button', { name: /下一步/ }).click();
      await page.getByText('请输入姓名').waitFor();
      await page.getByText('请选择性别').waitFor();

      await page.getByLabel('姓名').fill('小雨');
      await page.getByLabel('女').check();
      await page.getByRole('button', { name: /下一步/ }).click();

      const groups = page.getByRole('radiogroup');
      await groups.first().waitFor();
      assert.equal(await groups.count(), 5);
      for (let index = 0; index < 5; index += 1) {
        await groups.nth(index).getByLabel('几乎每天').check();
      }
      await page.getByRole('button', { name: /查看结果/ }).click();
    });
    assert.deepEqual(posts, []);

    await page.getByText('建议寻求专业帮助').waitFor();
    assert.equal(await page.getByRole('link', { name: '12356' }).getAttribute('href'), 'tel:12356');

    const link = page.getByRole('link', { name: /下载报告/ });
    await link.waitFor();
    const downloading = page.waitForEvent('download');
    await link.click();
    const download = await downloading;
    assert.match(download.suggestedFilename(), /^心理健康小测试报告-\d{4}-\d{2}-\d{2}\.png$/);
    const png = await readFile(await download.path());
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.equal(png.readUInt32BE(16), 1800, 'report width in pixels');
    assert.ok(png.readUInt32BE(20) > 1000, 'report height in pixels');

    await page.getByRole('button', { name: /重新测试/ }).click();
    assert.equal(await page.getByLabel('姓名').inputValue(), '');
    assert.equal(await page.getByLabel('年龄').inputValue(), '18');
    await page.context().close();
  });
});
