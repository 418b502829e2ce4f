import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session';
import { fakeApi, ok, renderRoutes } from '../../../test/render';
import MomentFeedPage from './MomentFeedPage';

/** Lets a test say when the end of the feed scrolls into view. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly options: IntersectionObserverInit | undefined;
  private readonly callback: IntersectionObserverCallback;
  private observed: Element[] = [];
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.callback = callback;
    this.options = options;
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed = [];
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  static scrollToEnd() {
    for (const observer of FakeIntersectionObserver.instances) {
      const entries = observer.observed.map((target) => ({ isIntersecting: true, target }));
      if (entries.length > 0) observer.callback(entries as unknown as IntersectionObserverEntry[], observer as never);
    }
  }
}

beforeEach(() => {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => vi.unstubAllGlobals());

const ME = 'uuid-me';

function moment(momentId: number, overrides: Record<string, unknown> = {}) {
  return {
    momentId,
    user: { uuid: 'uuid-other', birthyear: 0, city: '', occupation: '', education: '', sex: 0, height: 0 },
    nickName: '阿杰',
    avatar: '',
    content: `第 ${momentId} 条动态\n第二行`,
    images: [],
    likeCount: 0,
    isLiked: false,
    likes: '[]',
    commentCount: 0,
    createdAt: Math.floor(Date.now() / 1000) - 120,
    comments: '[]',
    ...overrides,
  };
}

const page = (...moments: ReturnType<typeof moment>[]) => ok({ moments });

function signIn() {
  startSession({
    accessToken: 'token-1',
    accessExpire: Math.floor(Date.now() / 1000) + 3600,
    uuid: ME,
    username: 'mei',
    nickname: '小美',
    sysRole: 'user',
  });
}

function renderFeed() {
  return renderRoutes(
    [
      { path: '/moment', element: <MomentFeedPage /> },
      { path: '/login', element: <div>login page</div> },
    ],
    '/moment',
  );
}

const post = (id: number) => document.querySelector(`[data-moment-id="${id}"]`) as HTMLElement;

describe('MomentFeedPage', () => {
  it('says 暂无动态 when the first page is empty, and never 没有更多动态了', async () => {
    const calls = fakeApi({ '/api/v1/moment/guest/list': [page()] });
    renderFeed();
    expect(await screen.findByText('暂无动态')).toBeInTheDocument();
    expect(screen.queryByText('没有更多动态了')).not.toBeInTheDocument();
    expect(calls).toEqual([{ path: '/api/v1/moment/guest/list', body: { fromId: 0 }, authorization: null }]);
  });

  it('loads the next page from the smallest id when the end scrolls into view, then says 没有更多动态了', async () => {
    signIn();
    const calls = fakeApi({ '/api/v1/moment/list': [page(moment(30), moment(21)), page(moment(12)), page()] });
    renderFeed();
    await screen.findByText(/第 21 条动态/);
    expect(screen.queryByText('没有更多动态了')).not.toBeInTheDocument();
    expect(FakeIntersectionObserver.instances.at(-1)?.options).toMatchObject({ rootMargin: '100px', threshold: 0.1 });

    act(() => FakeIntersectionObserver.scrollToEnd());
    await screen.findByText(/第 12 条动态/);
    act(() => FakeIntersectionObserver.scrollToEnd());

    expect(await screen.findByText('没有更多动态了')).toBeInTheDocument();
    expect(calls.map((call) => call.body)).toEqual([{ fromId: 0 }, { fromId: 21 }, { fromId: 12 }]);
    expect(calls.every((call) => call.authorization === 'Bearer token-1')).toBe(true);
    expect(screen.queryByText('暂无动态')).not.toBeInTheDocument();
  });

  it('keeps line breaks in the content as plain text', async () => {
    fakeApi({ '/api/v1/moment/guest/list': [page(moment(1, { content: '<b>你好</b>\n再见' }))] });
    renderFeed();
    const paragraph = await screen.findByText(/你好/);
    expect(paragraph.textContent).toBe('<b>你好</b>\n再见');
    expect(paragraph.querySelector('b')).toBeNull();
  });

  it('sends a guest who wants to comment or like to /login?href=/moment', async () => {
    const calls = fakeApi({ '/api/v1/moment/guest/list': [page(moment(5))] });
    const user = userEvent.setup();
    const { router } = renderFeed();
    await screen.findByText(/第 5 条动态/);

    await user.click(within(post(5)).getByRole('button', { name: /^评论/ }));
    await screen.findByText('login page');
    expect(router.state.location.pathname + router.state.location.search).toBe('/login?href=%2Fmoment');

    await router.navigate('/moment');
    await screen.findByText(/第 5 条动态/);
    await user.click(within(post(5)).getByRole('button', { name: /^点赞/ }));
    await screen.findByText('login page');
    expect(calls.filter((call) => call.path !== '/api/v1/moment/guest/list')).toEqual([]);
  });

  it('asks 删除确认 before deleting an own post, and removes it after 确定', async () => {
    signIn();
    const mine = moment(8, { user: { ...moment(8).user, uuid: ME }, nickName: '小美' });
    const calls = fakeApi({
      '/api/v1/moment/list': [page(mine, moment(7))],
      '/api/v1/moment/delete': [ok(null)],
    });
    const user = userEvent.setup();
    renderFeed();
    await screen.findByText(/第 8 条动态/);
    expect(within(post(7)).queryByRole('button', { name: '删除动态' })).not.toBeInTheDocument();
    expect(within(post(7)).getByRole('button', { name: '举报这条动态' })).toBeInTheDocument();
    expect(within(post(8)).queryByRole('button', { name: '举报这条动态' })).not.toBeInTheDocument();

    await user.click(within(post(8)).getByRole('button', { name: '删除动态' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('删除确认');
    expect(dialog).toHaveTextContent('确定要删除这条动态吗？');
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.path === '/api/v1/moment/delete')).toBe(false);

    await user.click(within(post(8)).getByRole('button', { name: '删除动态' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByText(/第 8 条动态/)).not.toBeInTheDocument());
    expect(calls.find((call) => call.path === '/api/v1/moment/delete')?.body).toEqual({ momentId: 8 });
    expect(screen.getByText(/第 7 条动态/)).toBeInTheDocument();
  });

  it('likes with the returned count and likers replacing the local ones', async () => {
    signIn();
    const calls = fakeApi({
      '/api/v1/moment/list': [page(moment(3, { likeCount: 4 }))],
      '/api/v1/moment/like': [
        ok({ likeCount: 2, likes: '[{"uuid":"uuid-me","nickname":"小美"},{"uuid":"x","nickname":"大伟"}]' }),
      ],
    });
    const user = userEvent.setup();
    renderFeed();
    await screen.findByText(/第 3 条动态/);
    await user.click(within(post(3)).getByRole('button', { name: '点赞 4' }));

    const unlike = await within(post(3)).findByRole('button', { name: '取消点赞 2' });
    expect(unlike).toHaveAttribute('aria-pressed', 'true');
    expect(within(post(3)).getByLabelText('点赞的人')).toHaveTextContent('小美、大伟');
    expect(calls.at(-1)).toMatchObject({ path: '/api/v1/moment/like', body: { momentId: 3 } });
  });

  it('replies to a comment, shows "A 回复 B", and clears the input', async () => {
    signIn();
    const first = [
      { CommentId: 11, Nickname: '阿杰', Content: '真好看', Uuid: 'uuid-other', ParentId: 0, ParentNickname: '' },
    ];
    const withReply = [
      ...first,
      { CommentId: 12, Nickname: '小美', Content: '谢谢你', Uuid: ME, ParentId: 11, ParentNickname: '阿杰' },
    ];
    const calls = fakeApi({
      '/api/v1/moment/list': [page(moment(3, { comments: JSON.stringify(first), commentCount: 1 }))],
      '/api/v1/comment/create': [ok({ comments: JSON.stringify(withReply) })],
      '/api/v1/comment/delete': [ok({ count: 1, comments: JSON.stringify(first) })],
    });
    const user = userEvent.setup();
    renderFeed();
    await screen.findByText('真好看');
    expect(within(post(3)).queryByRole('button', { name: /^删除评论/ })).not.toBeInTheDocument();

    await user.click(within(post(3)).getByRole('button', { name: '回复 阿杰' }));
    const input = within(post(3)).getByRole('textbox', { name: '回复 阿杰' });
    await user.click(within(post(3)).getByRole('button', { name: /发\s*送/ }));
    expect(await within(post(3)).findByRole('alert')).toHaveTextContent('请输入评论内容');
    await user.type(input, '谢谢你');
    await user.click(within(post(3)).getByRole('button', { name: /发\s*送/ }));

    const reply = await within(post(3)).findByText('谢谢你');
    expect(reply.closest('li')).toHaveTextContent('小美回复阿杰：谢谢你');
    expect(within(post(3)).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(post(3)).getByRole('button', { name: '评论 2' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/comment/create')?.body).toEqual({
      momentId: 3,
      content: '谢谢你',
      parentId: 11,
    });

    await user.click(within(post(3)).getByRole('button', { name: '删除评论 小美：谢谢你' }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(within(post(3)).queryByText('谢谢你')).not.toBeInTheDocument());
    expect(calls.find((call) => call.path === '/api/v1/comment/delete')?.body).toEqual({ commentId: 12 });
    expect(within(post(3)).getByRole('button', { name: '评论 1' })).toBeInTheDocument();
  });

  it('lays two images out two by two and shows a placeholder for a blank path', async () => {
    fakeApi({ '/api/v1/moment/guest/list': [page(moment(4, { images: ['uploads/moment/a.jpg', ''] }))] });
    renderFeed();
    await screen.findByText(/第 4 条动态/);
    expect(post(4).querySelector('[data-layout="grid-2"]')).not.toBeNull();
    const images = within(post(4)).getAllByRole('img', { name: /动态图片/ });
    expect(images[0]).toHaveAttribute('src', '/api/v1/uploads/moment/a.jpg');
    expect(images[1].getAttribute('src')).not.toContain('/api/v1/');
  });
});
