import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, fail, ok, renderRoutes } from '../../../test/render';
import { examDetail, signInAs } from '../testing';
import ExamCreatePage from './ExamCreatePage';
import ExamEditPage from './ExamEditPage';

function renderCreate() {
  return renderRoutes(
    [
      { path: '/exam/create', element: <ExamCreatePage /> },
      { path: '/exam/:id', element: <div>detail page</div> },
    ],
    '/exam/create',
  );
}

const QUESTIONS = [
  {
    qid: 1,
    question: '我喜欢热闹的聚会',
    question_key: '__1_外向',
    question_tag: '性格',
    score: 0,
    options: [
      { oid: 1, option: '是', score: 2 },
      { oid: 2, option: '否', score: 0 },
    ],
  },
];

// Role queries walk the whole accessibility tree, which is slow on a form this size under jsdom.
const rawTab = () => screen.getAllByText('JSON 源码')[0];
const structuredTab = () => screen.getAllByText('逐题编辑')[0];
const rawText = () => screen.getByLabelText('JSON 源码', { selector: 'textarea' }) as HTMLTextAreaElement;
const saveButton = () => screen.getByText(/保\s*存/);
const toggle = (name: string) => screen.getByLabelText(name, { selector: 'button' });

describe('exam editor', () => {
  it('keeps the structured editor and the JSON text in step, and names a parse error', async () => {
    signInAs('boss', 'admin');
    const user = userEvent.setup();
    renderCreate();
    await user.click(await screen.findByText('添加题目'));
    fireEvent.change(screen.getByLabelText('第 1 题题目内容'), { target: { value: '你喜欢安静吗' } });
    expect(screen.getByLabelText('题目数量')).toHaveValue('1');

    await user.click(rawTab());
    expect(JSON.parse(rawText().value)[0]).toMatchObject({ qid: 1, question: '你喜欢安静吗' });

    fireEvent.change(rawText(), {
      target: { value: JSON.stringify([...QUESTIONS, { ...QUESTIONS[0], qid: 2, question: '第二题' }]) },
    });
    expect(screen.getByLabelText('题目数量')).toHaveValue('2');
    fireEvent.change(rawText(), { target: { value: '[{"qid": 1,' } });
    expect(await screen.findByText(/^题目 JSON 格式错误：/)).toBeInTheDocument();
    // The questions keep their last good value while the text does not parse.
    expect(screen.getByLabelText('题目数量')).toHaveValue('2');

    await user.click(structuredTab());
    expect(screen.getByText('我喜欢热闹的聚会', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('第二题', { selector: 'span' })).toBeInTheDocument();
    await user.click(screen.getByLabelText('删除题目 第 1 题'));
    expect(screen.queryByText('我喜欢热闹的聚会', { selector: 'span' })).not.toBeInTheDocument();
    await user.click(rawTab());
    expect(JSON.parse(rawText().value)).toHaveLength(1);
  });

  it("shows the spec's validation texts before sending anything", async () => {
    signInAs('boss', 'admin');
    const calls = fakeApi({});
    const user = userEvent.setup();
    renderCreate();
    fireEvent.change(await screen.findByLabelText('测评名称'), { target: { value: '测' } });
    await user.click(saveButton());
    expect(await screen.findByText('长度在 2 到 50 个字符')).toBeInTheDocument();
    expect(screen.getByText('请输入测评简介')).toBeInTheDocument();
    expect(screen.getByText('请输入测评说明')).toBeInTheDocument();
    expect(screen.getAllByText('题目数量须在 1 到 100 之间').length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText('测评简介'), { target: { value: '短' } });
    expect(await screen.findByText('长度在 5 到 200 个字符')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('测评名称'), { target: { value: '' } });
    expect(await screen.findByText('请输入测评名称')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('creates with the fee in yuan and flags as 0/1, says 创建成功 and opens the detail', async () => {
    signInAs('boss', 'admin');
    const calls = fakeApi({ '/api/v1/exam/create': [ok({ id: 12 })] });
    const user = userEvent.setup();
    const { router } = renderCreate();
    fireEvent.change(await screen.findByLabelText('测评名称'), { target: { value: '外向小测' } });
    fireEvent.change(screen.getByLabelText('测评简介'), { target: { value: '看看你有多外向。' } });
    fireEvent.change(screen.getByLabelText('测评说明'), { target: { value: '共 1 题。' } });
    await user.click(toggle('免费'));
    fireEvent.change(screen.getByLabelText('价格（元）'), { target: { value: '9.9' } });
    await user.click(toggle('买一送一'));
    await user.click(rawTab());
    fireEvent.change(rawText(), { target: { value: JSON.stringify(QUESTIONS) } });
    await user.click(saveButton());

    expect(await screen.findByText('detail page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/exam/12');
    expect(screen.getByText('创建成功')).toBeInTheDocument();
    const body = calls.find((call) => call.path === '/api/v1/exam/create')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      examName: '外向小测',
      fee: 9.9,
      free: 0,
      oneFree: 1,
      questionCount: 1,
      timeLimit: 0,
      questionsType: 'options',
    });
    expect(JSON.parse(body.questions as string)).toEqual(QUESTIONS);
  });

  it("shows the server's 400 message when saving fails", async () => {
    signInAs('boss', 'admin');
    fakeApi({ '/api/v1/exam/create': [fail(400, 400, '结果解读中的维度「外向」没有对应的题目')] });
    const user = userEvent.setup();
    renderCreate();
    fireEvent.change(await screen.findByLabelText('测评名称'), { target: { value: '外向小测' } });
    fireEvent.change(screen.getByLabelText('测评简介'), { target: { value: '看看你有多外向。' } });
    fireEvent.change(screen.getByLabelText('测评说明'), { target: { value: '共 1 题。' } });
    await user.click(rawTab());
    fireEvent.change(rawText(), { target: { value: JSON.stringify(QUESTIONS) } });
    await user.click(saveButton());
    expect(await screen.findByText('结果解读中的维度「外向」没有对应的题目')).toBeInTheDocument();
  });

  it('tells a member the page is for admins instead of showing the form', async () => {
    signInAs('mei');
    renderCreate();
    expect(await screen.findByText('需要管理员权限')).toBeInTheDocument();
    expect(screen.queryByLabelText('测评名称')).not.toBeInTheDocument();
  });

  it('fills the edit form from the detail, the fee turned from fen into yuan, and says 保存成功', async () => {
    signInAs('boss', 'admin');
    const calls = fakeApi({
      '/api/v1/exam/5': [
        ok(
          examDetail(5, { examName: '大五人格', fee: 1990, free: 0, oneFree: 1, questions: JSON.stringify(QUESTIONS) }),
        ),
      ],
      '/api/v1/exam/update': [ok(null)],
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/exam/edit/:id', element: <ExamEditPage /> },
        { path: '/exam/:id', element: <div>detail page</div> },
      ],
      '/exam/edit/5',
    );
    expect(await screen.findByDisplayValue('大五人格')).toBeInTheDocument();
    expect(screen.getByLabelText('价格（元）')).toHaveValue('19.90');
    expect(toggle('买一送一')).toBeChecked();
    await user.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/5'));
    expect(screen.getByText('保存成功')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/exam/update')?.body).toMatchObject({
      id: 5,
      fee: 19.9,
      oneFree: 1,
    });
  });
});
