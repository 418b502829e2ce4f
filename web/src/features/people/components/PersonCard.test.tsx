import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import type { PersonCard as Person } from '../../../api/generated/types.gen';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { bodiesOf, person, signIn } from '../testing';
import { PersonCard, type PersonAction } from './PersonCard';

const CONFIRM_TEXT = '您之前未访问过该用户，查看需要消耗10积分，是否继续？';

function WhereAmI() {
  const location = useLocation();
  return (
    <div>
      <p>at {location.pathname}</p>
      <p>state {JSON.stringify(location.state)}</p>
    </div>
  );
}

function renderCard(shown: Person, actions: readonly PersonAction[] = ['view', 'chat', 'like', 'blacklist']) {
  signIn();
  return renderRoutes(
    [
      { path: '/list', element: <PersonCard person={shown} actions={actions} extra={<span>来访 3 次</span>} /> },
      { path: '/profile/:id', element: <WhereAmI /> },
      { path: '/chat/:id', element: <WhereAmI /> },
    ],
    '/list',
  );
}

const actionsOf = (name: string) => within(screen.getByRole('group', { name: `对 ${name} 的操作` }));

describe('PersonCard', () => {
  it('shows the person: photo, name, age, place, height, occupation, education, hobbies and the extra slot', () => {
    fakeApi({});
    renderCard(person());
    const card = screen.getByRole('article', { name: '阿浩' });
    expect(within(card).getByRole('img', { name: '阿浩的照片' })).toHaveAttribute(
      'src',
      '/api/v1/uploads/photo/p1.jpg',
    );
    expect(within(card).getByRole('heading', { name: '阿浩' })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: '男' })).toBeInTheDocument();
    expect(within(card).getByText('29岁')).toBeInTheDocument();
    expect(within(card).getByText('浙江省 杭州市 西湖区')).toBeInTheDocument();
    expect(within(card).getByText('180cm')).toBeInTheDocument();
    expect(within(card).getByText('工程师')).toBeInTheDocument();
    expect(within(card).getByText('硕士')).toBeInTheDocument();
    expect(within(card).getByText('摄影')).toBeInTheDocument();
    expect(within(card).getByText('旅游')).toBeInTheDocument();
    expect(within(card).getByText('来访 3 次')).toBeInTheDocument();
    expect(within(card).queryByText('有孩子')).toBeNull();
    expect(within(card).queryByText('照片已模糊')).toBeNull();
  });

  it('tags a person who passed real-name verification, and only them', () => {
    fakeApi({});
    const { unmount } = renderCard(person({ isVerified: 1 }));
    expect(within(screen.getByRole('article', { name: '阿浩' })).getByText('已实名')).toBeInTheDocument();
    unmount();
    renderCard(person({ isVerified: 0 }));
    expect(within(screen.getByRole('article', { name: '阿浩' })).queryByText('已实名')).toBeNull();
  });

  it('falls back to the username, the avatar and the city, and tags a person with children', () => {
    fakeApi({});
    renderCard(person({ nickname: '', photo: '', location: '', girlCount: 1 }));
    const card = screen.getByRole('article', { name: 'ahao' });
    expect(within(card).getByRole('img', { name: 'ahao的照片' })).toHaveAttribute(
      'src',
      '/api/v1/uploads/avatar/a.jpg',
    );
    expect(within(card).getByText('杭州市')).toBeInTheDocument();
    expect(within(card).getByText('有孩子')).toBeInTheDocument();
  });

  it('opens an unlocked profile at once, through a real link', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderCard(person());
    const view = actionsOf('阿浩').getByRole('link', { name: /查\s*看/ });
    expect(view).toHaveAttribute('href', '/profile/uuid-hao');
    await user.click(view);
    expect(await screen.findByText('at /profile/uuid-hao')).toBeInTheDocument();
    expect(screen.getByText('state null')).toBeInTheDocument();
    expect(screen.queryByText(CONFIRM_TEXT)).toBeNull();
  });

  it('asks before opening a blurred profile; 取消 stays, 确定 opens it with the answer handed over', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderCard(person({ locked: 1, photo: 'uploads/photo/p1_blur.jpg' }));
    expect(screen.getByText('照片已模糊')).toBeInTheDocument();

    await user.click(actionsOf('阿浩').getByRole('button', { name: /查\s*看/ }));
    expect(await screen.findByText(CONFIRM_TEXT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByText(CONFIRM_TEXT)).toBeNull());
    expect(screen.getByRole('article', { name: '阿浩' })).toBeInTheDocument();
    expect(screen.queryByText(/^at /)).toBeNull();

    await user.click(actionsOf('阿浩').getByRole('button', { name: /查\s*看/ }));
    expect(await screen.findByText(CONFIRM_TEXT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('at /profile/uuid-hao')).toBeInTheDocument();
    expect(screen.getByText('state {"unlockConfirmed":true}')).toBeInTheDocument();
  });

  it('opens the chat with the person', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderCard(person());
    await user.click(actionsOf('阿浩').getByRole('link', { name: /聊\s*天/ }));
    expect(await screen.findByText('at /chat/uuid-hao')).toBeInTheDocument();
  });

  it('likes with like level 1, and says so', async () => {
    const calls = fakeApi({ '/api/v1/user/like': [ok(null)] });
    const user = userEvent.setup();
    renderCard(person());
    await user.click(actionsOf('阿浩').getByRole('button', { name: /^喜\s*欢$/ }));
    expect(await screen.findByText('已添加到喜欢列表')).toBeInTheDocument();
    expect(bodiesOf(calls, '/api/v1/user/like')).toEqual([{ targetUuid: 'uuid-hao', likeLevel: 1 }]);
  });

  it('offers 取消喜欢 for someone already liked, and unlikes', async () => {
    const calls = fakeApi({ '/api/v1/user/unlike': [ok(null)] });
    const user = userEvent.setup();
    renderCard(person({ isLiked: 1 }));
    expect(actionsOf('阿浩').queryByRole('button', { name: /^喜\s*欢$/ })).toBeNull();
    await user.click(actionsOf('阿浩').getByRole('button', { name: '取消喜欢' }));
    expect(await screen.findByText('已取消喜欢')).toBeInTheDocument();
    expect(bodiesOf(calls, '/api/v1/user/unlike')).toEqual([{ targetUuid: 'uuid-hao' }]);
  });

  it('shows the server’s words when a like is refused', async () => {
    fakeApi({ '/api/v1/user/like': [fail(400, 400, '对方在你的黑名单中，请先将其移出黑名单')] });
    const user = userEvent.setup();
    renderCard(person());
    await user.click(actionsOf('阿浩').getByRole('button', { name: /^喜\s*欢$/ }));
    expect(await screen.findByText('对方在你的黑名单中，请先将其移出黑名单')).toBeInTheDocument();
  });

  it('says 操作失败 when an unlike fails without words from the server', async () => {
    fakeApi({ '/api/v1/user/unlike': 'network-failure' });
    const user = userEvent.setup();
    renderCard(person({ isLiked: 1 }));
    await user.click(actionsOf('阿浩').getByRole('button', { name: '取消喜欢' }));
    expect(await screen.findByText('操作失败')).toBeInTheDocument();
  });

  it('blacklists only after confirming, and says so', async () => {
    const calls = fakeApi({ '/api/v1/user/blacklist/add': [ok(null)] });
    const user = userEvent.setup();
    renderCard(person());
    await user.click(actionsOf('阿浩').getByRole('button', { name: /拉\s*黑/ }));
    const asked = await screen.findByRole('dialog', { name: '把 阿浩 加入黑名单？' });
    expect(asked).toHaveTextContent('拉黑后你们互相看不到对方的资料和动态');
    await user.click(within(asked).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesOf(calls, '/api/v1/user/blacklist/add')).toEqual([]);

    await user.click(actionsOf('阿浩').getByRole('button', { name: /拉\s*黑/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已添加到黑名单')).toBeInTheDocument();
    expect(bodiesOf(calls, '/api/v1/user/blacklist/add')).toEqual([{ targetUuid: 'uuid-hao' }]);
  });

  it('says 添加到黑名单失败 when blacklisting fails without words from the server', async () => {
    fakeApi({ '/api/v1/user/blacklist/add': 'network-failure' });
    const user = userEvent.setup();
    renderCard(person());
    await user.click(actionsOf('阿浩').getByRole('button', { name: /拉\s*黑/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('添加到黑名单失败')).toBeInTheDocument();
  });

  it('removes from the blacklist, and says so', async () => {
    const calls = fakeApi({ '/api/v1/user/blacklist/del': [ok(null)] });
    const user = userEvent.setup();
    renderCard(person(), ['view', 'unblock']);
    expect(actionsOf('阿浩').queryByRole('button', { name: /拉\s*黑/ })).toBeNull();
    await user.click(actionsOf('阿浩').getByRole('button', { name: '移出黑名单' }));
    expect(await screen.findByText('已从黑名单移除')).toBeInTheDocument();
    expect(bodiesOf(calls, '/api/v1/user/blacklist/del')).toEqual([{ targetUuid: 'uuid-hao' }]);
  });

  it('says failed to remove from blacklist when removing fails without words from the server', async () => {
    fakeApi({ '/api/v1/user/blacklist/del': 'network-failure' });
    const user = userEvent.setup();
    renderCard(person(), ['view', 'unblock']);
    await user.click(actionsOf('阿浩').getByRole('button', { name: '移出黑名单' }));
    expect(await screen.findByText('failed to remove from blacklist')).toBeInTheDocument();
  });
});
