import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderAt } from '../../../test/render';
import { PhoneCard } from './PhoneCard';

const details = {
  username: 'mei',
  email: '',
  emailVerified: false,
  phone: '',
  hasPassword: true,
  wechatBound: false,
  termsVersion: '',
  termsAcceptedAt: 0,
};
const updates = (calls: ReturnType<typeof fakeApi>) =>
  calls.filter((call) => call.path === '/api/v1/user/phone/update');

describe('PhoneCard', () => {
  it('checks the number with the account form texts', async () => {
    const calls = fakeApi({ '/api/v1/user/account/get': [ok(details)] });
    const user = userEvent.setup();
    renderAt('/user/account', <PhoneCard />);
    expect(await screen.findByText('尚未填写手机号')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /编\s*辑/ }));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入手机号码')).toBeInTheDocument();
    expect(await screen.findByText('请检查表单填写是否正确')).toBeInTheDocument();
    await user.type(screen.getByLabelText('手机号码'), '12800138000');
    expect(await screen.findByText('请输入有效的手机号码')).toBeInTheDocument();
    expect(updates(calls)).toHaveLength(0);
  });

  it('saves the number, and shows the server refusal', async () => {
    const calls = fakeApi({
      '/api/v1/user/account/get': [ok(details)],
      '/api/v1/user/phone/update': [
        fail(409, 409, '该手机号已被其他账号使用'),
        ok({ ...details, phone: '13900139000' }),
      ],
    });
    const user = userEvent.setup();
    renderAt('/user/account', <PhoneCard />);
    await user.click(await screen.findByRole('button', { name: /编\s*辑/ }));
    await user.type(screen.getByLabelText('手机号码'), '13800138000');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('该手机号已被其他账号使用')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('手机号码'));
    await user.type(screen.getByLabelText('手机号码'), '13900139000');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(await screen.findByText('13900139000')).toBeInTheDocument();
    expect(updates(calls).map((call) => call.body)).toEqual([{ phone: '13800138000' }, { phone: '13900139000' }]);
  });
});
