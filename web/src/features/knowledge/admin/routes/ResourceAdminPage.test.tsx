import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderAt } from '../../../../test/render';
import { point, relation, resource, signInAs } from '../testing';
import ResourceAdminPage from './ResourceAdminPage';

const RESOURCES = '/api/v1/knowledge/resources/list';
const POINTS = '/api/v1/knowledge/points/list';
const RELATIONS = '/api/v1/knowledge/points/resources/list';
const CREATE = '/api/v1/knowledge/resources/create';
const UPDATE = '/api/v1/knowledge/resources/update';
const DELETE = '/api/v1/knowledge/resources/delete';
const BIND = '/api/v1/knowledge/resources/bind';

const LONG_TEXT =
  '跟着节拍慢慢吸气四秒，屏住呼吸四秒，再缓缓呼气六秒。重复几轮之后，你会感觉到心跳慢了下来，肩膀也放松了。';
const LONG_URL = `https://cdn.example.com/knowledge/${'breathing-'.repeat(6)}guide.m4a`;
const video = resource(1, {
  name: '课程导读',
  type: 'video',
  difficulty: 1,
  url: '/media/knowledge/intro/index.m3u8',
  createdAt: Date.UTC(2026, 0, 15, 4) / 1000,
});
const audio = resource(2, { name: '呼吸练习', type: 'audio', difficulty: 2, content: LONG_TEXT, url: LONG_URL });
const pacer = resource(3, {
  name: '呼吸节拍器',
  type: 'iframe',
  difficulty: 7,
  iframe: '/media/knowledge/breathing-pacer.html',
});
const QUIZ_QUESTIONS = [
  {
    question: '争吵中感到情绪淹没时，哪种做法最合适？',
    options: ['立刻摔门离开，不说原因', '坚持吵完，把话说清楚', '说明需要暂停，约定二十分钟后再谈'],
    answer: 2,
  },
  {
    question: '关于“打沙袋发泄愤怒”，布什曼的实验发现了什么？',
    options: ['能迅速消除怒气', '反而让人更愤怒、更具攻击性'],
    answer: 1,
  },
];
const quiz = resource(4, {
  name: '小测验：情绪调节',
  type: 'exercise',
  difficulty: 2,
  content: '完成下面的单选题，80 分及以上即掌握关联的知识点。',
  questionCount: 2,
  questions: QUIZ_QUESTIONS,
});
const WITH_QUIZ = ok({ list: [video, audio, pacer, quiz], total: 4 });
const POINT_LIST = ok({
  list: [point(1, { name: '依恋类型' }), point(2, { name: '情绪命名' }), point(3, { name: '正念呼吸' })],
  total: 3,
});
const RELATION_LIST = ok({ list: [relation(1, 1, 1), relation(2, 2, 1), relation(3, 99, 3)], total: 3 });
const PAGE = ok({ list: [video, audio, pacer], total: 3 });

const rowOf = (name: string) =>
  screen.getAllByRole('row').find((row) => row.querySelector('td')?.textContent === name) as HTMLElement;

async function dialogWith(text: string) {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getAllByRole('dialog').find((dialog) => dialog.textContent?.includes(text));
    expect(found).toBeDefined();
  });
  return found as HTMLElement;
}

async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function renderPage() {
  const user = userEvent.setup();
  renderAt('/knowledge/resource/admin', <ResourceAdminPage title="学习资源管理" />, [
    { path: '/knowledge/courses', element: <p>课程列表页</p> },
  ]);
  await waitFor(() => expect(rowOf('呼吸节拍器')).toBeDefined());
  return user;
}

