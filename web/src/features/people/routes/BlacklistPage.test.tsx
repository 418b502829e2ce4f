import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { bodiesOf, person, signIn } from '../testing';
import BlacklistPage from './BlacklistPage';

const BLACKLIST = '/api/v1/user/blacklist';
const HAO = person();
const page = (...people: ReturnType<typeof person>[]) => ok({ blacklist: people, total: people.length });

function renderBlacklist() {
  return renderRoutes([{ path: '/blacklist', element: <BlacklistPage title="黑名单" /> }], '/blacklist');
}

describe('BlacklistPage', () => {
  it('lists the blacklist with 移出黑名单 only (a blacklisted profile is hidden both ways)', async () => {
    signIn();
    const calls = fakeApi({ [BLACKLIST]: [page(HAO)] });
    renderBlacklist();
    const card = await screen.findByRole('article', { name: '阿浩' });
    const actions = within(within(card).getByRole('group'));
    expect(actions.queryByRole('link', { name: /查\s*看/ })).toBeNull();
    expect(actions.getByRole('button', { name: '移出黑名单' })).toBeInTheDocument();
    expect(actions.queryByRole('link', { name: /聊\s*天/ })).toBeNull();
    expect(actions.queryByRole('button', { name: /喜\s*欢/ })).toBeNull();
    expect(bodiesOf(calls, BLACKLIST)).toEqual([{ page: 1, pageSize: 12, keyword: '' }]);
  });

  it('removes a person, says 已从黑名单移除 and reloads the list', async () => {
    signIn();
    const calls = fakeApi({ [BLACKLIST]: [page(HAO), page()], '/api/v1/user/blacklist/del': [ok(null)] });
    const user = userEvent.setup();
    renderBlacklist();
    await user.click(await screen.findByRole('button', { name: '移出黑名单' }));
    expect(await screen.findByText('已从黑名单移除')).toBeInTheDocument();
    expect(bodiesOf(calls, '/api/v1/user/blacklist/del')).toEqual([{ targetUuid: 'uuid-hao' }]);
    expect(await screen.findByText('黑名单是空的')).toBeInTheDocument();
    expect(bodiesOf(calls, BLACKLIST)).toHaveLength(2);
  });

  it('searches the blacklist', async () => {
    signIn();
    const calls = fakeApi({ [BLACKLIST]: [page(HAO), page()] });
    const user = userEvent.setup();
    renderBlacklist();
    await screen.findByRole('article', { name: '阿浩' });
    await user.type(screen.getByRole('searchbox', { name: '搜索' }), '阿浩');
    expect(await screen.findByText('没有找到与“阿浩”相关的人')).toBeInTheDocument();
    await waitFor(() => expect(bodiesOf(calls, BLACKLIST)).toHaveLength(2));
    expect(bodiesOf(calls, BLACKLIST)[1]).toEqual({ page: 1, pageSize: 12, keyword: '阿浩' });
  });

  it('says failed to get blacklist when the list fails without words from the server', async () => {
    signIn();
    fakeApi({ [BLACKLIST]: 'network-failure' });
    renderBlacklist();
    expect(await screen.findByText('failed to get blacklist')).toBeInTheDocument();
  });

  it('shows the server’s words when the list fails', async () => {
    signIn();
    fakeApi({ [BLACKLIST]: [fail(500, 500, '服务器繁忙')] });
    renderBlacklist();
    expect(await screen.findByText('服务器繁忙')).toBeInTheDocument();
  });
});
