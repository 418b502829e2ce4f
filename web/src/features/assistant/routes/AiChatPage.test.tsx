import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { conversation, fakeChatServer, line, piece, signInAs } from '../testing';
import AiChatPage from './AiChatPage';

const LIST = '/api/v1/ai/conversation/list';
const GET = '/api/v1/ai/conversation/get';
const DELETE = '/api/v1/ai/conversation/delete';

function renderPage() {
  return renderRoutes(
    [
      { path: '/ai-chat', element: <AiChatPage /> },
      { path: '/login', element: <div>login page</div> },
    ],
    '/ai-chat',
  );
}

/** zhou, signed in, on a chat page without saved conversations, ready to ask. */
async function openEmptyChat() {
  signInAs('zhou');
  fakeApi({ [LIST]: [ok({ list: [], total: 0 })] });
  const server = fakeChatServer();
  const user = userEvent.setup();
  renderPage();
  await screen.findByText('你好，我是心桥 AI 助手');
  return { server, user };
}

/** A conversation in the list (its more-actions button is named “title”的更多操作). */
const saved = (title: string) => screen.findByRole('button', { name: new RegExp(`^${title}`) });
const box = () => screen.getByRole('textbox', { name: '输入消息' });
const sendButton = () => screen.getByRole('button', { name: /发\s*送/ });
const replies = () => document.querySelectorAll('[data-role="assistant"]');
const questions = () => Array.from(document.querySelectorAll('[data-role="user"]'), (node) => node.textContent);

