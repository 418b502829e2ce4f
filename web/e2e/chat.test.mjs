// Chat (issue 14) against the real server and the built web app: two members in two browsers
// talk in real time. She opens the conversation from his profile and writes; he, already on the
// conversation, sees it arrive without reloading and replies; she sees the reply and that her
// message was read; the header's badge counts what is unread. XINQIAO_SHOTS_DIR=<dir> also
// keeps screenshots at desktop and phone width.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PHONE, shootBothWidths } from './browser.mjs';
import { CAPTCHA_BYPASS } from './server.mjs';
import { PASSWORD, startJourney } from './journey.mjs';

const { url, api, logIn, newPage, createUser } = startJourney();

/** A member with a saved profile; answers their uuid. */
async function member(username, profile) {
  createUser({ username, password: PASSWORD });
  const { data: captcha } = await api('/api/v1/user/captcha');
  const login = await api('/api/v1/user/login', {
    username,
    password: PASSWORD,
    captcha: CAPTCHA_BYPASS,
    captchaId: captcha.captchaId,
  });
  assert.equal(login.code, 200, login.message);
  const saved = await api('/api/v1/user/profile/update', profile, login.data.accessToken);
  assert.equal(saved.code, 200, saved.message);
  return login.data.uuid;
}

const bubble = (page, text) => page.locator('[data-message-id]').filter({ hasText: text });

describe('chat journeys', () => {
  test('two members chat in real time, with read marks and the unread badge', async () => {
    const herUuid = await member('xiaoqing', { gender: 'female', birthday: 19970101, city: '3301', province: '33' });
    const hisUuid = await member('aming', { gender: 'male', birthday: 19950505, city: '3301', province: '33' });

    const him = await newPage();
    await logIn(him, 'aming', { href: `/chat/${herUuid}` });
    await him.getByText('打个招呼，开始你们的对话吧').waitFor();

    const her = await newPage();
    await logIn(her, 'xiaoqing', { href: `/profile/${hisUuid}` });
    await her.getByRole('link', { name: '开始聊天' }).click();
    await her.waitForURL(url(`/chat/${hisUuid}`));
    const box = her.getByRole('textbox', { name: /说点什么/ });
    await box.fill('   ');
    await box.press('Enter');
    assert.equal(await her.locator('[data-message-id]').count(), 0, 'blank text is not sent');
    await box.fill('你好，看到你也喜欢旅游！');
    await box.press('Shift+Enter');
    await box.pressSequentially('周末有空吗？');
    await box.press('Enter');
    await bubble(her, '周末有空吗？').waitFor();
    // The bubble can arrive over the socket before the send's own answer, which empties the box.
    await her.waitForFunction((element) => element.value === '', await box.elementHandle(), { timeout: 5000 });
    assert.equal(await box.inputValue(), '', 'the box empties after sending');

    // He sees it arrive live (no reload), which also marks it read for her.
    await bubble(him, '你好，看到你也喜欢旅游！').waitFor();
    await bubble(her, '周末有空吗？').getByText('已读').waitFor();

    const reply = him.getByRole('textbox', { name: /说点什么/ });
    await reply.fill('有空呀，一起去西湖走走？');
    await reply.press('Enter');
    await bubble(her, '有空呀，一起去西湖走走？').waitFor();
    await shootBothWidths(her, 'chat-conversation', { fullPage: false });

    // Away from the conversation, a new message lights up her badge and her list.
    await her.goto(url('/chat'));
    await her.getByRole('link', { name: /aming/ }).waitFor();
    await reply.fill('那我们周六见');
    await reply.press('Enter');
    await her.getByRole('link', { name: '消息，1 条未读' }).waitFor();
    await her.getByText('那我们周六见').waitFor();
    await shootBothWidths(her, 'chat-list', { fullPage: false });
    await her.getByRole('link', { name: /aming/ }).click();
    await bubble(her, '那我们周六见').waitFor();
    await her.getByRole('link', { name: '消息', exact: true }).waitFor();
  });

  test('a stranger may send three messages before a reply', async () => {
    const herUuid = await member('lanlan', { gender: 'female', birthday: 19980202 });
    await member('dali', { gender: 'male', birthday: 19930303 });
    const him = await newPage(PHONE);
    await logIn(him, 'dali', { href: `/chat/${herUuid}` });
    const box = him.getByRole('textbox', { name: /说点什么/ });
    for (const text of ['你好', '在吗', '想认识你']) {
      await box.fill(text);
      await box.press('Enter');
      await bubble(him, text).waitFor();
    }
    await him.getByText('对方回复前，你最多只能发送3条消息；互相喜欢后不受此限').waitFor();
    assert.equal(await box.isDisabled(), true);
  });
});
