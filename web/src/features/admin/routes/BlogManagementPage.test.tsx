import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderAt } from '../../../test/render';
import { adminBlog, signInAs } from '../testing';
import BlogManagementPage from './BlogManagementPage';

const LIST = '/api/v1/admin/blog/list';
const UPDATE = '/api/v1/admin/blog/update';
const APPROVE = '/api/v1/admin/blog/approve';
const DELETE = '/api/v1/admin/blog/delete';
const PUBLISH = '/api/v1/blog/publish';
const UNPUBLISH = '/api/v1/blog/unpublish';

const live = adminBlog(12, { title: '深圳湾跑步指南', held: true });
const draft = adminBlog(11, { title: '写给未来的她', isPublished: 0, isApproved: 0, status: 'draft', author: '小美' });

const rowOf = (title: string) => screen.getByRole('link', { name: title }).closest('tr') as HTMLElement;

async function dialogWith(text: string) {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getAllByRole('dialog').find((dialog) => dialog.textContent?.includes(text));
    expect(found).toBeDefined();
  });
  return found as HTMLElement;
}

async function renderPage() {
  const user = userEvent.setup();
  renderAt('/admin/blogs', <BlogManagementPage title="博客管理" />);
  await screen.findByRole('link', { name: '深圳湾跑步指南' });
  return user;
}

