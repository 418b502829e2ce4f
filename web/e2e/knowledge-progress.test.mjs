// Learning for real against the server with the demo content (issue 18; spec 3 section 2
// "Learning progress"): a new member opens the free demo course, marks its first point learned,
// passes the course's exercise in the browser and sees the points it mastered (✓ in the tree)
// and the score; then /knowledge/progress shows the numbers moved: points mastered, the course
// with its progress, the recently mastered list, and recommendations with their reasons.
// The right answers come from the demo admin's resource list (admins get `questions` with them),
// never from the learner's own calls. XINQIAO_SHOTS_DIR=<dir> keeps screenshots of the exercise
// dialog and the progress page at desktop and phone width.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, PHONE, shootBothWidths } from './browser.mjs';
import { DEMO_PASSWORD, PASSWORD, startJourney } from './journey.mjs';

const { url, api, apiLogin, logIn, newPage, createUser } = startJourney({ demo: true });

const FREE = '恋爱心理学入门';
const FIRST_POINT = '恋爱心理学是什么';
const EXERCISE = '小测验：依恋与亲密';
const EXERCISE_POINT = '依恋理论基础';

/** The demo exercise's questions with their answers, as the demo admin reads them. */
async function exerciseAnswers() {
  const token = await apiLogin('admin', DEMO_PASSWORD);
  const listed = await api('/api/v1/knowledge/resources/list', { page: 1, pageSize: 1000, keyword: EXERCISE }, token);
  assert.equal(listed.code, 200, listed.message);
  const exercise = listed.data.list.find((resource) => resource.name === EXERCISE);
  assert.ok(exercise?.questions?.length > 0, 'the demo exercise holds questions');
  return exercise.questions;
}

/** The learner's mark on a point of the tree (its title's data-mark): mastered, locked or null. */
async function markOf(page, name) {
  return page
    .getByRole('tree')
    .getByText(name, { exact: true })
    .evaluate((element) => element.closest('[data-mark]')?.getAttribute('data-mark') ?? null);
}

/** Waits until the tree marks the point so (the course is asked again after a change). */
function waitForMark(page, name, mark) {
  return page.waitForFunction(
    ([wanted, expected]) => {
      const title = [...document.querySelectorAll('[role="tree"] span')].find((node) => node.textContent === wanted);
      return (title?.closest('[data-mark]')?.getAttribute('data-mark') ?? null) === expected;
    },
    [name, mark],
  );
}