describe('ResourceAdminPage', () => {
  it('lists resources with their labels, cut texts and bound points', async () => {
    signInAs();
    const calls = fakeApi({ [RESOURCES]: [PAGE], [POINTS]: [POINT_LIST], [RELATIONS]: [RELATION_LIST] });
    await renderPage();
    expect(calls.find((call) => call.path === RESOURCES)?.body).toEqual({
      kpId: 0,
      keyword: '',
      page: 1,
      pageSize: 20,
    });
    expect(calls.find((call) => call.path === RELATIONS)?.body).toEqual({ page: 1, pageSize: 1000 });

    const first = within(rowOf('课程导读'));
    expect(first.getByText('视频')).toBeInTheDocument();
    expect(first.getByText('初级')).toBeInTheDocument();
    expect(first.getByText('/media/knowledge/intro/index.m3u8')).toBeInTheDocument();
    await waitFor(() => expect(first.getByText('依恋类型，情绪命名')).toBeInTheDocument());
    expect(first.getByText('2026-01-15')).toBeInTheDocument();

    const second = within(rowOf('呼吸练习'));
    expect(second.getByText('音频')).toBeInTheDocument();
    expect(second.getByText('中级')).toBeInTheDocument();
    expect(second.getByText(`${Array.from(LONG_TEXT).slice(0, 50).join('')}…`)).toHaveAttribute('title', LONG_TEXT);
    expect(second.getByText(`${LONG_URL.slice(0, 50)}…`)).toBeInTheDocument();
    expect(second.getByText('未绑定')).toBeInTheDocument();

    const third = within(rowOf('呼吸节拍器'));
    expect(third.getByText('嵌入页面')).toBeInTheDocument();
    expect(third.getByText('未知')).toBeInTheDocument();
    expect(third.getByText('未知知识点')).toBeInTheDocument();
  });

  it('searches by keyword and filters by knowledge point', async () => {
    signInAs();
    const calls = fakeApi({
      [RESOURCES]: [PAGE, ok({ list: [audio], total: 1 }), ok({ list: [video], total: 1 })],
      [POINTS]: [POINT_LIST],
      [RELATIONS]: [RELATION_LIST],
    });
    const user = await renderPage();
    await fill(user, screen.getByRole('searchbox', { name: '按名称或内容搜索' }), '呼吸');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ kpId: 0, keyword: '呼吸', page: 1, pageSize: 20 }));
    await user.click(screen.getByRole('combobox', { name: '按知识点筛选' }));
    await user.click(await screen.findByTitle('情绪命名'));
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ kpId: 2, keyword: '呼吸', page: 1, pageSize: 20 }));
  });

  it('binds a resource to the chosen points in one call', async () => {
    signInAs();
    const calls = fakeApi({
      [RESOURCES]: [PAGE],
      [POINTS]: [POINT_LIST],
      [RELATIONS]: [RELATION_LIST],
      [BIND]: [fail(400, 400, ''), ok(null)],
    });
    const user = await renderPage();
    await waitFor(() => expect(within(rowOf('课程导读')).getByText('依恋类型，情绪命名')).toBeInTheDocument());
    await user.click(within(rowOf('课程导读')).getByRole('button', { name: /绑\s*定/ }));
    const dialog = await dialogWith('绑定知识点：课程导读');
    await user.click(within(dialog).getByRole('combobox', { name: '绑定知识点' }));
    await user.click(await screen.findByTitle('正念呼吸'));

    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('绑定失败')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('绑定成功')).toBeInTheDocument();
    const binds = calls.filter((call) => call.path === BIND).map((call) => call.body);
    expect(binds).toEqual([
      { krId: 1, kpIds: [1, 2, 3] },
      { krId: 1, kpIds: [1, 2, 3] },
    ]);
    expect(calls.some((call) => call.path.startsWith('/api/v1/knowledge/relations/'))).toBe(false);
  });

  it('creates a resource, checking the link first', { timeout: 60_000 }, async () => {
    signInAs();
    const calls = fakeApi({
      [RESOURCES]: [PAGE],
      [POINTS]: [POINT_LIST],
      [RELATIONS]: [RELATION_LIST],
      [CREATE]: [ok({ krId: 4 })],
    });
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: /新建资源/ }));
    const dialog = await dialogWith('新建资源');
    await fill(user, within(dialog).getByRole('textbox', { name: '资源名称' }), '情绪日记模板');
    await fill(user, within(dialog).getByRole('textbox', { name: '链接' }), 'www.example.com/diary');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入正确的链接地址')).toBeInTheDocument();
    expect(calls.some((call) => call.path === CREATE)).toBe(false);

    const link = within(dialog).getByRole('textbox', { name: '链接' });
    await user.clear(link);
    await fill(user, link, 'https://www.example.com/diary.pdf');
    await user.click(within(dialog).getByRole('combobox', { name: '类型' }));
    await user.click(await screen.findByTitle('文档'));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('资源创建成功')).toBeInTheDocument();
    expect(calls.find((call) => call.path === CREATE)?.body).toEqual({
      name: '情绪日记模板',
      content: '',
      url: 'https://www.example.com/diary.pdf',
      iframe: '',
      type: 'document',
      difficulty: 1,
    });
  });

  it('shows an exercise’s question count beside its type', async () => {
    signInAs();
    fakeApi({ [RESOURCES]: [WITH_QUIZ], [POINTS]: [POINT_LIST], [RELATIONS]: [RELATION_LIST] });
    await renderPage();
    expect(within(rowOf('小测验：情绪调节')).getByText('习题').parentElement).toHaveTextContent('习题2 题');
    expect(within(rowOf('课程导读')).queryByText(/\d+ 题/)).not.toBeInTheDocument();
  });

  it('loads an exercise’s questions into the form and saves them as edited', { timeout: 120_000 }, async () => {
    signInAs();
    const calls = fakeApi({
      [RESOURCES]: [WITH_QUIZ],
      [POINTS]: [POINT_LIST],
      [RELATIONS]: [RELATION_LIST],
      [UPDATE]: [fail(400, 400, '第 3 题的答案须是它的一个选项'), ok(null)],
    });
    const user = await renderPage();
    await user.click(within(rowOf('小测验：情绪调节')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await dialogWith('编辑资源：小测验：情绪调节');
    expect(within(dialog).getByRole('textbox', { name: '第 1 题 题目' })).toHaveValue(QUIZ_QUESTIONS[0].question);
    expect(within(dialog).getByRole('radio', { name: '第 1 题 选项 C 为正确答案' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '第 2 题 选项 B 为正确答案' })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: /添加题目/ }));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('第 3 题的题目须为 1 到 500 个字')).toBeInTheDocument();
    expect(calls.some((call) => call.path === UPDATE)).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: '删除第 3 题' }));
    await user.click(within(dialog).getByRole('button', { name: '上移第 2 题' }));
    await user.click(within(dialog).getByRole('radio', { name: '第 1 题 选项 A 为正确答案' }));

    // The server's refusal shows as it words it; the second try goes through.
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('第 3 题的答案须是它的一个选项')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('资源更新成功')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === UPDATE).at(-1)?.body).toEqual({
      krId: 4,
      name: '小测验：情绪调节',
      content: '完成下面的单选题，80 分及以上即掌握关联的知识点。',
      url: '',
      iframe: '',
      type: 'exercise',
      difficulty: 2,
      questions: [{ ...QUIZ_QUESTIONS[1], answer: 0 }, QUIZ_QUESTIONS[0]],
    });
  });

  it('sends no questions for a resource of another type', { timeout: 60_000 }, async () => {
    signInAs();
    const calls = fakeApi({
      [RESOURCES]: [WITH_QUIZ],
      [POINTS]: [POINT_LIST],
      [RELATIONS]: [RELATION_LIST],
      [UPDATE]: [ok(null)],
    });
    const user = await renderPage();
    await user.click(within(rowOf('呼吸练习')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await dialogWith('编辑资源：呼吸练习');
    expect(within(dialog).queryByText('添加题目')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('资源更新成功')).toBeInTheDocument();
    const body = calls.find((call) => call.path === UPDATE)?.body as Record<string, unknown>;
    expect(body).toMatchObject({ krId: 2, type: 'audio' });
    expect(body).not.toHaveProperty('questions');
  });

  it(
    'warns that an exercise turned into another type loses its questions, and removes them',
    { timeout: 60_000 },
    async () => {
      signInAs();
      const calls = fakeApi({
        [RESOURCES]: [WITH_QUIZ],
        [POINTS]: [POINT_LIST],
        [RELATIONS]: [RELATION_LIST],
        [UPDATE]: [ok(null)],
      });
      const user = await renderPage();
      await user.click(within(rowOf('小测验：情绪调节')).getByRole('button', { name: /编\s*辑/ }));
      const dialog = await dialogWith('编辑资源：小测验：情绪调节');
      await user.click(within(dialog).getByRole('combobox', { name: '类型' }));
      await user.click(await screen.findByTitle('讲义'));
      expect(
        await within(dialog).findByText('这个资源原有 2 道题。改成其他类型后，保存时会删除这些题目。'),
      ).toBeInTheDocument();
      expect(within(dialog).queryByRole('textbox', { name: '第 1 题 题目' })).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
      expect(await screen.findByText('资源更新成功')).toBeInTheDocument();
      expect(calls.find((call) => call.path === UPDATE)?.body).toMatchObject({
        krId: 4,
        type: 'lecture',
        questions: [],
      });
    },
  );

  it('creates an exercise with its questions', { timeout: 120_000 }, async () => {
    signInAs();
    const calls = fakeApi({
      [RESOURCES]: [PAGE],
      [POINTS]: [POINT_LIST],
      [RELATIONS]: [RELATION_LIST],
      [CREATE]: [ok({ krId: 5 })],
    });
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: /新建资源/ }));
    const dialog = await dialogWith('新建资源');
    await fill(user, within(dialog).getByRole('textbox', { name: '资源名称' }), '小测验：依恋类型');
    await user.click(within(dialog).getByRole('combobox', { name: '类型' }));
    await user.click(await screen.findByTitle('习题'));
    await user.click(await within(dialog).findByRole('button', { name: /添加题目/ }));
    await fill(user, within(dialog).getByRole('textbox', { name: '第 1 题 题目' }), '哪一种是安全型依恋的表现？');
    await fill(user, within(dialog).getByRole('textbox', { name: '第 1 题 选项 A' }), '回避亲近');
    await fill(user, within(dialog).getByRole('textbox', { name: '第 1 题 选项 B' }), '信任对方，也能独处');
    await user.click(within(dialog).getByRole('button', { name: '删除第 1 题的选项 D' }));
    await user.click(within(dialog).getByRole('button', { name: '删除第 1 题的选项 C' }));
    await user.click(within(dialog).getByRole('radio', { name: '第 1 题 选项 B 为正确答案' }));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('资源创建成功')).toBeInTheDocument();
    expect(calls.find((call) => call.path === CREATE)?.body).toEqual({
      name: '小测验：依恋类型',
      content: '',
      url: '',
      iframe: '',
      type: 'exercise',
      difficulty: 1,
      questions: [{ question: '哪一种是安全型依恋的表现？', options: ['回避亲近', '信任对方，也能独处'], answer: 1 }],
    });
  });

  it('asks before deleting, and words an expired login as spec 3 does', { timeout: 60_000 }, async () => {
    signInAs();
    const calls = fakeApi({
      [RESOURCES]: [PAGE],
      [POINTS]: [POINT_LIST],
      [RELATIONS]: [RELATION_LIST],
      [DELETE]: [ok(null), fail(401, 401, 'token expired')],
    });
    const user = await renderPage();
    await user.click(within(rowOf('呼吸练习')).getByRole('button', { name: /删\s*除/ }));
    await user.click(within(await dialogWith('确定要删除这个资源吗？')).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('资源删除成功')).toBeInTheDocument();
    expect(calls.find((call) => call.path === DELETE)?.body).toEqual({ krId: 2 });

    await user.click(within(rowOf('课程导读')).getByRole('button', { name: /删\s*除/ }));
    await user.click(within(await dialogWith('“课程导读”')).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('登录已过期，请重新登录')).toBeInTheDocument();
  });

  it('says the list failed to load, with the server’s reason and a retry', async () => {
    signInAs();
    fakeApi({
      // The client asks twice (one retry) before it gives up.
      [RESOURCES]: [fail(500, 500, '数据库暂时不可用'), fail(500, 500, '数据库暂时不可用'), PAGE],
      [POINTS]: [POINT_LIST],
      [RELATIONS]: [fail(500, 500, '')],
    });
    const user = userEvent.setup();
    renderAt('/knowledge/resource/admin', <ResourceAdminPage title="学习资源管理" />);
    expect(await screen.findByText('获取资源列表失败', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('数据库暂时不可用')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(rowOf('课程导读')).toBeDefined());
    // Relations that fail to load leave the bindings empty, without a word.
    expect(within(rowOf('课程导读')).getByText('未绑定')).toBeInTheDocument();
  });

  it('shows a resource as learners get it', async () => {
    signInAs();
    fakeApi({ [RESOURCES]: [PAGE], [POINTS]: [POINT_LIST], [RELATIONS]: [RELATION_LIST] });
    const user = await renderPage();
    await user.click(within(rowOf('呼吸节拍器')).getByRole('button', { name: /查\s*看/ }));
    const dialog = await dialogWith('查看资源：呼吸节拍器');
    const frame = dialog.querySelector('iframe');
    expect(frame).toHaveAttribute('src', '/media/knowledge/breathing-pacer.html');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
  });
});