describe('BlogManagementPage', () => {
  it('lists the articles with their states and searches by title', async () => {
    signInAs();
    const calls = fakeApi({ [LIST]: [ok({ blogs: [live, draft], total: 2 }), ok({ blogs: [draft], total: 1 })] });
    const user = await renderPage();
    expect(calls[0].body).toEqual({ title: '', page: 1, pageSize: 10 });
    const published = within(rowOf('深圳湾跑步指南'));
    expect(screen.getByRole('link', { name: '深圳湾跑步指南' })).toHaveAttribute('href', '/blog/12');
    expect(published.getByText('已发布')).toBeInTheDocument();
    expect(published.getByText('已审核')).toBeInTheDocument();
    expect(published.getByText('已隐藏')).toBeInTheDocument();
    expect(published.getByRole('button', { name: /撤\s*回/ })).toBeInTheDocument();
    expect(published.getByRole('button', { name: '取消审核' })).toBeInTheDocument();
    const unpublished = within(rowOf('写给未来的她'));
    expect(unpublished.getByText('草稿')).toBeInTheDocument();
    expect(unpublished.getByText('未审核')).toBeInTheDocument();
    expect(unpublished.queryByText('已隐藏')).not.toBeInTheDocument();
    expect(unpublished.getByText('小美')).toBeInTheDocument();
    expect(unpublished.getByRole('button', { name: /发\s*布/ })).toBeInTheDocument();
    expect(unpublished.getByRole('button', { name: '审核通过' })).toBeInTheDocument();

    await user.type(screen.getByPlaceholderText('按标题搜索'), '未来{Enter}');
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ title: '未来', page: 1, pageSize: 10 }));
    await waitFor(() => expect(screen.queryByText('深圳湾跑步指南')).not.toBeInTheDocument());
  });

  it('approves and unapproves with the one toggling call, after the confirmation, as its answer says', async () => {
    signInAs();
    const calls = fakeApi({
      [LIST]: [
        ok({ blogs: [live, draft], total: 2 }),
        ok({ blogs: [live, { ...draft, isApproved: 1 }], total: 2 }),
        ok({
          blogs: [
            { ...live, isApproved: 0 },
            { ...draft, isApproved: 1 },
          ],
          total: 2,
        }),
      ],
      [APPROVE]: [ok({ id: 11, isApproved: 1 }), ok({ id: 12, isApproved: 0 })],
    });
    const user = await renderPage();
    await user.click(within(rowOf('写给未来的她')).getByRole('button', { name: '审核通过' }));
    const approve = await dialogWith('确定审核通过《写给未来的她》吗？');
    await user.click(within(approve).getByRole('button', { name: '审核通过' }));
    expect(await screen.findByText('已通过审核')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('写给未来的她')).getByText('已审核')).toBeInTheDocument());

    await user.click(within(rowOf('深圳湾跑步指南')).getByRole('button', { name: '取消审核' }));
    const withdraw = await dialogWith('确定取消《深圳湾跑步指南》的审核吗？');
    await user.click(within(withdraw).getByRole('button', { name: '取消审核' }));
    expect(await screen.findByText('已取消审核')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('深圳湾跑步指南')).getByText('未审核')).toBeInTheDocument());
    expect(calls.filter((call) => call.path === APPROVE).map((call) => call.body)).toEqual([{ id: 11 }, { id: 12 }]);
  });

  it('publishes a draft and unpublishes a live article through the member calls', async () => {
    signInAs();
    const calls = fakeApi({
      [LIST]: [ok({ blogs: [live, draft], total: 2 })],
      [PUBLISH]: [ok(null)],
      [UNPUBLISH]: [fail(403, 403, '文章未通过审核')],
    });
    const user = await renderPage();
    await user.click(within(rowOf('写给未来的她')).getByRole('button', { name: /发\s*布/ }));
    await user.click(within(await dialogWith('确定发布《写给未来的她》吗？')).getByRole('button', { name: /发\s*布/ }));
    expect(await screen.findByText('发布成功')).toBeInTheDocument();
    expect(calls.find((call) => call.path === PUBLISH)?.body).toEqual({ id: 11 });

    await user.click(within(rowOf('深圳湾跑步指南')).getByRole('button', { name: /撤\s*回/ }));
    await user.click(
      within(await dialogWith('确定撤回《深圳湾跑步指南》吗？')).getByRole('button', { name: /撤\s*回/ }),
    );
    expect(await screen.findByText('发布失败：文章未通过审核')).toBeInTheDocument();
    expect(calls.find((call) => call.path === UNPUBLISH)?.body).toEqual({ id: 12 });
  });

  it('checks the title and content lengths before asking the server', async () => {
    signInAs();
    const calls = fakeApi({ [LIST]: [ok({ blogs: [live, draft], total: 2 })] });
    const user = await renderPage();
    await user.click(within(rowOf('写给未来的她')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await dialogWith('编辑博客');
    await user.clear(within(dialog).getByRole('textbox', { name: '标题' }));
    await user.paste('短');
    await user.clear(within(dialog).getByRole('textbox', { name: '内容（Markdown）' }));
    await user.paste('太短了');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('长度在 3 到 100 个字符')).toBeInTheDocument();
    expect(within(dialog).getByText('内容至少需要 10 个字符')).toBeInTheDocument();
    expect(calls.some((call) => call.path === UPDATE)).toBe(false);
  });

  it('saves title, content and status', async () => {
    signInAs();
    const calls = fakeApi({ [LIST]: [ok({ blogs: [live, draft], total: 2 })], [UPDATE]: [ok(null)] });
    const user = await renderPage();
    await user.click(within(rowOf('写给未来的她')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await dialogWith('编辑博客');
    expect(within(dialog).getByRole('textbox', { name: '标题' })).toHaveValue('写给未来的她');
    expect(within(dialog).getByRole('radio', { name: '草稿' })).toBeChecked();
    await user.click(within(dialog).getByRole('textbox', { name: '标题' }));
    await user.paste('（修订）');
    await user.click(within(dialog).getByText('已发布'));
    expect(within(dialog).getByRole('radio', { name: '已发布' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('更新博客成功')).toBeInTheDocument();
    expect(calls.find((call) => call.path === UPDATE)?.body).toEqual({
      id: 11,
      title: '写给未来的她（修订）',
      content: draft.content,
      status: 'published',
    });
    await waitFor(() => expect(screen.queryByText('编辑博客')).not.toBeInTheDocument());
  });

  it('deletes after the confirmation, and names the server’s reason when it cannot', async () => {
    signInAs();
    const calls = fakeApi({
      [LIST]: [ok({ blogs: [live, draft], total: 2 })],
      [DELETE]: [ok(null), fail(404, 404, '文章不存在或已被删除')],
    });
    const user = await renderPage();
    await user.click(within(rowOf('写给未来的她')).getByRole('button', { name: /删\s*除/ }));
    await user.click(within(await dialogWith('确定删除《写给未来的她》吗？')).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('删除博客成功')).toBeInTheDocument();
    expect(calls.find((call) => call.path === DELETE)?.body).toEqual({ id: 11 });

    await user.click(within(rowOf('深圳湾跑步指南')).getByRole('button', { name: /删\s*除/ }));
    await user.click(
      within(await dialogWith('确定删除《深圳湾跑步指南》吗？')).getByRole('button', { name: /删\s*除/ }),
    );
    expect(await screen.findByText('删除博客失败：文章不存在或已被删除')).toBeInTheDocument();
  });

  it('says the list failed', async () => {
    signInAs();
    fakeApi({ [LIST]: [fail(500, 500, '')] });
    renderAt('/admin/blogs', <BlogManagementPage title="博客管理" />);
    expect(await screen.findByText('获取博客列表失败')).toBeInTheDocument();
  });
});
