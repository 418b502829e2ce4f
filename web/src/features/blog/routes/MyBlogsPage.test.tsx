import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { blog, signInAs } from '../testing';
import MyBlogsPage from './MyBlogsPage';

const mine = blog(1, { title: '我的草稿', authors: ['zhou'], authorId: 'uuid-zhou', isPublished: 0 });
const theirs = blog(2, { title: '别人的文章', authors: ['hao'], authorId: 'uuid-hao', isPublished: 1 });

function renderManage() {
  return renderRoutes(
    [
      { path: '/blog/list/my', element: <MyBlogsPage /> },
      { path: '/blog/:id', element: <div>detail page</div> },
      { path: '/blog/edit/:id', element: <div>edit page</div> },
    ],
    '/blog/list/my',
  );
}

const card = (title: string) => screen.getByText(title).closest('[role="listitem"]') as HTMLElement;

describe('MyBlogsPage', () => {
  it('is 文章管理 for an admin, with 管理员编辑 only on other people’s articles', async () => {
    signInAs('zhou', 'admin');
    const calls = fakeApi({
      '/api/v1/blog/invitation/list': [ok({ invitations: [] })],
      '/api/v1/blog/list/my': [ok({ blogs: [mine, theirs], total: 2 })],
    });
    const user = userEvent.setup();
    const { router } = renderManage();
    expect(await screen.findByRole('heading', { name: '文章管理' })).toBeInTheDocument();
    await screen.findByText('我的草稿');
    expect(calls.find((call) => call.path === '/api/v1/blog/list/my')).toMatchObject({ body: {} });
    expect(within(card('我的草稿')).queryByRole('button', { name: /管理员编辑/ })).not.toBeInTheDocument();
    expect(within(card('我的草稿')).getByText('草稿')).toBeInTheDocument();
    expect(within(card('别人的文章')).getByText('已发布')).toBeInTheDocument();
    await user.click(within(card('别人的文章')).getByRole('button', { name: /管理员编辑/ }));
    await screen.findByText('edit page');
    expect(router.state.location.pathname).toBe('/blog/edit/2');
  });

  it('is 我的文章 for a member, with edit, view, publish and delete but no 管理员编辑', async () => {
    signInAs('zhou', 'user');
    fakeApi({
      '/api/v1/blog/invitation/list': [ok({ invitations: [] })],
      '/api/v1/blog/list/my': [ok({ blogs: [mine], total: 1 })],
    });
    renderManage();
    expect(await screen.findByRole('heading', { name: '我的文章' })).toBeInTheDocument();
    await screen.findByText('我的草稿');
    const buttons = within(card('我的草稿'))
      .getAllByRole('button')
      .map((button) => button.textContent?.replace(/\s/g, ''));
    expect(buttons).toEqual(['编辑', '查看', '发布', '删除']);
    expect(screen.queryByRole('heading', { name: '文章管理' })).not.toBeInTheDocument();
  });

  it('publishes a draft, says 发布成功 and reloads the list', async () => {
    signInAs('zhou', 'user');
    const calls = fakeApi({
      '/api/v1/blog/invitation/list': [ok({ invitations: [] })],
      '/api/v1/blog/list/my': [ok({ blogs: [mine], total: 1 }), ok({ blogs: [{ ...mine, isPublished: 1 }], total: 1 })],
      '/api/v1/blog/publish': [ok(null)],
    });
    const user = userEvent.setup();
    renderManage();
    await screen.findByText('我的草稿');
    await user.click(within(card('我的草稿')).getByRole('button', { name: /^发\s*布$/ }));
    expect(await screen.findByText('发布成功')).toBeInTheDocument();
    await within(card('我的草稿')).findByRole('button', { name: /取消发布/ });
    expect(calls.filter((call) => call.path === '/api/v1/blog/list/my')).toHaveLength(2);
    expect(calls.find((call) => call.path === '/api/v1/blog/publish')?.body).toEqual({ id: 1 });
  });

  it('says 操作失败 when unpublishing fails', async () => {
    signInAs('hao', 'user');
    fakeApi({
      '/api/v1/blog/invitation/list': [ok({ invitations: [] })],
      '/api/v1/blog/list/my': [ok({ blogs: [theirs], total: 1 })],
      '/api/v1/blog/unpublish': [fail(403, 403, '没有权限')],
    });
    const user = userEvent.setup();
    renderManage();
    await screen.findByText('别人的文章');
    await user.click(within(card('别人的文章')).getByRole('button', { name: /取消发布/ }));
    expect(await screen.findByText('操作失败')).toBeInTheDocument();
  });

  it('asks 确定要删除这篇文章吗？ before deleting, then says 删除成功 and reloads', async () => {
    signInAs('zhou', 'user');
    const calls = fakeApi({
      '/api/v1/blog/invitation/list': [ok({ invitations: [] })],
      '/api/v1/blog/list/my': [ok({ blogs: [mine], total: 1 }), ok({ blogs: [], total: 0 })],
      '/api/v1/blog/delete': [ok(null)],
    });
    const user = userEvent.setup();
    renderManage();
    await screen.findByText('我的草稿');
    await user.click(within(card('我的草稿')).getByRole('button', { name: /删\s*除/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定要删除这篇文章吗？');
    expect(dialog.querySelector('.anticon-exclamation-circle')).not.toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.path === '/api/v1/blog/delete')).toBe(false);

    await user.click(within(card('我的草稿')).getByRole('button', { name: /删\s*除/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('我的草稿')).not.toBeInTheDocument());
    expect(calls.find((call) => call.path === '/api/v1/blog/delete')?.body).toEqual({ id: 1 });
  });

  it('says 获取文章列表失败 when the list cannot be loaded', async () => {
    signInAs('zhou', 'user');
    fakeApi({
      '/api/v1/blog/invitation/list': [ok({ invitations: [] })],
      '/api/v1/blog/list/my': [fail(500, 500, '内部错误')],
    });
    renderManage();
    expect(await screen.findByText('获取文章列表失败', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows the invitations to co-author with 接受 and 拒绝, and accepting reloads the lists', async () => {
    signInAs('xiaomei', 'user');
    const invitation = {
      blogId: 7,
      title: '合写的文章',
      summary: '一起写的摘要',
      inviterUuid: 'uuid-zhou',
      inviterName: '小周',
      createdAt: 1_750_000_000,
    };
    const calls = fakeApi({
      '/api/v1/blog/invitation/list': [ok({ invitations: [invitation] }), ok({ invitations: [] })],
      '/api/v1/blog/list/my': [
        ok({ blogs: [], total: 0 }),
        ok({ blogs: [blog(7, { title: '合写的文章', authors: ['zhou', 'xiaomei'] })], total: 1 }),
      ],
      '/api/v1/blog/invitation/accept': [ok(null)],
    });
    const user = userEvent.setup();
    renderManage();
    const invitations = await screen.findByRole('list', { name: '共同作者邀请' });
    expect(within(invitations).getByText('合写的文章')).toBeInTheDocument();
    expect(within(invitations).getByText('小周 邀请你成为这篇文章的共同作者')).toBeInTheDocument();
    expect(within(invitations).getByRole('button', { name: /拒绝/ })).toBeInTheDocument();
    await user.click(within(invitations).getByRole('button', { name: /接受/ }));
    expect(await screen.findByText('已接受邀请，你已成为共同作者')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/blog/invitation/accept')?.body).toEqual({ id: 7 });
    await waitFor(() => expect(screen.queryByRole('list', { name: '共同作者邀请' })).not.toBeInTheDocument());
    expect(await screen.findByText('合写的文章')).toBeInTheDocument();
  });
});
