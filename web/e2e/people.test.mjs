// Finding people (issue 13) against the real server and the built web app: a recommended member
// is liked from /people and shows up in 我喜欢的; the other likes back from 喜欢我的 and both see
// each other in 相互喜欢; a blacklisting makes them vanish from each other's lists and lands on
// /blacklist. XINQIAO_SHOTS_DIR=<dir> also keeps screenshots at desktop and phone width.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { clickUntil, shootBothWidths } from './browser.mjs';
import { PASSWORD, startJourney } from './journey.mjs';

const { url, api, apiLogin, logIn, newPage, createUser } = startJourney();

/** A member with a saved profile, as the profile form would save it (no nickname: that would
 * wait for review, and cards show the username meanwhile). */
async function memberWith(username, profile) {
  createUser({ username, password: PASSWORD });
  const token = await apiLogin(username);
  const saved = await api('/api/v1/user/profile/update', profile, token);
  assert.equal(saved.code, 200, saved.message);
  return token;
}

const hangzhou = { province: '33', city: '3301', district: '330106', education: '本科', maritalStatus: '未婚' };

/** The card of the person named `name` on the page. */
const card = (page, name) => page.getByRole('article', { name });

async function openTab(page, tab) {
  await page.getByRole('tab', { name: tab }).click();
}

describe('people journeys', () => {
  test('like a recommended member, like back, meet in 相互喜欢, then blacklist and vanish', async () => {
    await memberWith('xiaoyu', {
      ...hangzhou,
      gender: 'female',
      birthday: 19960312,
      height: 163,
      occupation: '设计师',
      hobbies: ['photo', 'travel', 'read'],
    });
    await memberWith('ahang', {
      ...hangzhou,
      gender: 'male',
      birthday: 19940820,
      height: 178,
      occupation: '工程师',
      hobbies: ['photo', 'travel', 'sport'],
    });
    await memberWith('laozhang', {
      province: '44',
      city: '4401',
      district: '440103',
      gender: 'male',
      birthday: 19780101,
      hobbies: ['golf'],
    });

    const her = await newPage();
    await her.goto(url('/people'));
    await her.waitForURL(/\/login/);
    await logIn(her, 'xiaoyu', { href: '/people' });
    await her.waitForURL(url('/people'));
    const best = card(her, 'ahang');
    await best.waitFor();
    await best.getByText('共同爱好：摄影、旅游').waitFor();
    await best.getByText('同城').waitFor();
    const names = await her.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
    assert.deepEqual(names, ['ahang', 'laozhang'], 'the best fit first, and only the other sex');
    await shootBothWidths(her, 'people');

    await best.getByRole('button', { name: '喜欢' }).click();
    await her.getByText('已添加到喜欢列表').waitFor();
    await her.goto(url('/like'));
    await openTab(her, '我喜欢的');
    await card(her, 'ahang').waitFor();

    const him = await newPage();
    await logIn(him, 'ahang', { href: '/like' });
    await him.waitForURL(url('/like'));
    const admirer = card(him, 'xiaoyu');
    await admirer.waitFor();
    await admirer.getByRole('button', { name: '喜欢' }).click();
    await him.getByText('已添加到喜欢列表').waitFor();
    await openTab(him, '相互喜欢');
    await card(him, 'xiaoyu').waitFor();
    await shootBothWidths(him, 'like');

    await openTab(her, '相互喜欢');
    await her.getByRole('button', { name: '刷新' }).click();
    const friend = card(her, 'ahang');
    await friend.waitFor();
    await friend.getByRole('button', { name: '拉黑' }).click();
    // The confirmation zooms in: a click that lands beside its button is made again.
    await clickUntil(her.getByRole('dialog').getByRole('button', { name: /确\s*定/ }), (timeout) =>
      her.getByText('已添加到黑名单').waitFor({ timeout }),
    );
    await card(her, 'ahang').waitFor({ state: 'detached' });

    await her.goto(url('/blacklist'));
    await card(her, 'ahang').waitFor();
    await shootBothWidths(her, 'blacklist');
    await her.goto(url('/people'));
    await card(her, 'laozhang').waitFor();
    assert.equal(await card(her, 'ahang').count(), 0, 'a blacklisted member is not recommended');

    await him.reload();
    await openTab(him, '相互喜欢');
    await him.getByRole('button', { name: '刷新' }).click();
    await him.getByText('还没有相互喜欢的人，遇到心动的人就主动一点吧').waitFor();
    assert.equal(await card(him, 'xiaoyu').count(), 0, 'the blacklisting works both ways');
    const profile = await api(
      '/api/v1/user/profile/get',
      { uuid: (await api('/api/v1/user/myprofile/get', {}, await apiLogin('xiaoyu'))).data.uuid },
      await apiLogin('ahang'),
    );
    assert.equal(profile.code, 404, 'her profile is unknown to him');
    await her.context().close();
    await him.context().close();
  });
});
