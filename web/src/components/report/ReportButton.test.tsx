import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session';
import { fail, fakeApi, renderAt } from '../../test/render';
import { ReportButton } from './ReportButton';

const REPORT = '/api/v1/report';

const signIn = () =>
  startSession({
    accessToken: 'token-mei',
    accessExpire: Math.floor(Date.now() / 1000) + 3600,
    uuid: 'uuid-mei',
    username: 'mei',
    nickname: '小美',
    sysRole: 'user',
  });

const answered = (message: string) => ({ body: { code: 200, message, data: {} } });

async function openDialog(
  element = <ReportButton subject="moment" targetId={12} mine={false} />,
  buttonName = '举报这条动态',
) {
  const user = userEvent.setup();
  renderAt('/moment', element);
  await user.click(screen.getByRole('button', { name: buttonName }));
  return { user, dialog: await screen.findByRole('dialog', { name: '举报' }) };
}

describe('ReportButton', () => {
  it('shows nothing to a guest, nor on the member’s own content', () => {
    fakeApi({});
    const { unmount } = renderAt('/moment', <ReportButton subject="moment" targetId={12} mine={false} />);
    expect(screen.queryByRole('button', { name: /举报/ })).not.toBeInTheDocument();
    unmount();

    signIn();
    renderAt('/moment', <ReportButton subject="moment" targetId={12} mine />);
    expect(screen.queryByRole('button', { name: /举报/ })).not.toBeInTheDocument();
  });

  it('names what it reports and lists the preset reasons', async () => {
    signIn();
    fakeApi({});
    const { dialog } = await openDialog();
    expect(dialog).toHaveTextContent('这条动态有什么问题？');
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['虚假资料', '骚扰或辱骂', '色情低俗', '广告推销', '诈骗或索要钱财', '其他']);
    expect(dialog.querySelector('.ant-input-data-count')).toHaveTextContent('0 / 192');
  });

  it('sends the preset with the details after it, and shows the server’s message', async () => {
    signIn();
    const calls = fakeApi({ [REPORT]: [answered('举报已提交，我们会尽快处理')] });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: '骚扰或辱骂' }));
    await user.type(within(dialog).getByRole('textbox', { name: /补充说明/ }), '  反复发骚扰消息 ');
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('举报已提交，我们会尽快处理')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        path: REPORT,
        body: { subject: 'moment', targetId: '12', reason: '骚扰或辱骂：反复发骚扰消息' },
        authorization: 'Bearer token-mei',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for a reason first, and for the member’s words with 其他', async () => {
    signIn();
    const calls = fakeApi({ [REPORT]: [answered('举报已提交，我们会尽快处理')] });
    const { user, dialog } = await openDialog(
      <ReportButton subject="profile" targetId="uuid-hao" mine={false} />,
      '举报该会员',
    );
    expect(dialog).toHaveTextContent('这位会员有什么问题？');
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    expect(await within(dialog).findByText('请选择举报原因')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: '其他' }));
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    expect(await within(dialog).findByText('请填写举报原因')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /补充说明/ }), '冒用明星照片');
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ subject: 'profile', targetId: 'uuid-hao', reason: '其他：冒用明星照片' });
  });

  it('shows a refusal inside the dialog and keeps what was chosen', async () => {
    signIn();
    fakeApi({ [REPORT]: [fail(429, 429, '操作过于频繁，请 1 小时 后再试')] });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: '广告推销' }));
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('操作过于频繁，请 1 小时 后再试');
    expect(within(dialog).getByRole('radio', { name: '广告推销' })).toBeChecked();
  });

  it('tells a member who reported it before, and closes', async () => {
    signIn();
    fakeApi({ [REPORT]: [fail(409, 409, '你已经举报过该内容')] });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: '色情低俗' }));
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('你已经举报过该内容')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
