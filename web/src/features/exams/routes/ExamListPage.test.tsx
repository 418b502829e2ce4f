import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { examCard, signInAs } from '../testing';
import ExamListPage from './ExamListPage';

const page = (...exams: ReturnType<typeof examCard>[]) => ok({ exams });

function renderList() {
  return renderRoutes(
    [
      { path: '/testlist', element: <ExamListPage /> },
      { path: '/exam/:id', element: <div>detail page</div> },
      { path: '/exam/take/:id', element: <div>take page</div> },
      { path: '/exam/edit/:id', element: <div>edit page</div> },
      { path: '/login', element: <div>login page</div> },
    ],
    '/testlist',
  );
}

const card = (name: string) => screen.getByRole('listitem', { name }) as HTMLElement;

/** Every sentinel is "visible" as soon as it is observed, so each page loads the next. */
class VisibleObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    setTimeout(() => this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never), 0);
  }
  disconnect() {}
  unobserve() {}
}

describe('ExamListPage', () => {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', VisibleObserver));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the fee badges: 免费, the price, the price with 已购买, and 买一送一', async () => {
    signInAs('mei');
    fakeApi({
      '/api/v1/exam/list': [
        page(
          examCard(6, { examName: '大五人格', fee: 1990, free: 0, oneFree: 1 }),
          examCard(5, { examName: '四维性格类型测评', fee: 990, free: 0, isAcquired: 1 }),
          examCard(4, { examName: 'WHO-5 幸福感指数' }),
        ),
        page(),
      ],
    });
    renderList();
    await screen.findByText('大五人格');
    expect(within(card('大五人格')).getByText('¥19.90')).toBeInTheDocument();
    expect(within(card('大五人格')).getByText('买一送一')).toBeInTheDocument();
    expect(within(card('四维性格类型测评')).getByText('¥9.90 已购买')).toBeInTheDocument();
    expect(within(card('WHO-5 幸福感指数')).getByText('免费')).toBeInTheDocument();
    expect(within(card('WHO-5 幸福感指数')).queryByText('买一送一')).not.toBeInTheDocument();
    expect(within(card('WHO-5 幸福感指数')).getByText('发布于 2025-06-15')).toBeInTheDocument();
  });

  it('loads on by the smallest id seen and ends with 没有更多了', async () => {
    signInAs('mei');
    const calls = fakeApi({
      '/api/v1/exam/list': [page(examCard(30), examCard(28)), page(examCard(20)), page()],
    });
    renderList();
    expect(await screen.findByText('没有更多了')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(calls.map((call) => call.body)).toEqual([{ fromId: 0 }, { fromId: 28 }, { fromId: 20 }]);
  });

  it('asks the guest list for a guest, offers no 创建测评, and asks to log in before 查看 and 开始测评', async () => {
    const calls = fakeApi({ '/api/v1/exam/guest/list': [page(examCard(3, { examName: '自尊量表' })), page()] });
    const user = userEvent.setup();
    const { router } = renderList();
    await screen.findByText('自尊量表');
    expect(calls[0].path).toBe('/api/v1/exam/guest/list');
    expect(screen.queryByRole('link', { name: /创建测评/ })).not.toBeInTheDocument();

    await user.click(within(card('自尊量表')).getByRole('button', { name: /开始测评/ }));
    expect(await screen.findByText('需要登录后才能开始测评，是否前往登录？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '取 消' }));
    await waitFor(() => expect(screen.queryByText('需要登录后才能开始测评，是否前往登录？')).not.toBeInTheDocument());

    await user.click(within(card('自尊量表')).getByRole('button', { name: /查\s*看/ }));
    expect(await screen.findByText('需要登录后才能查看测评详情，是否前往登录？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /去登录/ }));
    await screen.findByText('login page');
    expect(router.state.location.search).toBe('?href=%2Fexam%2F3');
  });

  it('opens the detail and the take page for a member, with 创建测评 but no edit or delete', async () => {
    signInAs('mei');
    fakeApi({ '/api/v1/exam/list': [page(examCard(3, { examName: '自尊量表' })), page()] });
    const user = userEvent.setup();
    const { router } = renderList();
    await screen.findByText('自尊量表');
    expect(screen.getByRole('link', { name: /创建测评/ })).toHaveAttribute('href', '/exam/create');
    expect(within(card('自尊量表')).queryByRole('button', { name: /编辑/ })).not.toBeInTheDocument();
    await user.click(within(card('自尊量表')).getByRole('button', { name: /开始测评/ }));
    await screen.findByText('take page');
    expect(router.state.location.pathname).toBe('/exam/take/3');
  });

  it('lets an admin edit, and delete after a confirmation that says it cannot be undone', async () => {
    signInAs('boss', 'admin');
    const calls = fakeApi({
      '/api/v1/exam/list': [page(examCard(3, { examName: '自尊量表' })), page(), page(), page()],
      '/api/v1/exam/delete': [ok(null)],
    });
    const user = userEvent.setup();
    renderList();
    await screen.findByText('自尊量表');
    await user.click(within(card('自尊量表')).getByRole('button', { name: '删除 自尊量表' }));
    expect(await screen.findByText('删除后无法恢复，确定要删除该测评吗？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/exam/delete')?.body).toEqual({ id: 3 });
  });

  it('says 获取测评列表失败 when the server gives no reason', async () => {
    fakeApi({ '/api/v1/exam/guest/list': [fail(500, 500, '')] });
    renderList();
    expect(await screen.findByText('获取测评列表失败', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
