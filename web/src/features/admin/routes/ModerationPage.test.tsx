import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ModerationCase, ReportWeight } from '../../../api/generated/types.gen';
import { fail, fakeApi, ok, renderAt } from '../../../test/render';
import { signInAs } from '../testing';
import ModerationPage from './ModerationPage';

const LIST = '/api/v1/admin/moderation/list';
const DECIDE = '/api/v1/admin/moderation/decide';

const member = (name: string, userId: number) => ({ userId, uuid: `uuid-${name}`, nickname: name, avatar: '' });

const report = (reason: string, createdAt: number, weight: ReportWeight, weightReason: string) => ({
  reporter: null,
  reason,
  createdAt,
  weight,
  weightReason,
});

/** A moment reported by three members and held, with a sensitive word flagged. */
function moderationCase(id: number, overrides: Partial<ModerationCase> = {}): ModerationCase {
  return {
    id,
    subject: 'moment',
    subjectId: 40 + id,
    status: 'open',
    reporterCount: 3,
    weight: 3,
    trustedCount: 1,
    held: true,
    flags: ['敏感词：加微信'],
    reports: [
      { ...report('广告推销：让人加微信买保健品', 1_763_700_000, 'full', '已实名认证'), reporter: member('小美', 2) },
      { ...report('诈骗或索要钱财', 1_763_700_600, 'partial', '未实名认证'), reporter: member('大伟', 3) },
      { ...report('广告推销', 1_763_701_200, 'none', '与本案其他举报人同一网络地址'), reporter: null },
    ],
    author: member('阿浩', 5),
    content: {
      excerpt: `第 ${id} 条：加微信领取优惠`,
      images: ['uploads/moment/a.jpg', 'uploads/moment/b.jpg'],
      link: '/moment',
    },
    openedAt: 1_763_700_000,
    decidedAt: 0,
    decision: '',
    ...overrides,
  };
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

/** The open dialog whose text includes `text`. */
async function dialogWith(text: string) {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getAllByRole('dialog').find((dialog) => dialog.textContent?.includes(text));
    expect(found).toBeDefined();
  });
  return found as HTMLElement;
}

async function renderPage(firstText = '第 1 条：加微信领取优惠') {
  const user = userEvent.setup();
  renderAt('/admin/moderation', <ModerationPage title="举报处理" />);
  await screen.findByText(firstText);
  return user;
}