describe('AiChatPage', () => {
  it('sends a guest to /login, coming back afterwards', async () => {
    const { router } = renderPage();
    await screen.findByText('login page');
    expect(router.state.location.search).toBe('?href=%2Fai-chat');
  });

  it('streams the reply as it arrives, then continues the conversation the done line names', async () => {
    signInAs('zhou');
    const calls = fakeApi({
      [LIST]: [ok({ list: [], total: 0 }), ok({ list: [conversation(7, { title: '怎么开口和好？' })], total: 1 })],
    });
    const server = fakeChatServer();
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('你好，我是心桥 AI 助手')).toBeInTheDocument();
    expect(screen.getByText('AI 的回答仅供参考，不能替代专业的心理咨询或医疗建议')).toBeInTheDocument();

    await user.type(box(), '怎么开口和好？{Enter}');
    expect(box()).toHaveValue('');
    expect(questions()).toEqual(['我：怎么开口和好？']);
    expect(await screen.findByRole('status', { name: 'AI 助手正在输入' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /停\s*止/ })).toBeInTheDocument();
    expect(server.calls[0]).toMatchObject({
      authorization: 'Bearer token-zhou',
      body: { messages: [{ role: 'user', content: '怎么开口和好？' }], stream: true },
    });

    await server.send(piece('可以先'));
    expect(await screen.findByText('可以先')).toBeInTheDocument();
    await server.send(piece('**说出**感受。'));
    expect((await screen.findByText('说出')).tagName).toBe('STRONG');
    await server.send(line({ done: true, conversationId: 7 }));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'AI 助手正在输入' })).not.toBeInTheDocument());
    expect(replies()[0]).toHaveTextContent('可以先说出感受。');
    // The list refreshes and names the new conversation in the header.
    await waitFor(() => expect(calls.filter((call) => call.path === LIST)).toHaveLength(2));
    expect(await saved('怎么开口和好？')).toHaveAttribute('aria-current', 'true');

    await user.type(box(), '谢谢{Enter}');
    await waitFor(() => expect(server.calls).toHaveLength(2));
    // The model the server named goes along with the next question.
    expect(server.calls[1].body).toEqual({
      conversationId: 7,
      model: 'qwen2.5:0.5b',
      stream: true,
      messages: [
        { role: 'user', content: '怎么开口和好？' },
        { role: 'assistant', content: '可以先**说出**感受。' },
        { role: 'user', content: '谢谢' },
      ],
    });
  });

  it('breaks the line with Shift+Enter and never sends a blank question', async () => {
    const { server, user } = await openEmptyChat();

    await user.type(box(), '   {Enter}');
    expect(sendButton()).toBeDisabled();
    await user.type(box(), '\u200B{Enter}');
    expect(server.calls).toHaveLength(0);

    await user.clear(box());
    await user.type(box(), '第一行{Shift>}{Enter}{/Shift}第二行');
    expect(box()).toHaveValue('第一行\n第二行');
    expect(server.calls).toHaveLength(0);
    await user.click(sendButton());
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0].body.messages).toEqual([{ role: 'user', content: '第一行\n第二行' }]);
  });

  it('stops a reply midway: the part shown stays, marked 已停止', async () => {
    signInAs('zhou');
    const now = Math.floor(Date.now() / 1000);
    fakeApi({ [LIST]: [ok({ list: [conversation(3, { title: '写一首长诗 [slow]', updatedAt: now })], total: 1 })] });
    const server = fakeChatServer();
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('你好，我是心桥 AI 助手');
    await user.type(box(), '写一首长诗 [[slow]{Enter}');
    await server.send(line({ message: { role: 'assistant', content: '第1段。' }, conversationId: 3 }));
    await server.send(line({ message: { role: 'assistant', content: '第2段。' }, conversationId: 3 }));
    await screen.findByText('第1段。第2段。');

    await user.click(screen.getByRole('button', { name: /停\s*止/ }));
    expect(await screen.findByText('已停止')).toBeInTheDocument();
    expect(server.aborted()).toBe(true);
    expect(replies()[0]).toHaveTextContent('第1段。第2段。');
    expect(screen.queryByRole('status', { name: 'AI 助手正在输入' })).not.toBeInTheDocument();
    expect(sendButton()).toBeInTheDocument();
    expect(screen.getByText('已显示的部分已保存到对话记录')).toBeInTheDocument();
    // The first line named the saved conversation, so it is the one on the screen.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^写一首长诗/ })).toHaveAttribute('aria-current', 'true'),
    );
  });

  it('shows the help block with dialling links when the reply marks a crisis', async () => {
    const { server, user } = await openEmptyChat();
    await user.type(box(), '最近不想活了{Enter}');
    const preface = '现在就可以获得帮助\n\n全国心理援助热线：12356\n\n紧急情况请拨打 120（急救）或 110（报警）\n\n';
    await server.send(line({ message: { role: 'assistant', content: preface }, crisis: true, conversationId: 2 }));
    await server.send(piece('我很担心你。'));
    await server.send(line({ done: true, conversationId: 2 }));
    const reply = replies()[0] as HTMLElement;
    const help = await within(reply).findByRole('note', { name: '现在就可以获得帮助' });
    expect(within(help).getByRole('link', { name: '12356' })).toHaveAttribute('href', 'tel:12356');
    expect(within(help).getByRole('link', { name: '120' })).toHaveAttribute('href', 'tel:120');
    expect(within(help).getByRole('link', { name: '110' })).toHaveAttribute('href', 'tel:110');
    // The help is shown once, as the block; the reply follows it.
    expect(within(reply).getAllByText(/全国心理援助热线/)).toHaveLength(1);
    expect(reply).toHaveTextContent('我很担心你。');
  });

  it('says why a finished reply was cut short', async () => {
    const { server, user } = await openEmptyChat();
    await user.type(box(), '讲个长故事{Enter}');
    await server.send(piece('从前'));
    await server.send(line({ done: true, conversationId: 2, note: '今天的 AI 聊天额度已用完，回复只显示到这里' }));
    const reply = replies()[0] as HTMLElement;
    expect(await within(reply).findByText('今天的 AI 聊天额度已用完，回复只显示到这里')).toBeInTheDocument();
    expect(within(reply).queryByText('发送请求时出错，请重试')).not.toBeInTheDocument();
  });

  it('shows 发送请求时出错，请重试 with the error line’s words under the reply', async () => {
    const { server, user } = await openEmptyChat();
    await user.type(box(), '你好 [[fail]{Enter}');
    await server.send(piece('开头'));
    await server.send(line({ done: true, conversationId: 4, error: 'AI 服务出错，请稍后再试' }));
    const reply = replies()[0] as HTMLElement;
    expect(await within(reply).findByText('发送请求时出错，请重试')).toBeInTheDocument();
    expect(within(reply).getByText('AI 服务出错，请稍后再试')).toBeInTheDocument();
    expect(reply).toHaveTextContent('开头');
  });

  it('gives a refused question back to the box with the server’s words, and says AI 聊天未配置 on 503', async () => {
    signInAs('zhou');
    fakeApi({ [LIST]: [ok({ list: [], total: 0 })] });
    const server = fakeChatServer();
    server.answerNext({ refuse: { status: 429, code: 429, message: '今天的 AI 聊天额度已用完，明天再来吧' } });
    server.answerNext({ refuse: { status: 503, code: 503, message: 'AI 聊天未配置' } });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('你好，我是心桥 AI 助手');

    await user.type(box(), '还能聊吗{Enter}');
    expect(await screen.findByText('发送请求时出错，请重试')).toBeInTheDocument();
    expect(screen.getByText('今天的 AI 聊天额度已用完，明天再来吧')).toBeInTheDocument();
    expect(box()).toHaveValue('还能聊吗');
    expect(questions()).toEqual([]);

    await user.click(sendButton());
    expect(await screen.findByText('AI 聊天未配置')).toBeInTheDocument();
    expect(screen.queryByText('发送请求时出错，请重试')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '意见反馈' })).toHaveAttribute('href', '/feedback');
    expect(box()).toHaveValue('还能聊吗');
  });

  it('opens saved conversations from the list, and starts a new one', async () => {
    signInAs('zhou');
    const calls = fakeApi({
      [LIST]: [
        ok({ list: [conversation(1, { title: '约会聊什么' }), conversation(2, { title: '如何表达感受' })], total: 2 }),
      ],
      [GET]: [
        ok({
          ...conversation(1, { title: '约会聊什么' }),
          messages: [
            { role: 'user', content: '第一次约会聊什么？', createdAt: 1_750_000_000 },
            { role: 'assistant', content: '聊聊**共同爱好**。', createdAt: 1_750_000_001 },
          ],
        }),
        ok({
          ...conversation(2, { title: '如何表达感受' }),
          messages: [{ role: 'user', content: '怎么表达感受？', createdAt: 1_750_000_000 }],
        }),
      ],
    });
    const server = fakeChatServer();
    const user = userEvent.setup();
    renderPage();

    await user.click(await saved('约会聊什么'));
    expect(await screen.findByText('共同爱好')).toBeInTheDocument();
    expect(questions()).toEqual(['我：第一次约会聊什么？']);
    expect(calls.find((call) => call.path === GET)?.body).toEqual({ id: 1 });

    await user.click(await saved('如何表达感受'));
    expect(await screen.findByText('怎么表达感受？')).toBeInTheDocument();
    expect(screen.queryByText('共同爱好')).not.toBeInTheDocument();

    await user.type(box(), '再说说{Enter}');
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0].body).toMatchObject({ conversationId: 2 });
    await server.send(line({ done: true, conversationId: 2 }));

    await user.click(
      within(screen.getByRole('navigation', { name: '对话记录' })).getByRole('button', { name: /新对话/ }),
    );
    expect(await screen.findByText('你好，我是心桥 AI 助手')).toBeInTheDocument();
    expect(questions()).toEqual([]);
  });

  it('marks a saved reply that did not finish 回复未完成', async () => {
    signInAs('zhou');
    fakeApi({
      [LIST]: [ok({ list: [conversation(5, { title: '讲讲依恋理论' })], total: 1 })],
      [GET]: [
        ok({
          ...conversation(5, { title: '讲讲依恋理论' }),
          messages: [
            { role: 'user', content: '讲讲依恋理论', createdAt: 1_750_000_000, incomplete: false },
            { role: 'assistant', content: '依恋理论最早', createdAt: 1_750_000_001, incomplete: true },
            { role: 'user', content: '再说说', createdAt: 1_750_000_002, incomplete: false },
            { role: 'assistant', content: '好的，说完了。', createdAt: 1_750_000_003, incomplete: false },
          ],
        }),
      ],
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await saved('讲讲依恋理论'));
    expect(await screen.findByText('依恋理论最早')).toBeInTheDocument();
    const [cut, finished] = Array.from(replies()) as HTMLElement[];
    expect(within(cut).getByText('回复未完成')).toBeInTheDocument();
    expect(within(finished).queryByText('回复未完成')).not.toBeInTheDocument();
    expect(screen.getAllByText('回复未完成')).toHaveLength(1);
  });

  it('deletes a conversation only after 确定, leaving it when it was open', async () => {
    signInAs('zhou');
    const calls = fakeApi({
      [LIST]: [ok({ list: [conversation(1, { title: '约会聊什么' })], total: 1 }), ok({ list: [], total: 0 })],
      [GET]: [ok({ ...conversation(1), messages: [{ role: 'user', content: '第一次约会聊什么？', createdAt: 1 }] })],
      [DELETE]: [ok(null)],
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await saved('约会聊什么'));
    await screen.findByText('第一次约会聊什么？');

    await user.click(screen.getByRole('button', { name: '“约会聊什么”的更多操作' }));
    await user.click(await screen.findByText('删除'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(/确定要删除这个对话吗？[\s\S]*删除后，这段对话的全部消息都无法恢复。/);
    expect(calls.some((call) => call.path === DELETE)).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.find((call) => call.path === DELETE)?.body).toEqual({ id: 1 }));
    expect(await screen.findByText('你好，我是心桥 AI 助手')).toBeInTheDocument();
    expect(await screen.findByText(/还没有对话记录/)).toBeInTheDocument();
  });

  it('says so when a saved conversation cannot be loaded', async () => {
    signInAs('zhou');
    fakeApi({
      [LIST]: [ok({ list: [conversation(9, { title: '旧对话' })], total: 1 })],
      [GET]: [fail(404, 404, '对话不存在')],
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await saved('旧对话'));
    expect(await screen.findByText('对话不存在')).toBeInTheDocument();
    expect(box()).toBeDisabled();
  });
});
