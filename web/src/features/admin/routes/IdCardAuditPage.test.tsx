import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok, renderAt } from '../../../test/render';
import { idCardRecord, signInAs } from '../testing';
import IdCardAuditPage from './IdCardAuditPage';

const LIST = '/api/v1/admin/idcard/verify/list';
const AUDIT = '/api/v1/admin/idcard/audit';
const IMAGE = '/api/v1/idcard/image';

const reviewing = idCardRecord(3);
const passed = idCardRecord(2, {
  username: 'xiaomei',
  nickname: '小美',
  req_name: '李小美',
  req_idcard_num: '310115199505052046',
  audit_status: 2,
  audited_at: 1_763_703_600,
});
const rejected = idCardRecord(1, {
  username: 'dawei',
  nickname: '大伟',
  req_name: '张伟',
  audit_status: 3,
  fail_reason: '反光严重',
  audited_at: 1_763_703_600,
});

const rowOf = (realName: string) => screen.getByText(realName).closest('tr') as HTMLElement;

/** The open dialog whose text includes `text` (confirmations and dialogs may be open together). */
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
  renderAt('/admin/idcard-audit', <IdCardAuditPage title="身份证审核" />);
  await screen.findByText('王琳');
  return user;
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:card');
  URL.revokeObjectURL = vi.fn();
});

