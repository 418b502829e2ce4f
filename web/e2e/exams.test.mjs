// Assessments against the real server with the demo content (spec 2 sections 2.4, 2.14–2.18):
// a guest is asked to sign in before starting; demo member dawei buys the Big Five (¥19.90,
// 买一送一), answers part of it, reloads and finds the answers restored, finishes, lands on the
// radar result and recalculates it; a four-pole result shows pole bars and its type letters; a
// PHQ-9 with item 9 above 0 shows the help block above the result.
// XINQIAO_SHOTS_DIR=<dir> also keeps screenshots at desktop and phone width.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { clickUntil, shootBothWidths } from './browser.mjs';
import { DEMO_PASSWORD, startJourney } from './journey.mjs';

const { url, api, apiLogin, logIn, newPage } = startJourney({ demo: true });

const BIG_FIVE = '大五人格测评（IPIP-50）';
const FOUR_POLES = '四维性格类型测评';
const PHQ9 = 'PHQ-9 抑郁症状自评';

/** The demo's assessments by name, as a member lists them. */
async function examIds(token) {
  const listed = await api('/api/v1/exam/list', { fromId: 0 }, token);
  assert.equal(listed.code, 200, listed.message);
  return Object.fromEntries(listed.data.exams.map((exam) => [exam.examName, exam.id]));
}

/** Buys (when paid), starts and submits an attempt through the API, choosing `pick(question)`. */
async function takeByApi(token, examId, pick) {
  let started = await api('/api/v1/exam/start', { examId }, token);
  if (started.code === 403) {
    const bought = await api('/api/v1/exam/buy', { id: examId }, token);
    assert.equal(bought.code, 200, bought.message);
    started = await api('/api/v1/exam/start', { examId }, token);
  }
  assert.equal(started.code, 200, started.message);
  const answers = started.data.questions.map((question) => ({ qid: question.qid, oid: pick(question) }));
  const submitted = await api('/api/v1/exam/answer', { examId, answers, isTemp: 0 }, token);
  assert.equal(submitted.code, 200, submitted.message);
  return submitted.data.resultId;
}

/** Scrolls to the end of the list, where the next page loads (100 px early), until 没有更多了. */
async function scrollToEnd(page) {
  await page.mouse.wheel(0, 10_000);
  await page.getByText('没有更多了').waitFor();
}

const counter = (page, index, total) => page.getByText(`第 ${index} / ${total} 题`, { exact: true });

