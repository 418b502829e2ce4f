import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok, renderAt } from '../../../test/render';
import RechargePage from './RechargePage';

const balance = (cny: number, points = 100) =>
  ok([
    { currencyCode: 'CNY', balance: cny },
    { currencyCode: 'POINTS', balance: points },
  ]);
const created = (orderNo = 'a'.repeat(32), amount = 1990) =>
  ok({ orderNo, url: `http://localhost/recharge/sandbox/${orderNo}`, amount, expiresAt: 0, sandbox: true });
const status = (value: string) => ok({ status: value });

async function startRecharge(yuan: string) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
  renderAt('/recharge', <RechargePage title="充值" />);
  expect(await screen.findByText('¥12.30')).toBeInTheDocument();
  await user.type(screen.getByLabelText('充值金额（元）'), yuan);
  await user.click(screen.getByRole('button', { name: '确认充值' }));
  return user;
}

describe('RechargePage', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('sends the amount in fen, polls until paid, then refreshes the balance and closes', async () => {
    const calls = fakeApi({
      '/api/v1/user/balance': [balance(1230), balance(3220)],
      '/api/v1/recharge/create': [created()],
      '/api/v1/recharge/getorder': [status('pending'), status('completed')],
    });
    await startRecharge('19.9');
    expect(await screen.findByText('请使用微信扫码支付')).toBeInTheDocument();
    expect(screen.getByText('沙箱支付（不会扣款）')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/recharge/create')?.body).toEqual({
      payMethod: 1,
      payMoney: 1990,
    });

    await act(() => vi.advanceTimersByTimeAsync(2_100));
    expect(await screen.findByText('支付成功', { selector: '.ant-message *' })).toBeInTheDocument();
    expect(await screen.findByText('¥32.20')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_600));
    await waitFor(() => expect(screen.queryByText('请使用微信扫码支付')).toBeNull());
  });

  it('asks the server when the member says they paid, and keeps waiting while it is pending', async () => {
    fakeApi({
      '/api/v1/user/balance': [balance(1230)],
      '/api/v1/recharge/create': [created()],
      '/api/v1/recharge/getorder': [status('pending')],
    });
    const user = await startRecharge('10');
    await user.click(await screen.findByRole('button', { name: '我已完成支付' }));
    expect(await screen.findByText('暂未收到付款，请完成支付后稍候')).toBeInTheDocument();
    expect(screen.getByText('请使用微信扫码支付')).toBeInTheDocument();
  });

  it('says the payment failed and closes the panel when the order fails', async () => {
    fakeApi({
      '/api/v1/user/balance': [balance(1230)],
      '/api/v1/recharge/create': [created()],
      '/api/v1/recharge/getorder': [status('failed')],
    });
    await startRecharge('10');
    expect(await screen.findByText('支付失败')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('请使用微信扫码支付')).toBeNull());
  });

  it('shows the expired overlay after 60 s, and refresh makes a new order of the same amount', async () => {
    const calls = fakeApi({
      '/api/v1/user/balance': [balance(1230)],
      '/api/v1/recharge/create': [created('a'.repeat(32)), created('b'.repeat(32))],
      '/api/v1/recharge/getorder': [status('pending')],
    });
    const user = await startRecharge('19.9');
    expect(await screen.findByText('请使用微信扫码支付')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(60_500));
    expect(await screen.findByText('二维码已过期', { selector: '[role=status] *' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '点击刷新' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/v1/recharge/create')).toHaveLength(2));
    expect(calls.filter((call) => call.path === '/api/v1/recharge/create')[1].body).toEqual({
      payMethod: 1,
      payMoney: 1990,
    });
    await waitFor(() => expect(screen.queryByText('二维码已过期', { selector: '[role=status] *' })).toBeNull());
  });

  it('a refreshed code that arrives after the member cancelled does not reopen the panel', async () => {
    let releaseRenewal = () => {};
    const renewalHeld = new Promise<void>((resolve) => (releaseRenewal = resolve));
    const calls = fakeApi({
      '/api/v1/user/balance': [balance(1230)],
      '/api/v1/recharge/create': [created('a'.repeat(32)), { ...created('b'.repeat(32)), heldUntil: renewalHeld }],
      '/api/v1/recharge/getorder': [status('pending')],
    });
    const user = await startRecharge('5');
    await act(() => vi.advanceTimersByTimeAsync(60_500));
    await user.click(await screen.findByRole('button', { name: '点击刷新' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/v1/recharge/create')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: '取消支付' }));
    expect(await screen.findByText('已取消支付')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('请使用微信扫码支付')).toBeNull());

    await act(async () => releaseRenewal());
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.queryByText('请使用微信扫码支付')).toBeNull();
  });

  it("shows the server's reason when the order cannot be made", async () => {
    fakeApi({
      '/api/v1/user/balance': [balance(1230)],
      '/api/v1/recharge/create': [fail(502, 502, '支付通道暂时不可用，请稍后再试')],
    });
    await startRecharge('10');
    expect(await screen.findByText('支付通道暂时不可用，请稍后再试')).toBeInTheDocument();
  });

  it('refuses an amount out of range before asking the server', async () => {
    const calls = fakeApi({ '/api/v1/user/balance': [balance(1230)] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderAt('/recharge', <RechargePage title="充值" />);
    await screen.findByText('¥12.30');
    await user.click(screen.getByRole('button', { name: '确认充值' }));
    expect(await screen.findByText('请输入充值金额')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/v1/recharge/create')).toBe(false);
  });
});
