import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderAt } from '../../../test/render';
import { passedProfile, profileUnderAudit, signInAs } from '../testing';
import UserAuditPage from './UserAuditPage';

const LIST = '/api/v1/admin/user/profile/audit/list';
const AUDIT = '/api/v1/admin/user/profile/audit';
const ORIGINAL = '/api/v1/user/profile/get';

const photos = (count: number, folder = 'photo') =>
  Array.from({ length: count }, (_, index) => `uploads/${folder}/${index + 1}.jpg`);

const waiting = profileUnderAudit({
  nickname: '浩子',
  introduction: '程序员，周末跑步。',
  photos: [...photos(7), 'uploads/photo/tobeaudit/8.jpg'],
});

/** The open dialog whose text includes `text` (antd's ids do not name dialogs under test). */
async function dialogWith(text: string) {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getAllByRole('dialog').find((dialog) => dialog.textContent?.includes(text));
    expect(found).toBeDefined();
  });
  return found as HTMLElement;
}

async function openReview() {
  const user = userEvent.setup();
  renderAt('/admin/user-audit', <UserAuditPage title="用户资料审核" />);
  const row = (await screen.findByText('浩子')).closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: /审\s*核/ }));
  return { user, dialog: await dialogWith('审核资料：浩子') };
}

describe('UserAuditPage', () => {
  it('lists the members with waiting changes, 10 a page', async () => {
    signInAs();
    const calls = fakeApi({ [LIST]: [ok({ users: [waiting], total: 1 })] });
    renderAt('/admin/user-audit', <UserAuditPage title="用户资料审核" />);
    const row = (await screen.findByText('浩子')).closest('tr') as HTMLElement;
    expect(calls[0].body).toEqual({ page: 1, pageSize: 10 });
    expect(within(row).getByText('uuid-hao')).toBeInTheDocument();
    expect(within(row).getByText('男')).toBeInTheDocument();
    expect(within(row).getByText('32 岁')).toBeInTheDocument();
    expect(within(row).getByText('软件工程师')).toBeInTheDocument();
    expect(await within(row).findByText('深圳市')).toBeInTheDocument();
    expect(screen.getByText('共 1 条')).toBeInTheDocument();
  });

  it('compares only the changed fields, with 3 original and 6 new photos and a +N tile', async () => {
    signInAs();
    const calls = fakeApi({
      [LIST]: [ok({ users: [waiting], total: 1 })],
      [ORIGINAL]: [ok(passedProfile({ photos: photos(5) }))],
    });
    const { dialog } = await openReview();
    const changes = await within(dialog).findByRole('list', { name: '修改内容' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['昵称', '个人介绍']);
    const nickname = within(changes).getByRole('listitem', { name: '昵称' });
    expect(within(nickname).getByText('阿浩')).toBeInTheDocument();
    expect(within(nickname).getByText('浩子')).toBeInTheDocument();
    expect(within(dialog).queryByText('软件工程师')).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === ORIGINAL)?.body).toEqual({ uuid: 'uuid-hao' });

    const original = within(dialog).getByRole('list', { name: '原照片' });
    expect(within(original).getAllByRole('img')).toHaveLength(3);
    expect(within(original).getByText('+2')).toBeInTheDocument();
    const added = within(dialog).getByRole('list', { name: '新照片' });
    expect(within(added).getAllByRole('img')).toHaveLength(6);
    expect(within(added).getByText('+2')).toBeInTheDocument();
  });

  it('passes after the confirmation and closes the dialog', async () => {
    signInAs();
    const calls = fakeApi({
      [LIST]: [ok({ users: [waiting], total: 1 }), ok({ users: [], total: 0 })],
      [ORIGINAL]: [ok(passedProfile())],
      [AUDIT]: [ok(null)],
    });
    const { user, dialog } = await openReview();
    await within(dialog).findByRole('list', { name: '修改内容' });
    await user.click(within(dialog).getByRole('button', { name: /通\s*过/ }));
    const confirmation = await dialogWith('确定通过这些资料修改吗？');
    await user.click(within(confirmation).getByRole('button', { name: /通\s*过/ }));
    expect(await screen.findByText('审核提交成功')).toBeInTheDocument();
    expect(calls.find((call) => call.path === AUDIT)?.body).toEqual({ uuid: 'uuid-hao', isAudited: 1 });
    expect(await screen.findByText('没有待审核的资料修改')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('审核资料：浩子')).not.toBeInTheDocument());
  });

  it('rejects with isAudited 0, and says so when the audit fails', async () => {
    signInAs();
    const calls = fakeApi({
      [LIST]: [ok({ users: [waiting], total: 1 })],
      [ORIGINAL]: [ok(passedProfile())],
      [AUDIT]: [fail(404, 404, '')],
    });
    const { user, dialog } = await openReview();
    await within(dialog).findByRole('list', { name: '修改内容' });
    await user.click(within(dialog).getByRole('button', { name: /拒\s*绝/ }));
    const confirmation = await dialogWith('确定拒绝这些资料修改吗？');
    await user.click(within(confirmation).getByRole('button', { name: /拒\s*绝/ }));
    expect(await screen.findByText('审核提交失败')).toBeInTheDocument();
    expect(calls.find((call) => call.path === AUDIT)?.body).toEqual({ uuid: 'uuid-hao', isAudited: 0 });
    expect(screen.getByText('审核资料：浩子')).toBeInTheDocument();
  });

  it('warns and shows the current profile when the original cannot be read', async () => {
    signInAs();
    fakeApi({
      [LIST]: [ok({ users: [waiting], total: 1 })],
      [ORIGINAL]: [fail(404, 404, '用户资料不存在')],
    });
    const { dialog } = await openReview();
    expect((await screen.findAllByText('获取原始资料失败，将显示当前资料')).length).toBeGreaterThan(0);
    const fields = within(dialog).getByRole('list', { name: '修改内容' });
    expect(within(fields).getByRole('listitem', { name: '职业' })).toHaveTextContent('软件工程师');
    expect(within(dialog).queryByText('原资料')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: '原照片' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: '新照片' })).toBeInTheDocument();
  });

  it('says the list failed', async () => {
    signInAs();
    fakeApi({ [LIST]: [fail(403, 403, '没有权限执行此操作')] });
    renderAt('/admin/user-audit', <UserAuditPage title="用户资料审核" />);
    expect(await screen.findByText('获取待审核用户列表失败')).toBeInTheDocument();
    expect(screen.getByText('没有权限执行此操作')).toBeInTheDocument();
  });
});
