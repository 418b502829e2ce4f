import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { bodiesOf, person, signIn } from '../testing';
import LikePage from './LikePage';

const LIKED_ME = '/api/v1/likedme/list';
const LIKED = '/api/v1/liked/list';
const MUTUAL = '/api/v1/mutualliked/list';

const HAO = person();
const LI = person({ uuid: 'uuid-li', nickname: '小丽', sex: 'female', isLiked: 1 });
const page = (...people: ReturnType<typeof person>[]) => ok({ likes: people, total: people.length });

function renderLike(path = '/like') {
  return renderRoutes(
    [
      { path: '/like', element: <LikePage title="互动" /> },
      { path: '/login', element: <div>login page</div> },
    ],
    path,
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });
const searchBox = () => screen.getByRole('searchbox', { name: '搜索' });
const actionsOf = (name: string) => within(screen.getByRole('group', { name: `对 ${name} 的操作` }));
const pause = () => new Promise((resolve) => setTimeout(resolve, 500));

describe('LikePage', () => {
  it('sends a guest to sign in first, coming back afterwards', async () => {
    fakeApi({});
    const { router } = renderLike();
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?href=%2Flike');
  });

  it('opens on 喜欢我的: page 1 of 12 without a search, with a like button', async () => {
    signIn();
    const calls = fakeApi({ [LIKED_ME]: [page(HAO)] });
    renderLike();
    expect(await screen.findByRole('article', { name: '阿浩' })).toBeInTheDocument();
    expect(tab('喜欢我的')).toHaveAttribute('aria-selected', 'true');
    expect(bodiesOf(calls, LIKED_ME)).toEqual([{ page: 1, pageSize: 12, keyword: '' }]);
    expect(actionsOf('阿浩').getByRole('button', { name: /^喜\s*欢$/ })).toBeInTheDocument();
    expect(actionsOf('阿浩').getByRole('button', { name: /拉\s*黑/ })).toBeInTheDocument();
  });

  it('searches once typing pauses, and switching tab clears the search and keeps a loaded tab', async () => {
    signIn();
    const calls = fakeApi({ [LIKED_ME]: [page(HAO), page(HAO)], [LIKED]: [page(LI)] });
    const user = userEvent.setup();
    renderLike();
    await screen.findByRole('article', { name: '阿浩' });

    await user.type(searchBox(), '杭州');
    await waitFor(() => expect(bodiesOf(calls, LIKED_ME)).toHaveLength(2));
    expect(bodiesOf(calls, LIKED_ME)[1]).toEqual({ page: 1, pageSize: 12, keyword: '杭州' });

    await user.click(tab('我喜欢的'));
    expect(await screen.findByRole('article', { name: '小丽' })).toBeInTheDocument();
    expect(searchBox()).toHaveValue('');
    expect(bodiesOf(calls, LIKED)).toEqual([{ page: 1, pageSize: 12, keyword: '' }]);

    await user.click(tab('喜欢我的'));
    expect(await screen.findByRole('article', { name: '阿浩' })).toBeInTheDocument();
    await pause();
    expect(bodiesOf(calls, LIKED_ME)).toHaveLength(2);
    expect(bodiesOf(calls, LIKED)).toHaveLength(1);
    expect(searchBox()).toHaveValue('');
  });

  it('refetches the open tab on 刷新', async () => {
    signIn();
    const calls = fakeApi({ [LIKED_ME]: [page(HAO), page(HAO, LI)] });
    const user = userEvent.setup();
    renderLike();
    await screen.findByRole('article', { name: '阿浩' });
    await user.click(screen.getByRole('button', { name: /刷\s*新/ }));
    expect(await screen.findByRole('article', { name: '小丽' })).toBeInTheDocument();
    expect(bodiesOf(calls, LIKED_ME)).toEqual([
      { page: 1, pageSize: 12, keyword: '' },
      { page: 1, pageSize: 12, keyword: '' },
    ]);
  });

  it('likes someone who likes me and reloads the list, whose card then offers 取消喜欢', async () => {
    signIn();
    const calls = fakeApi({
      [LIKED_ME]: [page(HAO), page({ ...HAO, isLiked: 1 })],
      '/api/v1/user/like': [ok(null)],
    });
    const user = userEvent.setup();
    renderLike();
    await user.click(await screen.findByRole('button', { name: /^喜\s*欢$/ }));
    expect(await screen.findByText('已添加到喜欢列表')).toBeInTheDocument();
    expect(bodiesOf(calls, '/api/v1/user/like')).toEqual([{ targetUuid: 'uuid-hao', likeLevel: 1 }]);
    expect(await actionsOf('阿浩').findByRole('button', { name: '取消喜欢' })).toBeInTheDocument();
    expect(bodiesOf(calls, LIKED_ME)).toHaveLength(2);
  });

  it('unlikes on 我喜欢的 and 相互喜欢, and the person leaves the list', async () => {
    signIn();
    const calls = fakeApi({
      [LIKED_ME]: [page(HAO)],
      [LIKED]: [page(LI), page()],
      [MUTUAL]: [page(LI)],
      '/api/v1/user/unlike': [ok(null)],
    });
    const user = userEvent.setup();
    renderLike('/like?tab=mutualliked');
    expect(await screen.findByRole('article', { name: '小丽' })).toBeInTheDocument();
    expect(tab('相互喜欢')).toHaveAttribute('aria-selected', 'true');
    expect(actionsOf('小丽').getByRole('button', { name: '取消喜欢' })).toBeInTheDocument();
    expect(actionsOf('小丽').queryByRole('button', { name: /^喜\s*欢$/ })).toBeNull();

    await user.click(tab('我喜欢的'));
    await user.click(await actionsOf('小丽').findByRole('button', { name: '取消喜欢' }));
    expect(await screen.findByText('已取消喜欢')).toBeInTheDocument();
    expect(bodiesOf(calls, '/api/v1/user/unlike')).toEqual([{ targetUuid: 'uuid-li' }]);
    expect(await screen.findByText('你还没有喜欢的人，去推荐里看看吧')).toBeInTheDocument();
  });

  it('blacklists from the list after confirming; the person leaves it', async () => {
    signIn();
    const calls = fakeApi({
      [LIKED_ME]: [page(HAO), page()],
      '/api/v1/user/blacklist/add': [ok(null)],
    });
    const user = userEvent.setup();
    renderLike();
    await user.click(await screen.findByRole('button', { name: /拉\s*黑/ }));
    const dialog = await screen.findByRole('dialog', { name: '把 阿浩 加入黑名单？' });
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已添加到黑名单')).toBeInTheDocument();
    expect(bodiesOf(calls, '/api/v1/user/blacklist/add')).toEqual([{ targetUuid: 'uuid-hao' }]);
    expect(await screen.findByText('还没有人喜欢你，完善资料会更容易被看到')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: '阿浩' })).toBeNull();
  });

  it('says what an empty search found', async () => {
    signIn();
    fakeApi({ [LIKED_ME]: [page(HAO), page()] });
    const user = userEvent.setup();
    renderLike();
    await screen.findByRole('article', { name: '阿浩' });
    await user.type(searchBox(), '上海{Enter}');
    expect(await screen.findByText('没有找到与“上海”相关的人')).toBeInTheDocument();
  });

  it('pages through the list, 12 at a time', async () => {
    signIn();
    const many = ok({ likes: [HAO], total: 30 });
    const calls = fakeApi({ [LIKED_ME]: [many, ok({ likes: [LI], total: 30 })] });
    const user = userEvent.setup();
    renderLike();
    await screen.findByRole('article', { name: '阿浩' });
    await user.click(screen.getByRole('listitem', { name: '2' }));
    expect(await screen.findByRole('article', { name: '小丽' })).toBeInTheDocument();
    expect(bodiesOf(calls, LIKED_ME)[1]).toEqual({ page: 2, pageSize: 12, keyword: '' });
  });

  it('shows the server’s words when the list fails, with a retry', async () => {
    signIn();
    fakeApi({ [LIKED_ME]: [fail(500, 500, '服务器繁忙')] });
    renderLike();
    expect(await screen.findByText('服务器繁忙')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });

  it('says 获取用户列表失败 when the list fails without words from the server', async () => {
    signIn();
    fakeApi({ [LIKED_ME]: 'network-failure' });
    renderLike();
    expect(await screen.findByText('获取用户列表失败')).toBeInTheDocument();
  });
});
