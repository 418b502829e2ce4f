import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RecommendedCard } from '../../../api/generated/types.gen';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { bodiesOf, person, signIn } from '../testing';
import RecommendPage from './RecommendPage';

const RECOMMEND = '/api/v1/recommend/list';
const recommended = (overrides: Partial<RecommendedCard> = {}): RecommendedCard => ({
  ...person(),
  score: 86,
  reasons: ['共同爱好：摄影、旅游', '同城'],
  ...overrides,
});
const page = (...people: RecommendedCard[]) => ok({ likes: people, total: people.length });

function renderRecommend() {
  return renderRoutes(
    [
      { path: '/people', element: <RecommendPage title="推荐" /> },
      { path: '/login', element: <div>login page</div> },
    ],
    '/people',
  );
}

describe('RecommendPage', () => {
  it('sends a guest to sign in first', async () => {
    fakeApi({});
    const { router } = renderRecommend();
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?href=%2Fpeople');
  });

  it('shows recommended people with their fit and reasons, and view, chat, like, blacklist', async () => {
    signIn();
    const calls = fakeApi({ [RECOMMEND]: [page(recommended())] });
    renderRecommend();
    const card = await screen.findByRole('article', { name: '阿浩' });
    expect(within(card).getByRole('img', { name: '契合度 86 分' })).toBeInTheDocument();
    expect(within(card).getByText('共同爱好：摄影、旅游')).toBeInTheDocument();
    expect(within(card).getByText('同城')).toBeInTheDocument();
    const actions = within(within(card).getByRole('group'));
    expect(actions.getByRole('link', { name: /查\s*看/ })).toBeInTheDocument();
    expect(actions.getByRole('link', { name: /聊\s*天/ })).toBeInTheDocument();
    expect(actions.getByRole('button', { name: /^喜\s*欢$/ })).toBeInTheDocument();
    expect(actions.getByRole('button', { name: /拉\s*黑/ })).toBeInTheDocument();
    expect(bodiesOf(calls, RECOMMEND)).toEqual([{ page: 1, pageSize: 12, keyword: '' }]);
  });

  it('searches by name, age or city once typing pauses', async () => {
    signIn();
    const calls = fakeApi({
      [RECOMMEND]: [page(recommended()), page(recommended({ uuid: 'uuid-li', nickname: '小丽' }))],
    });
    const user = userEvent.setup();
    renderRecommend();
    await screen.findByRole('article', { name: '阿浩' });
    await user.type(screen.getByRole('searchbox', { name: '搜索' }), '杭州');
    expect(await screen.findByRole('article', { name: '小丽' })).toBeInTheDocument();
    await waitFor(() => expect(bodiesOf(calls, RECOMMEND)).toHaveLength(2));
    expect(bodiesOf(calls, RECOMMEND)[1]).toEqual({ page: 1, pageSize: 12, keyword: '杭州' });
  });

  it('says 获取推荐用户列表失败 when the list fails without words from the server', async () => {
    signIn();
    fakeApi({ [RECOMMEND]: 'network-failure' });
    renderRecommend();
    expect(await screen.findByText('获取推荐用户列表失败')).toBeInTheDocument();
  });

  it('shows the server’s words when the list fails', async () => {
    signIn();
    fakeApi({ [RECOMMEND]: [fail(500, 500, '服务器繁忙')] });
    renderRecommend();
    expect(await screen.findByText('服务器繁忙')).toBeInTheDocument();
  });
});
