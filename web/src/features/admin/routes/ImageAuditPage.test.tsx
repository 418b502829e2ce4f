import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderAt } from '../../../test/render';
import { photo, signInAs } from '../testing';
import ImageAuditPage from './ImageAuditPage';

const LIST = '/api/v1/admin/user/image/audit/list';
const AUDIT = '/api/v1/admin/user/image/audit';

const rowOf = (id: number) => screen.getByRole('img', { name: `照片 ${id}` }).closest('tr') as HTMLElement;

describe('ImageAuditPage', () => {
  it('shows the action column while a listed photo is pending, with buttons only on pending photos', async () => {
    signInAs();
    const calls = fakeApi({
      [LIST]: [
        ok({ photos: [photo(3, { isAudited: 0, auditedAt: 0 }), photo(2), photo(1, { isAudited: 2 })], total: 3 }),
      ],
    });
    renderAt('/admin/images', <ImageAuditPage title="圖片审核管理" />);
    expect(await screen.findByRole('img', { name: '照片 3' })).toBeInTheDocument();
    expect(calls[0].body).toEqual({ page: 1, pageSize: 10 });
    expect(screen.getByRole('columnheader', { name: '操作' })).toBeInTheDocument();

    const pending = within(rowOf(3));
    expect(pending.getByText('待审核')).toBeInTheDocument();
    expect(pending.getByText('—')).toBeInTheDocument();
    expect(pending.getByRole('button', { name: /通\s*过/ })).toBeEnabled();
    expect(pending.getByRole('button', { name: /拒\s*绝/ })).toBeEnabled();

    expect(within(rowOf(2)).getByText('已通过')).toBeInTheDocument();
    expect(within(rowOf(2)).getByRole('button', { name: /通\s*过/ })).toBeDisabled();
    expect(within(rowOf(1)).getByText('已拒绝')).toBeInTheDocument();
    expect(within(rowOf(1)).getByRole('button', { name: /拒\s*绝/ })).toBeDisabled();
  });

  it('hides the action column when nothing listed is pending', async () => {
    signInAs();
    fakeApi({ [LIST]: [ok({ photos: [photo(2), photo(1, { isAudited: 2 })], total: 2 })] });
    renderAt('/admin/images', <ImageAuditPage title="圖片审核管理" />);
    await screen.findByRole('img', { name: '照片 2' });
    expect(screen.queryByRole('columnheader', { name: '操作' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /通\s*过/ })).not.toBeInTheDocument();
  });

  it('passes a photo only after the confirmation, then reloads the list', async () => {
    signInAs();
    const calls = fakeApi({
      [LIST]: [
        ok({ photos: [photo(3, { isAudited: 0, auditedAt: 0 })], total: 1 }),
        ok({ photos: [photo(3)], total: 1 }),
      ],
      [AUDIT]: [ok(null)],
    });
    const user = userEvent.setup();
    renderAt('/admin/images', <ImageAuditPage title="圖片审核管理" />);
    await screen.findByRole('img', { name: '照片 3' });

    await user.click(within(rowOf(3)).getByRole('button', { name: /通\s*过/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定通过这张照片吗？');
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.path === AUDIT)).toBe(false);

    await user.click(within(rowOf(3)).getByRole('button', { name: /通\s*过/ }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: /通\s*过/ }));
    expect(await screen.findByText('图片通过成功')).toBeInTheDocument();
    expect(calls.find((call) => call.path === AUDIT)?.body).toEqual({ photoId: 3, isAudited: 1 });
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: '操作' })).not.toBeInTheDocument());
    expect(within(rowOf(3)).getByText('已通过')).toBeInTheDocument();
  });

  it('rejects with isAudited 2 and names the server’s reason when the audit fails', async () => {
    signInAs();
    const calls = fakeApi({
      [LIST]: [ok({ photos: [photo(3, { isAudited: 0, auditedAt: 0 })], total: 1 })],
      [AUDIT]: [fail(409, 409, '该照片已审核')],
    });
    const user = userEvent.setup();
    renderAt('/admin/images', <ImageAuditPage title="圖片审核管理" />);
    await screen.findByRole('img', { name: '照片 3' });
    await user.click(within(rowOf(3)).getByRole('button', { name: /拒\s*绝/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定拒绝这张照片吗？');
    await user.click(within(dialog).getByRole('button', { name: /拒\s*绝/ }));
    expect(await screen.findByText('审核图片失败：该照片已审核')).toBeInTheDocument();
    expect(calls.find((call) => call.path === AUDIT)?.body).toEqual({ photoId: 3, isAudited: 2 });
  });

  it('says the list failed, with a retry', async () => {
    signInAs();
    fakeApi({ [LIST]: [fail(500, 500, '')] });
    renderAt('/admin/images', <ImageAuditPage title="圖片审核管理" />);
    expect(await screen.findByText('获取审核图片列表失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });
});
