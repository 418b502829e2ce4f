import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderAt } from '../../../test/render';
import { auditEntry, signInAs } from '../testing';
import AuditLogPage from './AuditLogPage';

const LIST = '/api/v1/admin/audit/list';

describe('AuditLogPage', () => {
  it('lists who did what to which object, with the object before and after as readable JSON', async () => {
    signInAs('boss', 'superadmin');
    const calls = fakeApi({
      [LIST]: [
        ok({
          list: [
            auditEntry(2, {
              action: 'user.update',
              objectKind: 'user',
              objectId: '5',
              before: '{"nickname":"小美","sysRole":"user"}',
              after: '{"nickname":"美美","sysRole":"admin"}',
            }),
            auditEntry(1, { actor: '', actorId: 9, action: 'blog.delete', before: '{"title":"旧文"}', after: '' }),
          ],
          total: 2,
        }),
      ],
    });
    const user = userEvent.setup();
    renderAt('/admin/audit-log', <AuditLogPage title="操作日志" />);
    const update = (await screen.findByText('修改用户')).closest('tr') as HTMLElement;
    expect(calls[0].body).toEqual({ page: 1, pageSize: 10 });
    expect(within(update).getByText('superadmin')).toBeInTheDocument();
    expect(within(update).getByText('user.update')).toBeInTheDocument();
    expect(within(update).getByText('用户')).toBeInTheDocument();
    expect(within(update).getByText('#5')).toBeInTheDocument();
    const removal = screen.getByText('删除博客').closest('tr') as HTMLElement;
    expect(within(removal).getByText('已删除的账号 #9')).toBeInTheDocument();
    expect(screen.queryByText('修改前')).not.toBeInTheDocument();

    await user.click(within(update).getByRole('button', { name: /展开行|expand/i }));
    const before = await screen.findByRole('region', { name: '修改前' });
    expect(screen.getByText('变化：nickname、sysRole')).toBeInTheDocument();
    expect(before.querySelector('pre')?.textContent).toBe('{\n  "nickname": "小美",\n  "sysRole": "user"\n}');
    const after = screen.getByRole('region', { name: '修改后' });
    expect(after.querySelector('pre')?.textContent).toBe('{\n  "nickname": "美美",\n  "sysRole": "admin"\n}');

    await user.click(within(removal).getByRole('button', { name: /展开行|expand/i }));
    await waitFor(() => expect(screen.getAllByRole('region', { name: '修改后' })).toHaveLength(2));
    expect(screen.getAllByRole('region', { name: '修改后' })[1]).toHaveTextContent('（无）');
  });

  it('tells an admin who is not a superadmin that only superadmins see the log', async () => {
    signInAs('zhou', 'admin');
    const calls = fakeApi({ [LIST]: [fail(403, 403, '没有权限执行此操作')] });
    renderAt('/admin/audit-log', <AuditLogPage title="操作日志" />);
    expect(await screen.findByText('仅系统管理员可查看操作日志')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('says the log could not be read otherwise, with a retry', async () => {
    signInAs('boss', 'superadmin');
    fakeApi({ [LIST]: [fail(500, 500, '')] });
    renderAt('/admin/audit-log', <AuditLogPage title="操作日志" />);
    expect(await screen.findByText('获取操作日志失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });
});
