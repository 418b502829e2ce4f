import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderAt } from '../../../test/render';
import { signInAs } from '../testing';
import AdminDashboardPage from './AdminDashboardPage';

describe('AdminDashboardPage', () => {
  it('links to every back-office page and counts the waiting work from the overview', async () => {
    signInAs('zhou', 'superadmin');
    const calls = fakeApi({
      '/api/v1/admin/overview': [
        ok({ pendingProfiles: 4, pendingPhotos: 0, pendingIdcards: 2, openFeedback: 7, openReports: 3 }),
      ],
    });
    renderAt('/admin', <AdminDashboardPage title="管理后台" />);
    expect(screen.getByRole('heading', { name: '管理后台' })).toBeInTheDocument();
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/admin/users',
      '/admin/user-audit',
      '/admin/idcard-audit',
      '/admin/blogs',
      '/admin/images',
      '/admin/feedback',
      '/admin/moderation',
      '/admin/sensitive-words',
      '/admin/audit-log',
    ]);
    const card = (name: RegExp) => screen.getByRole('link', { name });
    expect(await within(card(/用户资料审核/)).findByText('4 待审核')).toBeInTheDocument();
    expect(within(card(/身份证审核/)).getByText('2 待审核')).toBeInTheDocument();
    expect(within(card(/图片审核/)).getByText('0 待审核')).toBeInTheDocument();
    expect(within(card(/反馈列表/)).getByText('7 未处理')).toBeInTheDocument();
    expect(within(card(/举报处理/)).getByText('3 未处理')).toBeInTheDocument();
    expect(card(/敏感词管理/)).toBeInTheDocument();
    expect(card(/操作日志/)).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/admin/overview']);
  });

  it('tells a member without admin rights, with a way home, and asks the server nothing', async () => {
    signInAs('mei', 'user');
    const calls = fakeApi({});
    renderAt('/admin', <AdminDashboardPage title="管理后台" />);
    expect(screen.getByText('需要管理员权限')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: /用户资料审核/ })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('keeps the cards when a count cannot be read', async () => {
    signInAs();
    fakeApi({ '/api/v1/admin/overview': [fail(500, 500, '')] });
    renderAt('/admin', <AdminDashboardPage title="管理后台" />);
    expect(await screen.findAllByText('数量获取失败')).toHaveLength(5);
    expect(screen.getByRole('link', { name: /用户资料审核/ })).toHaveAttribute('href', '/admin/user-audit');
  });
});