describe('assessment journeys', () => {
  test('a guest sees the list, and 开始测评 asks to sign in first', async () => {
    const page = await newPage();
    await page.goto(url('/testlist'));
    const card = page.getByRole('listitem', { name: BIG_FIVE });
    await card.waitFor();
    await card.getByText('¥19.90').waitFor();
    await card.getByText('买一送一').waitFor();
    await page.getByRole('listitem', { name: PHQ9 }).getByText('免费').waitFor();
    await scrollToEnd(page);
    assert.equal(await page.getByRole('link', { name: /创建测评/ }).count(), 0);

    await card.getByRole('button', { name: /开始测评/ }).click();
    await page.getByText('需要登录后才能开始测评，是否前往登录？').waitFor();
    await clickUntil(page.getByRole('button', { name: /去登录/ }), (timeout) =>
      page.waitForURL(/\/login\?href=/, { timeout }),
    );
    assert.match(page.url(), /href=%2Fexam%2Ftake%2F\d+/);
    await page.context().close();
  });

  test('dawei buys the Big Five, resumes after a reload, finishes on a radar and recalculates', async () => {
    const page = await newPage();
    await logIn(page, 'dawei', { password: DEMO_PASSWORD, href: '/testlist' });
    await page.waitForURL(url('/testlist'));
    const card = page.getByRole('listitem', { name: BIG_FIVE });
    await card.waitFor();
    await scrollToEnd(page);
    await shootBothWidths(page, 'exam-list');

    await card.getByRole('button', { name: /查\s*看/ }).click();
    await page.waitForURL(/\/exam\/\d+$/);
    await page.getByRole('heading', { name: BIG_FIVE }).waitFor();
    await page.getByText('买一送一：购买一次可完成两次测评').waitFor();
    await shootBothWidths(page, 'exam-detail');
    await page.getByRole('button', { name: /购买并开始/ }).click();
    await page.waitForURL(/\/exam\/take\/\d+$/);
    await page.getByText('购买成功，开始测评').first().waitFor();
    await counter(page, 1, 50).waitFor();

    // Five answers, each advancing on its own after 250 ms.
    for (let index = 1; index <= 5; index += 1) {
      await page.getByRole('radio', { name: '比较符合' }).click();
      await counter(page, index + 1, 50).waitFor();
    }
    await page.getByText(/已自动保存/).waitFor();
    const submit = page.getByRole('button', { name: /提\s*交/ });
    assert.equal(await submit.isDisabled(), true);

    await page.reload();
    await page.getByText('已为你恢复上次保存的 5 道题的作答').waitFor();
    await counter(page, 6, 50).waitFor();
    await page.getByText('已答 5 / 50').waitFor();
    await page.getByRole('navigation', { name: '题号' }).getByRole('button', { name: '第 3 题（已作答）' }).click();
    await counter(page, 3, 50).waitFor();
    assert.equal(await page.getByRole('radio', { name: '比较符合' }).getAttribute('aria-checked'), 'true');
    await page
      .getByRole('navigation', { name: '题号' })
      .getByRole('button', { name: /^第 6 题/ })
      .click();
    await counter(page, 6, 50).waitFor();
    await shootBothWidths(page, 'exam-take', { fullPage: false });

    const choices = ['非常不符合', '比较不符合', '不确定', '比较符合', '非常符合'];
    for (let index = 6; index <= 50; index += 1) {
      await page.getByRole('radio', { name: choices[index % choices.length] }).click();
      if (index < 50) await counter(page, index + 1, 50).waitFor();
    }
    await page.getByText('已答 50 / 50').waitFor();
    assert.equal(await submit.isDisabled(), false);
    await submit.click();
    await page.waitForURL(/\/exam\/result\/\d+$/);
    await page.getByText('测试提交成功').first().waitFor();
    await page.locator('[data-view="radar"] canvas').waitFor();
    await page.getByRole('rowheader', { name: '外向性', exact: true }).waitFor();
    assert.equal(await page.getByText(/__\d/).count(), 0);
    await shootBothWidths(page, 'exam-result-radar');

    await page.getByRole('button', { name: /重新计算/ }).click();
    await page.getByText('重新计算成功').first().waitFor();

    await page.getByRole('link', { name: /历史记录/ }).click();
    await page.waitForURL(/\/exam\/result\/list\/\d+$/);
    await page.getByRole('link', { name: '查看详情' }).first().waitFor();
    await page.context().close();
  });

  test('a four-pole result shows pole bars and the type; a PHQ-9 with item 9 shows the help block first', async () => {
    const token = await apiLogin('dawei', DEMO_PASSWORD);
    const ids = await examIds(token);
    // Agree with E, N, F and P items only (qid order E S T J I N F P).
    const poles = await takeByApi(token, ids[FOUR_POLES], (question) =>
      [1, 6, 7, 0].includes(question.qid % 8) ? 5 : 1,
    );
    const phq = await takeByApi(token, ids[PHQ9], (question) => (question.qid === 9 ? 2 : 1));

    const page = await newPage();
    await logIn(page, 'dawei', { password: DEMO_PASSWORD, href: `/exam/result/${poles}` });
    await page.waitForURL(url(`/exam/result/${poles}`));
    await page.locator('[data-view="bars"]').waitFor();
    await page.getByText('ENFP', { exact: true }).waitFor();
    await page.getByRole('img', { name: 'E 外向 30，I 内向 6' }).waitFor();
    await shootBothWidths(page, 'exam-result-bars');

    await page.goto(url(`/exam/result/${phq}`));
    const help = page.getByRole('note', { name: '现在就可以获得帮助' });
    await help.waitFor();
    await help.getByRole('link', { name: '12356' }).waitFor();
    await page.locator('[data-view="single"]').waitFor();
    await page.getByText('这项筛查的结果只有你本人可以看到。').waitFor();
    const helpBox = await help.boundingBox();
    const titleBox = await page.getByRole('heading', { name: PHQ9 }).boundingBox();
    assert.ok(helpBox.y < titleBox.y, 'the help block comes above the result');
    await shootBothWidths(page, 'exam-result-crisis');
    await page.context().close();
  });
});
