import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderAt } from '../../../test/render';
import { adminUser, signInAs } from '../testing';
import UserManagementPage from './UserManagementPage';

const LIST = '/api/v1/admin/user/list';
const UPDATE = '/api/v1/admin/user/update';
const DELETE = '/api/v1/admin/user/delete';

const mei = adminUser(5, { username: 'xiaomei', nickname: '小美', phone: '13800138000' });
const hao = adminUser(6, { username: 'ahao', nickname: '阿浩', loginedAt: 0 });
const zhou = adminUser(2, { username: 'zhou', nickname: '管理员小周', sysRole: 'admin', uuid: 'uuid-zhou' });
const boss = adminUser(1, { username: 'boss', nickname: '系统管理员', sysRole: 'superadmin', uuid: 'uuid-boss' });
const page = [boss, zhou, mei, hao];

const rowOf = (username: string) => screen.getByText(username).closest('tr') as HTMLElement;

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
  renderAt('/admin/users', <UserManagementPage title="用户管理" />);
  await screen.findByText('xiaomei');
  return user;
}

describe('UserManagementPage', () => {
  it('lists members 10 a page with their roles, searches by username, and links to the profile audit', async () => {
    signInAs('zhou');
    const calls = fakeApi({ [LIST]: [ok({ users: page, total: 4 }), ok({ users: [hao], total: 1 })] });
    const user = await renderPage();
    expect(calls[0].body).toEqual({ username: '', page: 1, pageSize: 10 });
    expect(within(rowOf('boss')).getByText('系统管理员', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(within(rowOf('zhou')).getByText('管理员')).toBeInTheDocument();
    expect(within(rowOf('zhou')).getByText('我')).toBeInTheDocument();
    const meiRow = within(rowOf('xiaomei'));
    expect(meiRow.getByText('普通用户')).toBeInTheDocument();
    expect(meiRow.getByText('13800138000')).toBeInTheDocument();
    expect(meiRow.getByText('member5@example.com')).toBeInTheDocument();
    expect(meiRow.getByText('uuid-member5')).toBeInTheDocument();
    expect(within(rowOf('ahao')).getByText('从未登录')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /用户资料审核/ })).toHaveAttribute('href', '/admin/user-audit');

    await user.type(screen.getByPlaceholderText('按用户名搜索'), ' hao {Enter}');
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ username: 'hao', page: 1, pageSize: 10 }));
    await waitFor(() => expect(screen.queryByText('xiaomei')).not.toBeInTheDocument());
  });

  it('lets a plain admin edit members but not roles or other admins', async () => {
    signInAs('zhou', 'admin');
    const calls = fakeApi({
      [LIST]: [ok({ users: page, total: 4 })],
      [UPDATE]: [ok({ ...mei, nickname: '美美' })],
    });
    const user = await renderPage();
    expect(within(rowOf('boss')).getByRole('button', { name: /编\s*辑/ })).toBeDisabled();
    expect(within(rowOf('boss')).getByRole('button', { name: /删\s*除/ })).toBeDisabled();
    expect(within(rowOf('zhou')).getByRole('button', { name: /编\s*辑/ })).toBeEnabled();
    expect(within(rowOf('zhou')).getByRole('button', { name: /删\s*除/ })).toBeDisabled();

    await user.click(within(rowOf('xiaomei')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await dialogWith('编辑用户：小美');
    const role = within(dialog).getByRole('combobox', { name: '角色' });
    expect(role).toBeDisabled();
    expect(within(dialog).getByText('只有系统管理员可以修改角色')).toBeInTheDocument();

    const nickname = within(dialog).getByRole('textbox', { name: '昵称' });
    await user.clear(nickname);
    await user.type(nickname, '美美');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('更新用户成功')).toBeInTheDocument();
    expect(calls.find((call) => call.path === UPDATE)?.body).toEqual({
      userId: 5,
      nickname: '美美',
      email: 'member5@example.com',
      phone: '13800138000',
    });
    await waitFor(() => expect(screen.queryByText('编辑用户：小美')).not.toBeInTheDocument());
  });

  it('lets a superadmin set the role, and shows the server’s refusal in the dialog', async () => {
    signInAs('boss', 'superadmin');
    const calls = fakeApi({
      [LIST]: [ok({ users: page, total: 4 })],
      [UPDATE]: [fail(409, 409, '该邮箱已被其他账号使用')],
    });
    const user = await renderPage();
    await user.click(within(rowOf('xiaomei')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await dialogWith('编辑用户：小美');
    const role = within(dialog).getByRole('combobox', { name: '角色' });
    expect(role).toBeEnabled();
    await user.click(role);
    await screen.findAllByRole('option');
    const labels = [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent);
    expect(labels).toEqual(['普通用户', '管理员', '系统管理员']);
    await user.click(screen.getByTitle('管理员'));
    expect(await within(dialog).findByText('修改角色后，该用户需要重新登录。')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('更新用户失败：该邮箱已被其他账号使用')).toBeInTheDocument();
    expect(calls.find((call) => call.path === UPDATE)?.body).toEqual({
      userId: 5,
      nickname: '小美',
      email: 'member5@example.com',
      phone: '13800138000',
      sysRole: 'admin',
    });
  });

  it('checks nickname, email and phone before asking the server', async () => {
    signInAs('zhou');
    const calls = fakeApi({ [LIST]: [ok({ users: page, total: 4 })] });
    const user = await renderPage();
    await user.click(within(rowOf('xiaomei')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await dialogWith('编辑用户：小美');
    await user.clear(within(dialog).getByRole('textbox', { name: '昵称' }));
    await user.type(within(dialog).getByRole('textbox', { name: '邮箱' }), '@@');
    const phone = within(dialog).getByRole('textbox', { name: '手机号' });
    await user.clear(phone);
    await user.type(phone, '12345');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入昵称')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入有效的邮箱地址')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入有效的手机号码')).toBeInTheDocument();
    expect(calls.some((call) => call.path === UPDATE)).toBe(false);
  });

  it('deletes one member after the confirmation', async () => {
    signInAs('boss', 'superadmin');
    const calls = fakeApi({
      [LIST]: [ok({ users: page, total: 4 }), ok({ users: [boss, zhou, hao], total: 3 })],
      [DELETE]: [ok({ deleted: 1 })],
    });
    const user = await renderPage();
    await user.click(within(rowOf('xiaomei')).getByRole('button', { name: /删\s*除/ }));
    const question = await dialogWith('确定删除用户 小美 吗？');
    await user.click(within(question).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('删除用户成功')).toBeInTheDocument();
    expect(calls.find((call) => call.path === DELETE)?.body).toEqual({ userIds: [5] });
    await waitFor(() => expect(screen.queryByText('xiaomei')).not.toBeInTheDocument());
  });

  it('deletes the selected members together, never the admin themselves, and names a refusal', async () => {
    signInAs('boss', 'superadmin');
    const calls = fakeApi({
      [LIST]: [ok({ users: [boss, zhou, mei, hao], total: 4 })],
      [DELETE]: [fail(403, 403, '只有系统管理员可以删除管理员账号')],
    });
    const user = await renderPage();
    const batch = screen.getByRole('button', { name: /删除选中/ });
    expect(batch).toBeDisabled();
    expect(within(rowOf('boss')).getByRole('checkbox')).toBeDisabled();
    await user.click(within(rowOf('xiaomei')).getByRole('checkbox'));
    await user.click(within(rowOf('zhou')).getByRole('checkbox'));
    expect(batch).toHaveTextContent('删除选中（2）');
    await user.click(batch);
    const question = await dialogWith('确定删除选中的 2 位用户吗？');
    await user.click(within(question).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('删除用户失败：只有系统管理员可以删除管理员账号')).toBeInTheDocument();
    expect(calls.find((call) => call.path === DELETE)?.body).toEqual({ userIds: [5, 2] });
  });

  it('says the list failed', async () => {
    signInAs();
    fakeApi({ [LIST]: [fail(500, 500, '')] });
    renderAt('/admin/users', <UserManagementPage title="用户管理" />);
    expect(await screen.findByText('获取用户列表失败')).toBeInTheDocument();
  });
});
