import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../api/generated/types.gen';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { blog, signInAs } from '../testing';
import BlogListPage from './BlogListPage';

const page = (total: number, ...ids: number[]) => ok({ blogs: ids.map((id) => blog(id)), total });

function renderList() {
  return renderRoutes(
    [
      { path: '/blog', element: <BlogListPage /> },
      { path: '/blog/:id', element: <div>detail page</div> },
      { path: '/blog/edit/:id', element: <div>edit page</div> },
      { path: '/blog/create', element: <div>create page</div> },
    ],
    '/blog',
  );
}

const cards = () => screen.getAllByRole('listitem');

describe('BlogListPage', () => {
  it('loads 9 at a time and appends the next page on 加载更多 until all are loaded', async () => {
    const first = Array.from({ length: 9 }, (_, index) => 30 - index);
    const second = Array.from({ length: 9 }, (_, index) => 21 - index);
    const calls = fakeApi({
      '/api/v1/blog/list': [page(20, ...first), page(20, ...second), page(20, 3, 2)],
    });
    const user = userEvent.setup();
    renderList();
    await screen.findByText('第 30 篇文章');
    expect(cards()).toHaveLength(9);

    await user.click(screen.getByRole('button', { name: '加载更多' }));
    await screen.findByText('第 13 篇文章');
    expect(cards()).toHaveLength(18);
    expect(screen.getByText('第 30 篇文章')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '加载更多' }));
    await screen.findByText('第 2 篇文章');
    expect(cards()).toHaveLength(20);
    expect(screen.queryByRole('button', { name: '加载更多' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.body)).toEqual([
      { page: 1, pageSize: 9 },
      { page: 2, pageSize: 9 },
      { page: 3, pageSize: 9 },
    ]);
  });

  it('offers no 加载更多 when one page holds everything, and opens an article from its card', async () => {
    fakeApi({ '/api/v1/blog/list': [page(2, 5, 4)] });
    const user = userEvent.setup();
    const { router } = renderList();
    await screen.findByText('第 5 篇文章');
    expect(screen.queryByRole('button', { name: '加载更多' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '第 4 篇文章' }));
    await screen.findByText('detail page');
    expect(router.state.location.pathname).toBe('/blog/4');
  });

  it('says 暂无博客文章 on an empty blog and links 写博客 to /blog/create', async () => {
    fakeApi({ '/api/v1/blog/list': [page(0)] });
    renderList();
    expect(await screen.findByText('暂无博客文章')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /写博客/ })).toHaveAttribute('href', '/blog/create');
  });

  it('says 获取博客列表失败 when the list cannot be loaded', async () => {
    fakeApi({ '/api/v1/blog/list': [fail(500, 500, '服务器开小差了')] });
    renderList();
    expect(await screen.findByText('获取博客列表失败', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it.each<[Role, boolean]>([
    ['admin', true],
    ['superadmin', true],
    ['user', false],
  ])('shows the per-card edit button to a %s: %s', async (role, shown) => {
    signInAs('mei', role);
    fakeApi({ '/api/v1/blog/list': [page(1, 7)] });
    const user = userEvent.setup();
    const { router } = renderList();
    const card = (await screen.findByText('第 7 篇文章')).closest('[role="listitem"]') as HTMLElement;
    const edit = within(card).queryByRole('button', { name: /编辑/ });
    if (!shown) {
      expect(edit).not.toBeInTheDocument();
      return;
    }
    await user.click(edit!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog/edit/7'));
  });

  it('shows no edit button to a guest', async () => {
    fakeApi({ '/api/v1/blog/list': [page(1, 7)] });
    renderList();
    await screen.findByText('第 7 篇文章');
    expect(screen.queryByRole('button', { name: /编辑/ })).not.toBeInTheDocument();
  });
});
