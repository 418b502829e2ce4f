// AI chat (issue 19) against the real server, the built web app and the fake model server
// (crates/assistant testkit): a member asks a question and watches the echo stream in piece by
// piece, asks a [slow] question and stops it midway (the text stops growing and says 已停止),
// then reopens the saved conversation from the list; a question that speaks of self-harm gets the
// help block with dialling links before the reply; a guest is sent to /login.
// XINQIAO_SHOTS_DIR=<dir> also keeps screenshots at desktop and phone width.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { PHONE, shootBothWidths } from './browser.mjs';
import { PASSWORD, startJourney } from './journey.mjs';

const { url, logIn, newPage, createUser } = startJourney({ model: true });

/** What the fake model answers a plain question (crates/assistant testkit fake_model.rs). */
const echo = (question) => `你好！我是心桥的测试模型。你问的是：${question}`;

const lastReply = (page) => page.locator('[data-role="assistant"]').last();

/** Records the length of the next reply's text at every change the page makes to it. */
async function watchReplyLengths(page) {
  await page.evaluate(() => {
    window.__replyLengths = [];
    window.__repliesBefore = document.querySelectorAll('[data-role="assistant"]').length;
    if (window.__replyObserver) return;
    window.__replyObserver = new MutationObserver(() => {
      const reply = document.querySelectorAll('[data-role="assistant"]')[window.__repliesBefore];
      if (reply) window.__replyLengths.push(reply.textContent.length);
    });
    window.__replyObserver.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const distinctLengths = async (page) => [...new Set(await page.evaluate(() => window.__replyLengths))];

describe('AI chat journeys', () => {
  test('a guest opening /ai-chat lands on /login', async () => {
    const page = await newPage();
    await page.goto(url('/ai-chat'));
    await page.waitForURL(url(`/login?href=${encodeURIComponent('/ai-chat')}`));
    await page.getByRole('img', { name: '验证码' }).waitFor();
  });

  test('a member watches a reply stream, stops a slow one and reopens the saved conversation', async () => {
    createUser({ username: 'xiaoyu', password: PASSWORD });
    const page = await newPage();
    await logIn(page, 'xiaoyu', { href: '/ai-chat' });
    await page.waitForURL(url('/ai-chat'));
    await page.getByText('你好，我是心桥 AI 助手').waitFor();
    await page.getByText('AI 的回答仅供参考，不能替代专业的心理咨询或医疗建议').waitFor();
    await shootBothWidths(page, 'ai-chat-welcome', { fullPage: false });

    // The echo arrives in 3-character pieces 10 ms apart: the reply grows, then is whole (a busy
    // machine may paint several pieces at once, so only the slow reply below counts the steps).
    const question = '第一次约会聊什么比较好？';
    const box = page.getByRole('textbox', { name: '输入消息' });
    await watchReplyLengths(page);
    await box.fill(question);
    await box.press('Enter');
    await page.getByText(echo(question)).waitFor();
    await page.getByRole('button', { name: /发\s*送/ }).waitFor();
    const grew = await distinctLengths(page);
    assert.ok(grew.length >= 2, `the reply grew before it was whole, saw lengths ${grew.join(', ')}`);
    assert.deepEqual(
      grew,
      [...grew].sort((a, b) => a - b),
      'the reply only ever grew',
    );
    assert.ok((await lastReply(page).innerText()).trim().endsWith(echo(question)));
    assert.equal(await box.inputValue(), '', 'the box empties after sending');
    // The saved conversation is in the list, named after the question, and open.
    const saved = page
      .getByRole('navigation', { name: '对话记录' })
      .getByRole('button', { name: new RegExp(`^${question}`) });
    await saved.waitFor();
    assert.equal(await saved.getAttribute('aria-current'), 'true');
    await shootBothWidths(page, 'ai-chat-reply', { fullPage: false });

    // [slow]: 40 pieces 50 ms apart, each painted as it comes; 停止 midway keeps what came and
    // nothing more.
    await watchReplyLengths(page);
    await box.fill('讲一个很长的故事 [slow]');
    await box.press('Enter');
    await lastReply(page)
      .getByText(/第5段。/)
      .waitFor();
    const steps = await distinctLengths(page);
    assert.ok(steps.length >= 5, `the reply grew in steps, saw lengths ${steps.join(', ')}`);
    assert.deepEqual(
      steps,
      [...steps].sort((a, b) => a - b),
      'the slow reply only ever grew',
    );
    const dir = process.env.XINQIAO_SHOTS_DIR;
    if (dir) await page.screenshot({ path: path.join(dir, 'ai-chat-streaming-1280.png') });
    await page.getByRole('button', { name: /停\s*止/ }).click();
    await lastReply(page).getByText('已停止', { exact: true }).waitFor();
    const stoppedAt = await lastReply(page).innerText();
    await page.waitForTimeout(800);
    assert.equal(await lastReply(page).innerText(), stoppedAt, 'the text stopped growing');
    assert.ok(!stoppedAt.includes('第40段。'), 'the reply was cut short');
    await page.getByRole('button', { name: /发\s*送/ }).waitFor();
    await shootBothWidths(page, 'ai-chat-stopped', { fullPage: false });

    // A new conversation, then the saved one again from the list.
    await page
      .getByRole('navigation', { name: '对话记录' })
      .getByRole('button', { name: /新对话/ })
      .click();
    await page.getByText('你好，我是心桥 AI 助手').waitFor();
    await saved.click();
    await page.getByText(echo(question)).waitFor();
    await page.locator('[data-role="user"]').filter({ hasText: '讲一个很长的故事 [slow]' }).waitFor();
    assert.equal(await page.locator('[data-role="user"]').count(), 2);

    // On a phone the list is a drawer.
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: '查看对话记录' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: new RegExp(`^${question}`) }).waitFor();
    if (dir) {
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(dir, 'ai-chat-drawer-390.png') });
    }
    await drawer.getByRole('button', { name: /新对话/ }).click();
    await page.getByText('你好，我是心桥 AI 助手').waitFor();
  });

  test('a question that speaks of self-harm gets the help block first', async () => {
    createUser({ username: 'xiaolan', password: PASSWORD });
    const page = await newPage();
    await logIn(page, 'xiaolan', { href: '/ai-chat' });
    await page.waitForURL(url('/ai-chat'));
    const question = '最近总觉得活不下去了';
    const box = page.getByRole('textbox', { name: '输入消息' });
    await box.fill(question);
    await box.press('Enter');
    await page.getByText(echo(question)).waitFor();
    const help = lastReply(page).getByRole('note', { name: '现在就可以获得帮助' });
    await help.waitFor();
    assert.equal(await help.getByRole('link', { name: '12356' }).getAttribute('href'), 'tel:12356');
    assert.equal(await help.getByRole('link', { name: '120' }).getAttribute('href'), 'tel:120');
    assert.equal(await help.getByRole('link', { name: '110' }).getAttribute('href'), 'tel:110');
    assert.equal(
      await lastReply(page)
        .getByText(/全国心理援助热线/)
        .count(),
      1,
      'the help shows once',
    );
    await shootBothWidths(page, 'ai-chat-crisis', { fullPage: false });
  });
});