describe('ModerationPage', () => {
  it('lists the open cases 10 a page with the content, author, reports and flags', async () => {
    signInAs();
    const gone = moderationCase(2, {
      subject: 'comment',
      content: null,
      author: null,
      held: false,
      flags: [],
      reporterCount: 1,
      weight: 0,
      trustedCount: 0,
      reports: [
        { ...report('骚扰或辱骂', 1_763_700_000, 'none', '注册不满 3 天且未实名认证'), reporter: member('小美', 2) },
      ],
    });
    const calls = fakeApi({ [LIST]: [ok({ cases: [moderationCase(1), gone], total: 2 })] });
    const user = await renderPage();
    expect(calls[0].body).toEqual({ page: 1, pageSize: 10, status: 'open' });
    expect(screen.getByRole('heading', { name: '举报处理' })).toBeInTheDocument();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();

    const row = within(rowOf('第 1 条：加微信领取优惠'));
    expect(row.getByText('动态')).toBeInTheDocument();
    expect(row.getByRole('img', { name: '内容图片 1' })).toHaveAttribute('src', '/api/v1/uploads/moment/a.jpg');
    expect(row.getByRole('img', { name: '内容图片 2' })).toBeInTheDocument();
    const link = row.getByRole('link', { name: /查看原文/ });
    expect(link).toHaveAttribute('href', '/moment');
    expect(link).toHaveAttribute('target', '_blank');
    expect(row.getByText('阿浩')).toBeInTheDocument();
    expect(row.getByText('uuid-阿浩')).toBeInTheDocument();
    expect(row.getByText('已隐藏')).toBeInTheDocument();
    expect(row.getByText('敏感词：加微信')).toHaveClass('ant-tag-orange');
    for (const name of [/保\s*留/, /^删\s*除$/, /删除并暂停账号/]) {
      expect(row.getByRole('button', { name })).toBeEnabled();
    }

    const other = within(rowOf('内容已删除'));
    expect(other.getByText('评论')).toBeInTheDocument();
    expect(other.getByText('账号已注销')).toBeInTheDocument();
    expect(other.getByText('1 人举报')).toBeInTheDocument();
    expect(other.queryByText('已隐藏')).not.toBeInTheDocument();

    await user.click(row.getByRole('button', { name: '3 人举报' }));
    const reasons = await screen.findByRole('tooltip');
    expect(within(reasons).getByText('举报原因')).toBeInTheDocument();
    expect(within(reasons).getByText('广告推销：让人加微信买保健品')).toBeInTheDocument();
    expect(within(reasons).getByText('大伟')).toBeInTheDocument();
    expect(within(reasons).getByText('已注销的会员')).toBeInTheDocument();
    // Each report shows its weight and why, so a wave of fresh accounts is told from real members.
    expect(row.getByText('1 人实名')).toBeInTheDocument();
    expect(within(reasons).getByText('举报权重：全额')).toHaveClass('ant-tag-green');
    expect(within(reasons).getByText('举报权重：一半')).toHaveClass('ant-tag-gold');
    expect(within(reasons).getByText('举报权重：不计')).toBeInTheDocument();
    expect(within(reasons).getByText('已实名认证')).toBeInTheDocument();
    expect(within(reasons).getByText('与本案其他举报人同一网络地址')).toBeInTheDocument();
  });

  it('keeps a case only after the confirmation', async () => {
    signInAs();
    const calls = fakeApi({
      [LIST]: [ok({ cases: [moderationCase(1)], total: 1 }), ok({ cases: [], total: 0 })],
      [DECIDE]: [{ body: { code: 200, message: '处理成功', data: {} } }],
    });
    const user = await renderPage();
    await user.click(within(rowOf('第 1 条：加微信领取优惠')).getByRole('button', { name: /保\s*留/ }));
    const question = await dialogWith('确定保留该内容吗？');
    await user.click(within(question).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.path === DECIDE)).toBe(false);

    await user.click(within(rowOf('第 1 条：加微信领取优惠')).getByRole('button', { name: /保\s*留/ }));
    await user.click(within(await dialogWith('确定保留该内容吗？')).getByRole('button', { name: /保\s*留/ }));
    expect(await screen.findByText('处理成功')).toBeInTheDocument();
    expect(calls.find((call) => call.path === DECIDE)?.body).toEqual({ caseId: 1, verdict: 'keep' });
    expect(await screen.findByText('没有待处理的举报')).toBeInTheDocument();
  });

  it('removes a case after the red confirmation, and names the server’s refusal', async () => {
    signInAs();
    const calls = fakeApi({
      [LIST]: [ok({ cases: [moderationCase(1)], total: 1 })],
      [DECIDE]: [fail(409, 409, '该举报已处理')],
    });
    const user = await renderPage();
    await user.click(within(rowOf('第 1 条：加微信领取优惠')).getByRole('button', { name: /^删\s*除$/ }));
    const question = await dialogWith('确定删除该内容吗？');
    const confirm = within(question).getByRole('button', { name: /^删\s*除$/ });
    expect(confirm).toHaveClass('ant-btn-dangerous');
    await user.click(confirm);
    expect(await screen.findByText('处理失败：该举报已处理')).toBeInTheDocument();
    expect(calls.find((call) => call.path === DECIDE)?.body).toEqual({ caseId: 1, verdict: 'remove' });
    await waitFor(() => expect(calls.filter((call) => call.path === LIST)).toHaveLength(2));
  });

  it('suspends the author only with the days chosen', async () => {
    signInAs();
    const calls = fakeApi({
      [LIST]: [ok({ cases: [moderationCase(1)], total: 1 })],
      [DECIDE]: [{ body: { code: 200, message: '处理成功', data: {} } }],
    });
    const user = await renderPage();
    await user.click(within(rowOf('第 1 条：加微信领取优惠')).getByRole('button', { name: /删除并暂停账号/ }));
    const dialog = await dialogWith('确定删除该内容，并暂停 阿浩 的账号吗？');
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['1 天', '7 天', '30 天', '365 天']);
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请选择暂停天数')).toBeInTheDocument();
    expect(calls.some((call) => call.path === DECIDE)).toBe(false);

    await user.click(within(dialog).getByText('7 天'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('处理成功')).toBeInTheDocument();
    expect(calls.find((call) => call.path === DECIDE)?.body).toEqual({ caseId: 1, verdict: 'suspend', suspendDays: 7 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the decided cases with their outcome and no actions', async () => {
    signInAs();
    const removed = moderationCase(1, {
      status: 'removed',
      held: false,
      decidedAt: 1_763_703_600,
      decision: 'remove, suspend 30 days',
    });
    const calls = fakeApi({
      [LIST]: [ok({ cases: [moderationCase(1)], total: 1 }), ok({ cases: [removed], total: 1 })],
    });
    const user = await renderPage();
    await user.click(screen.getByText('已删除'));
    expect(await screen.findByText('已删除，暂停账号 30 天')).toBeInTheDocument();
    expect(calls[1].body).toEqual({ page: 1, pageSize: 10, status: 'removed' });
    expect(screen.queryByRole('button', { name: /保\s*留/ })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '处理结果' })).toBeInTheDocument();
  });
});
