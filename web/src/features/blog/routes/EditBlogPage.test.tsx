import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { blog, signInAs } from '../testing';
import EditBlogPage from './EditBlogPage';

const article = blog(8, {
  title: '旧标题',
  authors: ['mei', 'jie'],
  authorId: 'uuid-mei',
  tags: ['交友'],
  content: '## 旧正文\n\n这是原来的内容。',
  banner: 'uploads/banner/old.jpg',
});

const answers = (update: ReturnType<typeof ok> | ReturnType<typeof fail>) => ({
  '/api/v1/blog/8': [ok(article)],
  '/api/v1/blog/tag/list': [ok({ tags: [], total: 0 })],
  '/api/v1/blog/category/list': [ok({ categories: [], total: 0 })],
  '/api/v1/blog/update': [update],
});

function renderEdit() {
  return renderRoutes(
    [
      { path: '/blog/edit/:id', element: <EditBlogPage /> },
      { path: '/blog/:id', element: <div>detail page</div> },
    ],
    '/blog/edit/8',
  );
}

describe('EditBlogPage', () => {
  it('says 请先登录 without a token', () => {
    renderEdit();
    expect(screen.getByText('请先登录')).toBeInTheDocument();
  });

  it('saves the changed article with its id, says 文章更新成功 and opens it', async () => {
    signInAs('jie');
    const calls = fakeApi(answers(ok(null)));
    const user = userEvent.setup();
    const { router } = renderEdit();
    const title = await screen.findByLabelText('标题');
    expect(title).toHaveValue('旧标题');
    const content = await screen.findByLabelText('内容', { selector: 'textarea' }, { timeout: 10_000 });
    expect(content).toHaveValue('## 旧正文\n\n这是原来的内容。');
    await user.clear(title);
    await user.type(title, '新标题');
    fireEvent.change(content, { target: { value: '## 新正文\n\n改写过的内容。' } });
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));

    await screen.findByText('detail page');
    expect(router.state.location.pathname).toBe('/blog/8');
    expect(await screen.findByText('文章更新成功')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/blog/update')?.body).toEqual({
      id: 8,
      title: '新标题',
      tags: ['交友'],
      categories: ['情感'],
      banner: 'uploads/banner/old.jpg',
      twitterAuthor: '',
      authors: ['mei', 'jie'],
      summary: '摘要 8',
      content: '## 新正文\n\n改写过的内容。',
      isPublished: 1,
    });
  });

  it('says 更新文章失败 when the server refuses without a message', async () => {
    signInAs('boss', 'admin');
    fakeApi(answers(fail(403, 403, '')));
    const user = userEvent.setup();
    renderEdit();
    await screen.findByLabelText('内容', { selector: 'textarea' }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('更新文章失败')).toBeInTheDocument();
  });

  it('tells a member who is neither author nor admin that they cannot edit', async () => {
    signInAs('hao');
    fakeApi(answers(ok(null)));
    renderEdit();
    expect(await screen.findByText('你没有权限编辑这篇文章')).toBeInTheDocument();
    expect(screen.queryByLabelText('标题')).not.toBeInTheDocument();
  });
});
