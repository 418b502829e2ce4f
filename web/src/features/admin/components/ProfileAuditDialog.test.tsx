import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, renderAt } from '../../../test/render';
import { passedProfile, profileUnderAudit, signInAs } from '../testing';
import { ProfileAuditDialog } from './ProfileAuditDialog';

const AUDIT = '/api/v1/admin/user/profile/audit';
const ORIGINAL = '/api/v1/user/profile/get';

/** The open dialog whose text includes `text` (antd's ids do not name dialogs under test). */
async function dialogWith(text: string) {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getAllByRole('dialog').find((dialog) => dialog.textContent?.includes(text));
    expect(found).toBeDefined();
  });
  return found as HTMLElement;
}

/**
 * Opens the dialog on a waiting nickname change, types `remark` (counted as it goes) and decides after the
 * confirmation; answers the audit call's body.
 */
async function decide(pass: boolean, remark: string) {
  signInAs();
  const calls = fakeApi({ [ORIGINAL]: [ok(passedProfile())], [AUDIT]: [ok(null)] });
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderAt(
    '/admin/user-audit',
    <ProfileAuditDialog profile={profileUnderAudit({ nickname: '浩子' })} onClose={onClose} />,
  );
  const dialog = await dialogWith('审核资料：浩子');
  const box = await within(dialog).findByLabelText(/审核备注/);
  expect(box).toHaveAttribute('maxlength', '200');
  if (remark) await user.type(box, remark);
  expect(within(dialog).getByText(`${[...remark].length} / 200`)).toBeInTheDocument();
  const decision = pass ? /通\s*过/ : /拒\s*绝/;
  await user.click(within(dialog).getByRole('button', { name: decision }));
  const confirmation = await dialogWith(pass ? '确定通过这些资料修改吗？' : '确定拒绝这些资料修改吗？');
  await user.click(within(confirmation).getByRole('button', { name: decision }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  return calls.find((call) => call.path === AUDIT)?.body;
}

describe('ProfileAuditDialog', () => {
  it('sends the remark with a rejection, trimmed, and counts its characters', async () => {
    expect(await decide(false, '  昵称含有联系方式 ')).toEqual({
      uuid: 'uuid-hao',
      isAudited: 0,
      remark: '昵称含有联系方式',
    });
  });

  it('rejects without a remark when none is typed', async () => {
    expect(await decide(false, '')).toEqual({ uuid: 'uuid-hao', isAudited: 0 });
  });

  it('marks hidden characters in a look-alike nickname and warns the reviewer', async () => {
    signInAs();
    fakeApi({ [ORIGINAL]: [ok(passedProfile())] });
    renderAt(
      '/admin/user-audit',
      <ProfileAuditDialog profile={profileUnderAudit({ nickname: '浩\u200b子' })} onClose={vi.fn()} />,
    );
    const dialog = await dialogWith('不可见字符');
    expect(within(dialog).getByText(/资料含有不可见字符/)).toBeInTheDocument();
    const marks = within(dialog).getAllByTitle('不可见字符 U+200B');
    expect(marks.length).toBeGreaterThan(0);
    expect(marks[0]).toHaveTextContent('U+200B');
  });

  it('passes without the remark, which only a rejection carries', async () => {
    expect(await decide(true, '写了也不发')).toEqual({ uuid: 'uuid-hao', isAudited: 1 });
  });
});