describe('IdCardAuditPage', () => {
  it('lists the submissions 10 a page, with pass and deny only for those under review', async () => {
    signInAs();
    const calls = fakeApi({ [LIST]: [ok({ list: [reviewing, passed, rejected], total: 3 })] });
    await renderPage();
    expect(calls[0].body).toEqual({ page: 1, page_size: 10 });
    expect(screen.getByText('共 3 条')).toBeInTheDocument();

    const open = within(rowOf('王琳'));
    expect(open.getByText('审核中')).toBeInTheDocument();
    expect(open.getByText('4403**********3015')).toBeInTheDocument();
    expect(open.getByRole('button', { name: /通\s*过/ })).toBeEnabled();
    expect(open.getByRole('button', { name: /拒\s*绝/ })).toBeEnabled();

    for (const [name, status] of [
      ['李小美', '已通过'],
      ['张伟', '已拒绝'],
    ]) {
      const row = within(rowOf(name));
      expect(row.getByText(status)).toBeInTheDocument();
      expect(row.getByRole('button', { name: /通\s*过/ })).toBeDisabled();
      expect(row.getByRole('button', { name: /拒\s*绝/ })).toBeDisabled();
      expect(row.getByRole('button', { name: /详\s*情/ })).toBeEnabled();
    }
  });

  it('passes a submission only after the confirmation', async () => {
    signInAs();
    const calls = fakeApi({
      [LIST]: [ok({ list: [reviewing], total: 1 }), ok({ list: [{ ...reviewing, audit_status: 2 }], total: 1 })],
      [AUDIT]: [ok(null)],
    });
    const user = await renderPage();
    await user.click(within(rowOf('王琳')).getByRole('button', { name: /通\s*过/ }));
    const question = await dialogWith('确定通过这份实名认证吗？');
    await user.click(within(question).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.path === AUDIT)).toBe(false);

    await user.click(within(rowOf('王琳')).getByRole('button', { name: /通\s*过/ }));
    await user.click(within(await dialogWith('确定通过这份实名认证吗？')).getByRole('button', { name: /通\s*过/ }));
    expect(await screen.findByText('审核通过成功')).toBeInTheDocument();
    expect(calls.find((call) => call.path === AUDIT)?.body).toEqual({ id: 3, audit_status: 2, fail_reason: '' });
    await waitFor(() => expect(within(rowOf('王琳')).getByText('已通过')).toBeInTheDocument());
    expect(within(rowOf('王琳')).getByRole('button', { name: /通\s*过/ })).toBeDisabled();
  });

  it('denies only with a reason, at most 200 characters, chosen from the presets or typed', async () => {
    signInAs();
    const calls = fakeApi({ [LIST]: [ok({ list: [reviewing], total: 1 })], [AUDIT]: [ok(null)] });
    const user = await renderPage();
    await user.click(within(rowOf('王琳')).getByRole('button', { name: /拒\s*绝/ }));
    const dialog = await dialogWith('拒绝实名认证：王琳');

    const presets = within(dialog).getByRole('group', { name: '常用原因' });
    expect(
      within(presets)
        .getAllByText(/./)
        .map((preset) => preset.textContent),
    ).toEqual([
      '图片模糊不清',
      '照片不完整',
      '身份证已过期',
      '信息与用户输入不符',
      '疑似伪造证件',
      '反光严重',
      '非身份证照片',
      '拍摄角度不正',
      '信息无法识别',
      '重复提交',
    ]);

    await user.click(within(dialog).getByRole('button', { name: /拒\s*绝/ }));
    expect(await within(dialog).findByText('请填写拒绝原因')).toBeInTheDocument();
    expect(calls.some((call) => call.path === AUDIT)).toBe(false);

    const reason = within(dialog).getByRole('textbox', { name: '拒绝原因' });
    await user.click(reason);
    await user.paste('很'.repeat(250));
    expect(reason).toHaveValue('很'.repeat(200));
    expect(dialog.querySelector('.ant-input-data-count')).toHaveTextContent('200 / 200');

    await user.click(within(presets).getByText('反光严重'));
    expect(reason).toHaveValue('反光严重');
    await user.type(reason, '，请在无灯光直射处重拍');
    await user.click(within(dialog).getByRole('button', { name: /拒\s*绝/ }));
    expect(await screen.findByText('审核拒绝成功')).toBeInTheDocument();
    expect(calls.find((call) => call.path === AUDIT)?.body).toEqual({
      id: 3,
      audit_status: 3,
      fail_reason: '反光严重，请在无灯光直射处重拍',
    });
    await waitFor(() => expect(screen.queryByText('拒绝实名认证：王琳')).not.toBeInTheDocument());
  });

  it('keeps the deny dialog open and names the server’s reason when the rejection fails', async () => {
    signInAs();
    fakeApi({ [LIST]: [ok({ list: [reviewing], total: 1 })], [AUDIT]: [fail(409, 409, '该申请已审核')] });
    const user = await renderPage();
    await user.click(within(rowOf('王琳')).getByRole('button', { name: /拒\s*绝/ }));
    const dialog = await dialogWith('拒绝实名认证：王琳');
    await user.click(within(dialog).getByText('重复提交'));
    await user.click(within(dialog).getByRole('button', { name: /拒\s*绝/ }));
    expect(await screen.findByText('审核拒绝失败：该申请已审核')).toBeInTheDocument();
    expect(screen.getByText('拒绝实名认证：王琳')).toBeInTheDocument();
  });

  it('compares the typed name and number with the recognised ones, and shows both photos', async () => {
    signInAs();
    const calls = fakeApi({
      [LIST]: [ok({ list: [{ ...reviewing, idcard_num: '440301198808083023' }], total: 1 })],
      [IMAGE]: [ok(null)],
    });
    const user = await renderPage();
    await user.click(within(rowOf('王琳')).getByRole('button', { name: /详\s*情/ }));
    const dialog = await dialogWith('实名认证详情：王琳');

    const name = within(dialog).getByRole('listitem', { name: '姓名' });
    expect(within(name).getAllByText('王琳')).toHaveLength(2);
    expect(within(name).getByText('一致')).toBeInTheDocument();
    const number = within(dialog).getByRole('listitem', { name: '身份证号' });
    expect(within(number).getByText('440301198808083015')).toBeInTheDocument();
    expect(within(number).getByText('440301198808083023')).toBeInTheDocument();
    expect(within(number).getByText('不一致')).toBeInTheDocument();

    expect(within(dialog).getByText('识别信息')).toBeInTheDocument();
    expect(within(dialog).getByText('深圳市公安局福田分局')).toBeInTheDocument();
    expect(within(dialog).getByText('女')).toBeInTheDocument();

    expect(await within(dialog).findByRole('img', { name: '身份证正面' })).toHaveAttribute('src', 'blob:card');
    expect(await within(dialog).findByRole('img', { name: '身份证反面' })).toBeInTheDocument();
    const photos = calls.filter((call) => call.path === IMAGE);
    expect(photos.map((call) => call.authorization)).toEqual(['Bearer token-zhou', 'Bearer token-zhou']);
    expect(within(dialog).getByRole('button', { name: /通\s*过/ })).toBeEnabled();
  });

  it('offers no decision and no photos once decided', async () => {
    signInAs();
    const calls = fakeApi({
      [LIST]: [
        ok({
          list: [
            idCardRecord(3, {
              recognised: false,
              name: '',
              idcard_num: '',
              gender: 0,
              ethnicity: '',
              birthday: '',
              address: '',
              issuing_authority: '',
              validity_period: '',
              audit_status: 3,
              fail_reason: '图片模糊不清',
            }),
          ],
          total: 1,
        }),
      ],
      [IMAGE]: [ok(null)],
    });
    const user = await renderPage();
    await user.click(within(rowOf('王琳')).getByRole('button', { name: /详\s*情/ }));
    const dialog = await dialogWith('实名认证详情：王琳');
    expect(within(dialog).getByText('审核结束后，身份证照片只对会员本人显示。')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: '身份证正面' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === IMAGE)).toEqual([]);
    expect(within(dialog).queryByText('一致')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('不一致')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('识别信息')).not.toBeInTheDocument();
    expect(within(dialog).getByText('拒绝原因：图片模糊不清')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /通\s*过/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /拒\s*绝/ })).not.toBeInTheDocument();
  });

  it('asks to check the photos when nothing was recognised', async () => {
    signInAs();
    fakeApi({
      [LIST]: [ok({ list: [idCardRecord(3, { recognised: false, name: '', idcard_num: '' })], total: 1 })],
      [IMAGE]: [ok(null)],
    });
    const user = await renderPage();
    await user.click(within(rowOf('王琳')).getByRole('button', { name: /详\s*情/ }));
    const dialog = await dialogWith('实名认证详情：王琳');
    expect(within(dialog).getByText('未配置识别服务，请对照照片核验')).toBeInTheDocument();
    expect(await within(dialog).findByRole('img', { name: '身份证正面' })).toBeInTheDocument();
  });

  it('tells the reviewer which other accounts submitted the same number', async () => {
    signInAs();
    const clashing = idCardRecord(3, {
      number_clashes: [
        { user_id: 7, username: 'xiaomei', audit_status: 2 },
        { user_id: 8, username: 'dawei', audit_status: 1 },
      ],
    });
    fakeApi({ [LIST]: [ok({ list: [clashing, passed], total: 2 })], [IMAGE]: [ok(null)] });
    const user = await renderPage();
    expect(within(rowOf('王琳')).getByText('号码重复')).toBeInTheDocument();
    expect(within(rowOf('李小美')).queryByText('号码重复')).not.toBeInTheDocument();
    await user.click(within(rowOf('王琳')).getByRole('button', { name: /详\s*情/ }));
    const dialog = await dialogWith('实名认证详情：王琳');
    expect(
      within(dialog).getByText(
        '这个身份证号码也出现在其他账号的实名认证申请中：@xiaomei（已通过）、@dawei（审核中）。同一号码只能有一个账号通过认证。',
      ),
    ).toBeInTheDocument();
  });

  it('narrows the list to one status from the first page', async () => {
    signInAs();
    const calls = fakeApi({ [LIST]: [ok({ list: [reviewing], total: 25 })] });
    const user = await renderPage();
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ page: 2, page_size: 10 }));
    await user.click(screen.getByText('已拒绝', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ page: 1, page_size: 10, audit_status: 3 }));
  });

  it('says the list failed', async () => {
    signInAs();
    fakeApi({ [LIST]: [fail(500, 500, '')] });
    renderAt('/admin/idcard-audit', <IdCardAuditPage title="身份证审核" />);
    expect(await screen.findByText('获取身份证审核列表失败')).toBeInTheDocument();
  });
});
