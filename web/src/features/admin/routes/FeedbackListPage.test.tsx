import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderAt } from '../../../test/render';
import { feedbackItem, signInAs } from '../testing';
import FeedbackListPage from './FeedbackListPage';

const LIST = '/api/v1/admin/feedback/list';
const HANDLE = '/api/v1/admin/feedback/handle';

describe('FeedbackListPage', () => {
  it('shows who wrote what, and pages 10 at a time with 20, 50 and 100 to choose from', async () => {
    signInAs();
    const calls = fakeApi({
      [LIST]: [
        ok({
          list: [
            feedbackItem(2, { type: 'bug', message: '上传照片失败', userId: 7 }),
            feedbackItem(1, { name: '小林', email: 'lin@example.com' }),
          ],
          total: 25,
        }),
      ],
    });
    const user = userEvent.setup();
    renderAt('/admin/feedback', <FeedbackListPage title="反馈列表" />);
    const bug = (await screen.findByText('上传照片失败')).closest('tr') as HTMLElement;
    expect(within(bug).getByText('问题报告')).toBeInTheDocument();
    expect(within(bug).getByText('会员 #7')).toBeInTheDocument();
    const guest = screen.getByText('小林').closest('tr') as HTMLElement;
    expect(within(guest).getByText('建议')).toBeInTheDocument();
    expect(within(guest).getByText('访客')).toBeInTheDocument();
    expect(within(guest).getByRole('link', { name: 'lin@example.com' })).toHaveAttribute(
      'href',
      'mailto:lin@example.com',
    );
    expect(calls[0].body).toEqual({ page: 1, pageSize: 10 });
    expect(screen.getByText('共 25 条')).toBeInTheDocument();

    await user.click(screen.getByTitle('3'));
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ page: 3, pageSize: 10 }));

    await user.click(screen.getByRole('combobox'));
    const sizes = await screen.findAllByRole('option');
    expect(sizes.map((option) => option.textContent)).toEqual(['10 条/页', '20 条/页', '50 条/页', '100 条/页']);
    await user.click(screen.getByTitle('20 条/页'));
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ page: 1, pageSize: 20 }));
  });

  it('marks a message handled and opens a handled one again', async () => {
    signInAs();
    const open = feedbackItem(2, { message: '上传照片失败' });
    const done = feedbackItem(1, { message: '建议增加夜间模式', handled: 1, handledAt: 1_763_703_600 });
    const calls = fakeApi({
      [LIST]: [
        ok({ list: [open, done], total: 2 }),
        ok({ list: [{ ...open, handled: 1, handledAt: 1_763_710_000 }, done], total: 2 }),
        ok({
          list: [
            { ...open, handled: 1, handledAt: 1_763_710_000 },
            { ...done, handled: 0, handledAt: 0 },
          ],
          total: 2,
        }),
      ],
      [HANDLE]: [ok(null), ok(null)],
    });
    const user = userEvent.setup();
    renderAt('/admin/feedback', <FeedbackListPage title="反馈列表" />);
    const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
    await screen.findByText('上传照片失败');
    expect(within(rowOf('上传照片失败')).getByText('未处理')).toBeInTheDocument();
    expect(within(rowOf('建议增加夜间模式')).getByText('已处理')).toBeInTheDocument();

    await user.click(within(rowOf('上传照片失败')).getByRole('button', { name: '标记已处理' }));
    expect(await screen.findByText('已标记为已处理')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('上传照片失败')).getByText('已处理')).toBeInTheDocument());

    await user.click(within(rowOf('建议增加夜间模式')).getByRole('button', { name: '重新打开' }));
    expect(await screen.findByText('已重新打开')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('建议增加夜间模式')).getByText('未处理')).toBeInTheDocument());
    expect(calls.filter((call) => call.path === HANDLE).map((call) => call.body)).toEqual([
      { id: 2, handled: 1 },
      { id: 1, handled: 0 },
    ]);
  });

  it('says so when the mark cannot be set', async () => {
    signInAs();
    fakeApi({ [LIST]: [ok({ list: [feedbackItem(2)], total: 1 })], [HANDLE]: [fail(404, 404, '留言不存在')] });
    const user = userEvent.setup();
    renderAt('/admin/feedback', <FeedbackListPage title="反馈列表" />);
    await user.click(await screen.findByRole('button', { name: '标记已处理' }));
    expect(await screen.findByText('操作失败：留言不存在')).toBeInTheDocument();
  });
});
