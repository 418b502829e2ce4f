import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, renderRoutes } from '../../../test/render';
import { bodiesOf, signIn, visit } from '../testing';
import VisitorsPage from './VisitorsPage';

const VISITED_ME = '/api/v1/visitedme/list';
const VISITED = '/api/v1/visited/list';

const HAO = visit({ times: 3 });
const LI = visit({ uuid: 'uuid-li', nickname: '小丽', times: 1 });
const page = (...people: ReturnType<typeof visit>[]) => ok({ visited: people, total: people.length });

function renderVisitors() {
  return renderRoutes([{ path: '/visite', element: <VisitorsPage title="访客" /> }], '/visite');
}

const tab = (name: string) => screen.getByRole('tab', { name });
const searchBox = () => screen.getByRole('searchbox', { name: '搜索' });
const pause = () => new Promise((resolve) => setTimeout(resolve, 500));

describe('VisitorsPage', () => {
  it('shows who viewed me, how often and when last, with view, chat, like and blacklist', async () => {
    signIn();
    const calls = fakeApi({ [VISITED_ME]: [page(HAO)] });
    renderVisitors();
    const card = await screen.findByRole('article', { name: '阿浩' });
    expect(within(card).getByText('来访 3 次')).toBeInTheDocument();
    expect(within(card).getByText('最近 2小时前')).toBeInTheDocument();
    const actions = within(within(card).getByRole('group'));
    expect(actions.getByRole('link', { name: /查\s*看/ })).toBeInTheDocument();
    expect(actions.getByRole('link', { name: /聊\s*天/ })).toBeInTheDocument();
    expect(actions.getByRole('button', { name: /^喜\s*欢$/ })).toBeInTheDocument();
    expect(actions.getByRole('button', { name: /拉\s*黑/ })).toBeInTheDocument();
    expect(bodiesOf(calls, VISITED_ME)).toEqual([{ page: 1, pageSize: 12, keyword: '' }]);
  });

  it('switching tab clears the search, loads an empty tab and keeps a loaded one', async () => {
    signIn();
    const calls = fakeApi({ [VISITED_ME]: [page(HAO), page(HAO)], [VISITED]: [page(LI)] });
    const user = userEvent.setup();
    renderVisitors();
    await screen.findByRole('article', { name: '阿浩' });
    await user.type(searchBox(), '29');
    await waitFor(() => expect(bodiesOf(calls, VISITED_ME)).toHaveLength(2));
    expect(bodiesOf(calls, VISITED_ME)[1]).toEqual({ page: 1, pageSize: 12, keyword: '29' });

    await user.click(tab('我看过谁'));
    const card = await screen.findByRole('article', { name: '小丽' });
    expect(within(card).getByText('看过 1 次')).toBeInTheDocument();
    expect(searchBox()).toHaveValue('');
    expect(bodiesOf(calls, VISITED)).toEqual([{ page: 1, pageSize: 12, keyword: '' }]);

    await user.click(tab('谁看过我'));
    await screen.findByRole('article', { name: '阿浩' });
    await pause();
    expect(bodiesOf(calls, VISITED_ME)).toHaveLength(2);
  });

  it('refetches the open tab on 刷新', async () => {
    signIn();
    const calls = fakeApi({ [VISITED_ME]: [page(HAO)], [VISITED]: [page(LI), page(LI, HAO)] });
    const user = userEvent.setup();
    renderVisitors();
    await screen.findByRole('article', { name: '阿浩' });
    await user.click(tab('我看过谁'));
    await screen.findByRole('article', { name: '小丽' });
    await user.click(screen.getByRole('button', { name: /刷\s*新/ }));
    expect(await screen.findByRole('article', { name: '阿浩' })).toBeInTheDocument();
    expect(bodiesOf(calls, VISITED)).toHaveLength(2);
    expect(bodiesOf(calls, VISITED_ME)).toHaveLength(1);
  });

  it('says so when nobody has visited yet', async () => {
    signIn();
    fakeApi({ [VISITED_ME]: [page()] });
    renderVisitors();
    expect(await screen.findByText('还没有人看过你，完善资料、多发动态会更容易被看到')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '完善资料' })).toHaveAttribute('href', '/user/info');
  });
});
