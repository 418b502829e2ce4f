// Profile journeys against the real server and the built web app (spec 1 sections 2 and 4;
// spec 2 sections 2.1, 2.10 and 4). XINQIAO_SHOTS_DIR=<dir> also keeps screenshots of both
// pages at desktop and phone width there, for a person to look at.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { chooseCascade, clickUntil, shootBothWidths } from './browser.mjs';
import { PASSWORD, startJourney } from './journey.mjs';

const { url, api, apiLogin, logIn, newPage, createUser, scratchFile } = startJourney();

/** Real PNG files, painted by the browser itself, for the upload input. */
async function paintPngs(names) {
  const page = await newPage({ width: 240, height: 320 });
  const files = [];
  for (const [index, name] of names.entries()) {
    const colour = ['#E91E63', '#7E57C2', '#26A69A'][index % 3];
    await page.setContent(`<body style="margin:0;background:linear-gradient(160deg, ${colour}, #FFE0B2)"></body>`);
    const file = scratchFile(name);
    await writeFile(file, await page.screenshot({ type: 'png' }));
    files.push(file);
  }
  await page.context().close();
  return files;
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

const visible = (selector) => `${selector}:visible`;

describe('profile journeys', () => {
  test('a member fills the profile, saves it, and uploads two photos that wait for review', async () => {
    createUser({ username: 'sunnyday', password: PASSWORD });
    const [first, second] = await paintPngs(['first.png', 'second.png']);
    const page = await newPage();
    await logIn(page, 'sunnyday', { href: '/user/info' });
    await page.waitForURL(url('/user/info'));

    const nickname = page.getByLabel(/^昵称/);
    await nickname.waitFor();
    assert.equal(await nickname.isDisabled(), true);
    await page.getByRole('button', { name: /编\s*辑/ }).click();
    await nickname.fill('晴天');

    await chooseCascade(page, page.getByLabel('现居地'), ['北京市', '市辖区', '朝阳区']);

    // Each hobby from a freshly opened dropdown: typing into one left open after a choice was
    // sometimes lost on a slow machine, leaving the tree unfiltered and its branches folded.
    const hobbies = page.getByLabel('兴趣爱好');
    for (const name of ['绘画', '跑步']) {
      await hobbies.click();
      await hobbies.fill(name);
      await page.locator(visible(`.ant-select-tree-node-content-wrapper[title="${name}"]`)).click();
      await page.keyboard.press('Escape');
    }

    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('保存成功').waitFor();
    await page.getByRole('button', { name: /编\s*辑/ }).waitFor();
    await page.locator('label[for="profile_nickname"]').getByText('待审核').waitFor();

    const token = await apiLogin('sunnyday');
    const { data: saved } = await api('/api/v1/user/myprofile/get', { uuid: '' }, token);
    assert.equal(saved.nickname, '晴天');
    assert.deepEqual([saved.province, saved.city, saved.district], ['11', '1101', '110105']);
    assert.deepEqual(saved.hobbies, ['draw', 'run']);
    assert.deepEqual(saved.underReview, ['nickname']);

    await page.getByLabel('上传照片').setInputFiles([first, second]);
    await page.getByText('照片上传成功').first().waitFor();
    const cells = page.locator('[data-photo]');
    await page.waitForFunction(() => document.querySelectorAll('[data-photo]').length === 2);
    for (const cell of await cells.all()) {
      await cell.getByText('待审核').waitFor();
      assert.match(await cell.getAttribute('data-photo'), /tobeaudit/);
    }
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-photo] img')].every((img) => img.complete && img.naturalWidth > 0),
    );
    const { data: withPhotos } = await api('/api/v1/user/myprofile/get', { uuid: '' }, token);
    assert.equal(withPhotos.photos.length, 2);
    // Photos awaiting review reach their owner only with the token, so the page shows them
    // from blobs it fetched; the same address asked without the token is a missing file.
    await page.waitForFunction(() => {
      const images = [...document.querySelectorAll('[data-photo] img')];
      return images.length === 2 && images.every((img) => img.src.startsWith('blob:') && img.naturalWidth > 0);
    });
    for (const stored of withPhotos.photos) {
      const direct = await fetch(url(`/api/v1/${stored}`));
      assert.equal(direct.status, 404, stored);
      const owned = await fetch(url(`/api/v1/${stored}`), { headers: { Authorization: `Bearer ${token}` } });
      assert.equal(owned.status, 200, stored);
      assert.equal(owned.headers.get('cache-control'), 'private, no-store');
    }

    await page.reload();
    await page.locator('[data-photo]').first().waitFor();
    await shootBothWidths(page, 'user-info');
    await page.context().close();
  });

  test('a protected member’s photos cost 10 points to see, after a confirmation', async () => {
    createUser({ username: 'shyone', password: PASSWORD });
    createUser({ username: 'curious', password: PASSWORD });
    createUser({ username: 'auditor', password: PASSWORD, role: 'admin' });
    const [photo] = await paintPngs(['shy.png']);

    const shyToken = await apiLogin('shyone');
    const { data: shy } = await api('/api/v1/user/myprofile/get', { uuid: '' }, shyToken);
    const stored = await uploadThroughApi(photo, 'photo', shyToken);
    const saved = await api(
      '/api/v1/user/profile/update',
      {
        photos: [stored],
        gender: 'female',
        birthday: 19960618,
        height: 163,
        occupation: '插画师',
        education: '本科',
        province: '33',
        city: '3301',
        district: '330106',
        hobbies: ['draw', 'photo', 'cook'],
        tags: ['gentle', 'optimistic'],
        income: 20,
      },
      shyToken,
    );
    assert.equal(saved.code, 200, saved.message);

    const adminToken = await apiLogin('auditor');
    const { data: queue } = await api('/api/v1/admin/user/image/audit/list', {}, adminToken);
    const pending = queue.photos.find((item) => item.uuid === shy.uuid);
    assert.ok(pending, 'the new photo waits in the audit list');
    const passed = await api('/api/v1/admin/user/image/audit', { photoId: pending.photoId, isAudited: 1 }, adminToken);
    assert.equal(passed.code, 200, passed.message);
    const { data: beforeProtection } = await api('/api/v1/user/myprofile/get', { uuid: '' }, shyToken);
    const openAddress = `/api/v1/${beforeProtection.photos[0]}`;
    const protectedNow = await api('/api/v1/user/profile/update', { photoProtection: 1 }, shyToken);
    assert.equal(protectedNow.code, 200, protectedNow.message);

    const page = await newPage();
    await logIn(page, 'curious', { href: `/profile/${shy.uuid}` });
    await page.waitForURL(url(`/profile/${shy.uuid}`));
    const dialog = page.getByRole('dialog');
    await dialog.getByText('您之前未访问过该用户，查看需要消耗10积分，是否继续？').waitFor();
    const albumPhoto = page.getByRole('list', { name: '相册' }).getByRole('img').first();
    const blurredSrc = await albumPhoto.getAttribute('src');
    assert.match(blurredSrc, /_blur/);
    // What a curious member tries from the page: the blurred name without `_blur`, its
    // thumbnail, and the address the photo had before its owner turned protection on.
    const guessed = await page.evaluate(
      async ([src, open]) => {
        const [stem, extension] = src.split('_blur.');
        const guesses = [src, `${stem}.${extension}`, `${stem}_thumb.${extension}`, open];
        return Promise.all(guesses.map(async (guess) => (await fetch(guess)).status));
      },
      [blurredSrc, openAddress],
    );
    assert.deepEqual(guessed, [200, 404, 404, 404]);

    await clickUntil(dialog.getByRole('button', { name: /确\s*定/ }), (timeout) =>
      page.waitForFunction(
        () => {
          const img = document.querySelector('ul[aria-label="相册"] img');
          return img && !img.getAttribute('src').includes('_blur');
        },
        undefined,
        { timeout },
      ),
    );
    await page.getByRole('button', { name: /解锁照片/ }).waitFor({ state: 'detached' });
    await page.getByText('本科').waitFor();
    await page.getByText('1万-2万').waitFor();

    const curiousToken = await apiLogin('curious');
    const { data: balances } = await api('/api/v1/user/balance', undefined, curiousToken);
    assert.equal(balances.find((entry) => entry.currencyCode === 'POINTS')?.balance, 90);

    await page.waitForFunction(() =>
      [...document.querySelectorAll('ul[aria-label="相册"] img')].every((img) => img.complete && img.naturalWidth > 0),
    );
    await shootBothWidths(page, 'profile');
    await page.context().close();
  });
});