describe('learning progress journey', () => {
  test('a member masters points of the free course and sees the progress page move', async () => {
    await createUser({ username: 'xuexi', password: PASSWORD });
    const page = await newPage();
    await logIn(page, 'xuexi', { href: '/knowledge/courses' });
    await page.waitForURL(url('/knowledge/courses'));
    // Asked only now: the seeding above blocked this process long enough for the server to close
    // the idle connection from its health check, which a request made at once would reuse.
    const questions = await exerciseAnswers();

    // Nothing learned yet: the progress page says so and offers the courses.
    await page.goto(url('/knowledge/progress'));
    await page.getByText('还没有开始学习任何课程').waitFor();
    await page.getByRole('link', { name: '去看看课程' }).waitFor();

    await page.goto(url('/knowledge/courses'));
    await page.getByRole('listitem', { name: FREE }).getByRole('button', { name: '开始学习' }).click();
    await page.waitForURL(/\/knowledge\/courses\/display\/\d+$/);
    await page.getByRole('heading', { level: 1, name: FREE }).waitFor();
    assert.equal(await page.locator('#point-name').textContent(), FIRST_POINT);
    await page.getByRole('status', { name: `建议下一步：${FIRST_POINT}` }).waitFor();
    // Every point but the first waits for it.
    assert.equal(await markOf(page, EXERCISE_POINT), 'locked');

    // A locked point still shows, with the way to it: the chain of prerequisites to master first.
    const status = page.getByRole('region', { name: '学习状态' });
    await page.getByRole('tree').getByText('依恋模式能改变吗', { exact: true }).click();
    await page.waitForFunction(() => document.querySelector('#point-name')?.textContent === '依恋模式能改变吗');
    const gate = (await status.innerText()).replace(/\s/g, '');
    assert.ok(gate.includes('需要先掌握：恋爱心理学是什么→依恋理论基础→安全型依恋'), gate);
    assert.ok(gate.includes('还需要掌握：焦虑型依恋回避型依恋'), gate);
    assert.equal(await status.getByRole('button', { name: '标记为已学会' }).isDisabled(), true);
    await shootBothWidths(page, 'knowledge-display-locked-point', { fullPage: false });
    await status.getByRole('button', { name: FIRST_POINT }).click();
    await page.waitForFunction((name) => document.querySelector('#point-name')?.textContent === name, FIRST_POINT);

    // The first point has no exercise: once opened it can be marked learned.
    const mark = status.getByRole('button', { name: '标记为已学会' });
    await mark.waitFor();
    // Enabled once the server has recorded the point as opened.
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('button')].find((node) => node.textContent === '标记为已学会');
      return button !== undefined && !button.disabled;
    });
    await mark.click();
    await page.getByText('已掌握', { exact: true }).first().waitFor();
    await waitForMark(page, FIRST_POINT, 'mastered');
    assert.equal(await markOf(page, EXERCISE_POINT), null, 'its prerequisite mastered, the point is open');

    // The exercise, answered in the browser with the right answers.
    await page.getByRole('tree').getByText(EXERCISE_POINT, { exact: true }).click();
    await page.waitForFunction((name) => document.querySelector('#point-name')?.textContent === name, EXERCISE_POINT);
    const exercise = page.getByRole('article', { name: EXERCISE });
    await exercise.getByRole('button', { name: '开始练习' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`练习 · ${EXERCISE}`).waitFor();
    const groups = dialog.getByRole('radiogroup');
    await groups.first().waitFor();
    assert.equal(await groups.count(), questions.length);
    const submit = dialog.getByRole('button', { name: '提交答案' });
    assert.equal(await submit.isDisabled(), true, 'nothing answered yet');
    for (const [index, question] of questions.entries()) {
      const letter = String.fromCharCode(65 + question.answer);
      await groups.nth(index).getByText(`${letter}. ${question.options[question.answer]}`, { exact: true }).click();
    }
    await shootBothWidths(page, 'knowledge-exercise', { fullPage: false });
    assert.equal(await submit.isDisabled(), false, 'every question answered');
    await submit.click();
    await dialog.getByText('通过', { exact: true }).waitFor();
    assert.equal(await dialog.getByLabel('100 / 100').count(), 1, 'the score out of 100');
    const masteredLine = await dialog.getByRole('status').innerText();
    assert.match(masteredLine, new RegExp(`已掌握：.*${EXERCISE_POINT}`));
    assert.equal(await dialog.getByText('回答正确').count(), questions.length);
    await shootBothWidths(page, 'knowledge-exercise-result', { fullPage: false });
    await dialog.getByRole('button', { name: '关 闭' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await waitForMark(page, EXERCISE_POINT, 'mastered');
    await status.getByText('已掌握').waitFor();
    const masteredInTree = await page.getByRole('tree').getByRole('img', { name: '已掌握' }).count();
    assert.ok(masteredInTree >= 3, `the first point and what the exercise mastered carry ✓ (${masteredInTree})`);
    await shootBothWidths(page, 'knowledge-display-learning');

    // The progress page, from what was just done.
    await page.goto(url('/knowledge/progress'));
    await page.getByRole('heading', { level: 2, name: '我的学习进度' }).waitFor();
    const count = async (label) =>
      Number(
        await page
          .locator('dl div')
          .filter({ has: page.locator('dt', { hasText: label }) })
          .locator('dd')
          .innerText(),
      );
    await page.locator('dl dd').first().waitFor();
    assert.ok((await count('课程总数')) >= 1);
    const masteredCount = await count('已掌握');
    assert.ok(masteredCount >= 3, `points mastered (${masteredCount})`);
    assert.equal(await count('知识点'), 15, 'the free course’s 15 points');

    const course = page.getByRole('listitem', { name: FREE });
    const progress = Number(await course.getByRole('progressbar').getAttribute('aria-valuenow'));
    assert.equal(
      progress,
      Math.floor((masteredCount * 100) / 15),
      'the course’s progress is its mastered share, rounded down (100 only when all are mastered)',
    );
    await course.getByText(`已掌握 ${masteredCount} / 15 个知识点`).waitFor();
    await course.getByRole('button', { name: /继续学习/ }).waitFor();
    await course.getByRole('link', { name: '详情' }).waitFor();

    const recent = page.getByRole('region', { name: '最近掌握' });
    await recent.getByText(EXERCISE_POINT, { exact: true }).waitFor();
    await recent.getByText('100/100').first().waitFor();
    await recent.getByText(FIRST_POINT, { exact: true }).waitFor();
    await recent.getByText('自评掌握').waitFor();

    const panel = page.getByRole('complementary', { name: '推荐课程' });
    const recommended = panel.getByRole('listitem');
    await recommended.first().waitFor();
    const reasons = await panel.locator('p').allInnerTexts();
    assert.ok(
      reasons.some((reason) => reason.trim().length > 0),
      'each recommendation carries its reason',
    );
    await recommended
      .first()
      .getByRole('button', { name: /^预览 / })
      .click();
    const preview = page.getByRole('dialog');
    await preview.getByRole('region', { name: '推荐理由' }).waitFor();
    await preview.getByRole('tree').waitFor();
    await shootBothWidths(page, 'knowledge-recommend-preview', { fullPage: false });
    await preview.getByRole('button', { name: '关 闭' }).click();
    await preview.waitFor({ state: 'hidden' });

    await shootBothWidths(page, 'knowledge-progress');
    await page.setViewportSize(PHONE);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `nothing overflows sideways on a phone (${width} px)`);
    await page.setViewportSize(DESKTOP);

    // 继续学习 opens the course at the suggested next point.
    await course.getByRole('button', { name: /继续学习/ }).click();
    await page.waitForURL(/\/knowledge\/courses\/display\/\d+$/);
    const next = await page.getByRole('status', { name: /^建议下一步：/ }).getAttribute('aria-label');
    assert.equal(
      `建议下一步：${await page.locator('#point-name').textContent()}`,
      next,
      'the page opens on the suggested point',
    );
    await page.context().close();
  });
});
