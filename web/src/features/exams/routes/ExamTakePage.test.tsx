import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { examDetail, examSession, signInAs } from '../testing';
import ExamTakePage from './ExamTakePage';

function renderTake() {
  return renderRoutes(
    [
      { path: '/exam/take/:id', element: <ExamTakePage /> },
      { path: '/exam/result/:id', element: <div>result page</div> },
      { path: '/recharge', element: <div>recharge page</div> },
      { path: '/login', element: <div>login page</div> },
    ],
    '/exam/take/7',
  );
}

const counter = (index: number, total: number) => screen.getByText(`第 ${index} / ${total} 题`);
const option = (name: string) => screen.getByRole('radio', { name });
const cell = (number: number) =>
  within(screen.getByRole('navigation', { name: '题号' })).getByRole('button', {
    name: new RegExp(`^第 ${number} 题`),
  });
const saves = (calls: { path: string; body: unknown }[]) =>
  calls.filter((call) => call.path === '/api/v1/exam/answer').map((call) => call.body);

describe('ExamTakePage', () => {
  afterEach(() => vi.useRealTimers());

  it('resumes: the saved answers show, and it opens at the first unanswered question', async () => {
    signInAs('mei');
    fakeApi({
      '/api/v1/exam/start': [
        ok(
          examSession(3, [
            { qid: 1, oid: 2 },
            { qid: 2, oid: 3 },
          ]),
        ),
      ],
    });
    renderTake();
    expect(await screen.findByText('第 3 / 3 题')).toBeInTheDocument();
    expect(screen.getByText('已为你恢复上次保存的 2 道题的作答')).toBeInTheDocument();
    expect(screen.getByText('已答 2 / 3')).toBeInTheDocument();
    expect(cell(1)).toHaveAttribute('data-answered', 'true');
    expect(cell(2)).toHaveAttribute('data-answered', 'true');
    expect(cell(3)).toHaveAttribute('data-answered', 'false');
    expect(cell(3)).toHaveAttribute('aria-current', 'step');

    fireEvent.click(cell(1));
    expect(counter(1, 3)).toBeInTheDocument();
    expect(option('比较不符合')).toHaveAttribute('aria-checked', 'true');
    expect(option('非常不符合')).toHaveAttribute('aria-checked', 'false');
  });

  it('advances 250 ms after a choice, ignores a second click within 100 ms, and saves with isTemp 1', async () => {
    signInAs('mei');
    const calls = fakeApi({
      '/api/v1/exam/start': [ok(examSession(3))],
      '/api/v1/exam/answer': [ok({ saved: 1, resultId: null })],
    });
    renderTake();
    await screen.findByText('第 1 / 3 题');
    vi.useFakeTimers();

    fireEvent.click(option('比较符合'));
    fireEvent.click(option('非常不符合'));
    expect(option('比较符合')).toHaveAttribute('aria-checked', 'true');
    expect(option('非常不符合')).toHaveAttribute('aria-checked', 'false');

    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(counter(1, 3)).toBeInTheDocument();
    expect(saves(calls)).toEqual([{ examId: 7, answers: [{ qid: 1, oid: 3 }], isTemp: 1 }]);

    await act(() => vi.advanceTimersByTimeAsync(60));
    expect(counter(2, 3)).toBeInTheDocument();
    expect(cell(1)).toHaveAttribute('data-answered', 'true');
  });

  it('takes a changed choice once the 100 ms lock is over', async () => {
    signInAs('mei');
    const calls = fakeApi({
      '/api/v1/exam/start': [ok(examSession(3))],
      '/api/v1/exam/answer': [ok({ saved: 1, resultId: null })],
    });
    renderTake();
    await screen.findByText('第 1 / 3 题');
    vi.useFakeTimers();

    fireEvent.click(option('比较符合'));
    await act(() => vi.advanceTimersByTimeAsync(120));
    fireEvent.click(option('非常不符合'));
    expect(option('非常不符合')).toHaveAttribute('aria-checked', 'true');
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(saves(calls).at(-1)).toEqual({ examId: 7, answers: [{ qid: 1, oid: 1 }], isTemp: 1 });
    await act(() => vi.advanceTimersByTimeAsync(260));
    expect(counter(2, 3)).toBeInTheDocument();
  });

  it('saves every 30 s while any answer exists', async () => {
    signInAs('mei');
    const calls = fakeApi({
      '/api/v1/exam/start': [ok(examSession(3, [{ qid: 1, oid: 1 }]))],
      '/api/v1/exam/answer': [ok({ saved: 1, resultId: null })],
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderTake();
    await screen.findByText('第 2 / 3 题');
    await act(() => vi.advanceTimersByTimeAsync(28_000));
    expect(saves(calls)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(2_500));
    expect(saves(calls)).toEqual([{ examId: 7, answers: [{ qid: 1, oid: 1 }], isTemp: 1 }]);
  });

  it('enables 提交 only when every question is answered, then submits with isTemp 0 and opens the result', async () => {
    signInAs('mei');
    const calls = fakeApi({
      '/api/v1/exam/start': [ok(examSession(2, [{ qid: 1, oid: 1 }]))],
      '/api/v1/exam/answer': [ok({ saved: 2, resultId: null }), ok({ saved: 2, resultId: 99 })],
    });
    const { router } = renderTake();
    await screen.findByText('第 2 / 2 题');
    const submit = screen.getByRole('button', { name: /提\s*交/ });
    expect(submit).toBeDisabled();
    expect(screen.getByText('还有 1 题未作答')).toBeInTheDocument();

    fireEvent.click(option('比较符合'));
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await screen.findByText('result page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/exam/result/99');
    expect(screen.getByText('测试提交成功')).toBeInTheDocument();
    // The submission closed the attempt; nothing starts another one behind the member's back.
    expect(calls.filter((call) => call.path === '/api/v1/exam/start')).toHaveLength(1);
    expect(saves(calls).at(-1)).toEqual({
      examId: 7,
      answers: [
        { qid: 1, oid: 1 },
        { qid: 2, oid: 3 },
      ],
      isTemp: 0,
    });
  });

  it('submits only once a save on its way has been answered, and only once', async () => {
    signInAs('mei');
    const calls = fakeApi({
      '/api/v1/exam/start': [ok(examSession(1, []))],
      '/api/v1/exam/answer': [ok({ saved: 1, resultId: null }), ok({ saved: 1, resultId: 5 })],
    });
    const answer = globalThis.fetch;
    let releaseSave = () => {};
    const saveHeld = new Promise<void>((resolve) => {
      releaseSave = resolve;
    });
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if ((await request.clone().text()).includes('"isTemp":1')) await saveHeld;
      return answer(request);
    }) as typeof fetch;
    renderTake();
    await screen.findByText('第 1 / 1 题');
    fireEvent.click(option('比较符合'));
    const submit = screen.getByRole('button', { name: /提\s*交/ });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    fireEvent.click(submit);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(saves(calls)).toEqual([]);

    releaseSave();
    expect(await screen.findByText('result page')).toBeInTheDocument();
    expect(saves(calls).map((body) => (body as { isTemp: number }).isTemp)).toEqual([1, 0]);
  });

  it("shows the server's reason when the submission fails", async () => {
    signInAs('mei');
    fakeApi({
      '/api/v1/exam/start': [ok(examSession(1, [{ qid: 1, oid: 1 }]))],
      '/api/v1/exam/answer': [fail(400, 400, '第 1 题尚未作答')],
    });
    renderTake();
    await screen.findByText('第 1 / 1 题');
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('第 1 题尚未作答')).toBeInTheDocument();
  });

  it('offers 购买并开始 with the price when the assessment is not bought, then starts', async () => {
    signInAs('mei');
    const calls = fakeApi({
      '/api/v1/exam/start': [fail(403, 403, '请先购买该测评'), ok(examSession(2))],
      '/api/v1/exam/7': [ok(examDetail(7, { examName: '大五人格', fee: 1990, oneFree: 1, canTake: 0 }))],
      '/api/v1/exam/buy': [ok(2)],
    });
    renderTake();
    expect(await screen.findByText('¥19.90')).toBeInTheDocument();
    expect(screen.getByText('买一送一：购买一次可完成两次测评')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /购买并开始/ }));
    expect(await screen.findByText('第 1 / 2 题')).toBeInTheDocument();
    expect(screen.getByText('购买成功，开始测评')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/exam/buy')?.body).toEqual({ id: 7 });
  });

  it("on 402 shows the server's words and opens /recharge", async () => {
    signInAs('mei');
    fakeApi({
      '/api/v1/exam/start': [fail(403, 403, '请先购买该测评')],
      '/api/v1/exam/7': [ok(examDetail(7, { fee: 1990, canTake: 0 }))],
      '/api/v1/exam/buy': [fail(402, 402, '余额不足，需要 ¥19.90，当前余额 ¥0.00，请先充值')],
    });
    const { router } = renderTake();
    await screen.findByText('¥19.90');
    fireEvent.click(screen.getByRole('button', { name: /购买并开始/ }));
    expect(await screen.findByText('recharge page')).toBeInTheDocument();
    expect(screen.getByText('余额不足，需要 ¥19.90，当前余额 ¥0.00，请先充值')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/recharge');
  });

  it('counts down from remainingSeconds and submits by itself at zero', async () => {
    signInAs('mei');
    const calls = fakeApi({
      '/api/v1/exam/start': [ok(examSession(1, [{ qid: 1, oid: 2 }], { timeLimit: 5, remainingSeconds: 3 }))],
      '/api/v1/exam/answer': [ok({ saved: 1, resultId: 5 })],
    });
    renderTake();
    expect(await screen.findByRole('timer')).toHaveTextContent('00:03');
    await waitFor(() => expect(saves(calls)).toEqual([{ examId: 7, answers: [{ qid: 1, oid: 2 }], isTemp: 0 }]), {
      timeout: 6000,
    });
    expect(await screen.findByText('result page')).toBeInTheDocument();
  });

  it('says 获取测试题目失败 when the questions cannot be loaded', async () => {
    signInAs('mei');
    fakeApi({ '/api/v1/exam/start': [fail(500, 500, '')] });
    renderTake();
    expect(await screen.findByText('获取测试题目失败')).toBeInTheDocument();
  });
});
