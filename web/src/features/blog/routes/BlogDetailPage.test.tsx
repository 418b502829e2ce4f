import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../api/generated/types.gen';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { blog, signInAs } from '../testing';
import BlogDetailPage from './BlogDetailPage';

function renderDetail(id = 5) {
  return renderRoutes(
    [
      { path: '/blog/:id', element: <BlogDetailPage /> },
      { path: '/blog', element: <div>list page</div> },
      { path: '/blog/edit/:id', element: <div>edit page</div> },
    ],
    `/blog/${id}`,
  );
}

/** Article 5 is written by mei and another author. */
const article = blog(5, {
  title: '相遇的意义',
  authors: ['mei', 'jie'],
  authorId: 'uuid-mei',
  content: '# 小标题\n\n| 甲 | 乙 |\n|---|---|\n| 1 | 2 |\n',
});

describe('BlogDetailPage', () => {
  it('renders the markdown article with a back link to /blog', async () => {
    fakeApi({ '/api/v1/blog/5': [ok(article)] });
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: '相遇的意义' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '小标题' })).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveTextContent('甲乙12');
    for (const link of screen.getAllByRole('link', { name: /返回博客列表/ })) {
      expect(link).toHaveAttribute('href', '/blog');
    }
  });

  it.each<[string, string, Role, { edit: boolean; remove: boolean; report: boolean }]>([
    ['an author', 'jie', 'user', { edit: true, remove: false, report: false }],
    ['a superadmin', 'boss', 'superadmin', { edit: true, remove: true, report: true }],
    ['an admin who is not an author', 'zhou', 'admin', { edit: false, remove: false, report: true }],
    ['another member', 'hao', 'user', { edit: false, remove: false, report: true }],
  ])('shows %s the right buttons', async (_who, username, role, expected) => {
    signInAs(username, role);
    fakeApi({ '/api/v1/blog/5': [ok(article)] });
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: '相遇的意义' });
    const edit = screen.queryByRole('link', { name: /编\s*辑/ });
    const remove = screen.queryByRole('button', { name: /删\s*除/ });
    expect(Boolean(edit)).toBe(expected.edit);
    expect(Boolean(remove)).toBe(expected.remove);
    expect(Boolean(screen.queryByRole('button', { name: '举报这篇文章' }))).toBe(expected.report);
    if (edit) expect(edit).toHaveAttribute('href', '/blog/edit/5');
  });

  it('shows a guest neither edit, delete nor report', async () => {
    fakeApi({ '/api/v1/blog/5': [ok(article)] });
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: '相遇的意义' });
    expect(screen.queryByRole('link', { name: /编\s*辑/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /举报/ })).not.toBeInTheDocument();
  });

  it('lets a superadmin delete after confirming, then says 文章删除成功 and returns to /blog', async () => {
    signInAs('boss', 'superadmin');
    const calls = fakeApi({ '/api/v1/blog/5': [ok(article)], '/api/v1/blog/delete': [ok(null)] });
    const user = userEvent.setup();
    const { router } = renderDetail();
    await user.click(await screen.findByRole('button', { name: /删\s*除/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定要删除这篇文章吗？');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('list page');
    expect(router.state.location.pathname).toBe('/blog');
    expect(await screen.findByText('文章删除成功')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/blog/delete')?.body).toEqual({ id: 5 });
  });

  it('says 删除文章失败 when the delete is refused', async () => {
    signInAs('boss', 'superadmin');
    fakeApi({ '/api/v1/blog/5': [ok(article)], '/api/v1/blog/delete': [fail(403, 403, '没有权限')] });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: /删\s*除/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('删除文章失败')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '相遇的意义' })).toBeInTheDocument();
  });

  it('says 文章不存在或已被删除 for a missing article, without asking twice', async () => {
    const calls = fakeApi({ '/api/v1/blog/404': [fail(404, 404, '文章不存在')] });
    renderDetail(404);
    expect(await screen.findByText('文章不存在或已被删除')).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(1));
  });

  it('says 获取文章失败 when the server fails', async () => {
    fakeApi({ '/api/v1/blog/5': [fail(500, 500, '内部错误')] });
    renderDetail();
    expect(await screen.findByText('获取文章失败', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
