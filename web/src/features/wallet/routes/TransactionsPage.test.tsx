import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, renderAt } from '../../../test/render';
import { orderStatusLabel } from './RechargeListPage';
import TransactionsPage, { transactionRequest } from './TransactionsPage';

const row = (over: object) => ({
  createdAt: 1_763_700_000,
  payType: 'Recharge',
  orderNo: 'o1',
  detail: '沙箱充值（未扣款）',
  amount: 1000,
  balance: 1000,
  currencyCode: 'CNY',
  ...over,
});

describe('TransactionsPage', () => {
  it('shows money in green and money out in red, and filters by type and order number', async () => {
    const calls = fakeApi({
      '/api/v1/transactions/list': [
        ok({ trans: [row({ payType: 'Usage', amount: -990, balance: 10, orderNo: 'o2' }), row({})], total: 2 }),
      ],
    });
    const user = userEvent.setup();
    renderAt('/transactions', <TransactionsPage title="交易明细" />);
    const spent = await screen.findByText('-¥9.90');
    expect(spent.closest('span')?.className).toMatch(/moneyOut/);
    expect(screen.getByText('+¥10.00').className).toMatch(/moneyIn/);
    expect(screen.getByText('消费')).toBeInTheDocument();
    expect(calls[0].body).toMatchObject({ page: 1, pageSize: 20, transType: '', currencyCode: 'CNY' });

    await user.type(screen.getByLabelText('订单号'), ' o2 ');
    await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ orderNo: 'o2', page: 1 }));
  });

  it('asks for whole days and no bound when a date is left out', () => {
    const from = dayjs('2026-11-01T15:00:00');
    const request = transactionRequest({ transType: 'gift', dates: [from, null] }, 'POINTS', 2, 50);
    expect(request).toMatchObject({
      page: 2,
      pageSize: 50,
      transType: 'gift',
      currencyCode: 'POINTS',
      endCreatedAt: 0,
    });
    expect(request.beginCreatedAt).toBe(dayjs('2026-11-01T00:00:00').unix());
  });

  it('reads only completed orders as success and pending ones as waiting', () => {
    expect(orderStatusLabel('completed').text).toBe('成功');
    expect(orderStatusLabel('pending').text).toBe('待支付');
    expect(orderStatusLabel('rejected').text).toBe('失败');
    expect(orderStatusLabel('failed').text).toBe('失败');
  });
});
