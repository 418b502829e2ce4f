import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createRecharge,
  getBalance,
  getRechargeOrder,
  getSandboxOrder,
  listRecharges,
  listTransactions,
  paySandboxOrder,
} from '../../../api/generated/sdk.gen';
import type {
  BalanceEntry,
  CreatedRecharge,
  OrderStatusData,
  RechargeListData,
  SandboxOrder,
  TransactionListData,
  TransactionListRequest,
} from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';
import { walletKeys } from './keys';

export interface Balances {
  /** Fen. */
  cny: number;
  points: number;
}

/** The spec reads the first entry as the balance in fen; the points entry follows. */
export function balancesOf(entries: readonly BalanceEntry[]): Balances {
  const of = (code: string) => entries.find((entry) => entry.currencyCode === code)?.balance ?? 0;
  return { cny: entries[0]?.balance ?? 0, points: of('POINTS') };
}

export function useBalances() {
  return useQuery({
    queryKey: walletKeys.balance(),
    queryFn: async ({ signal }): Promise<Balances> =>
      balancesOf(await unwrap(getBalance({ signal, throwOnError: true }))),
  });
}

export function useCreateRecharge() {
  return useMutation({
    mutationFn: (fen: number): Promise<CreatedRecharge> =>
      unwrap(createRecharge({ body: { payMethod: 1, payMoney: fen }, throwOnError: true })),
  });
}

/** Asks the server for the order's state once (the 'payment done' button). */
export function fetchOrderStatus(orderNo: string): Promise<OrderStatusData> {
  return unwrap(getRechargeOrder({ body: { orderNo }, throwOnError: true }));
}

/** Polls the order while it is pending (spec: every 2 s). */
export function useOrderStatus(orderNo: string | null, intervalMs: number) {
  return useQuery({
    queryKey: walletKeys.order(orderNo ?? ''),
    queryFn: () => fetchOrderStatus(orderNo ?? ''),
    enabled: orderNo !== null,
    refetchInterval: (query) => (query.state.data?.status === 'pending' || !query.state.data ? intervalMs : false),
  });
}

export function useRecharges(page: number, pageSize: number) {
  return useQuery({
    queryKey: walletKeys.recharges(page, pageSize),
    queryFn: ({ signal }): Promise<RechargeListData> =>
      unwrap(listRecharges({ body: { page, pageSize, payMethod: 0 }, signal, throwOnError: true })),
    placeholderData: keepPreviousData,
  });
}

export function useTransactions(filter: TransactionListRequest) {
  return useQuery({
    queryKey: walletKeys.transactions(filter),
    queryFn: ({ signal }): Promise<TransactionListData> =>
      unwrap(listTransactions({ body: filter, signal, throwOnError: true })),
    placeholderData: keepPreviousData,
  });
}

/** After a payment every balance and bill on screen is stale. */
export function useRefreshWallet() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: walletKeys.all });
}

export function useSandboxOrder(orderNo: string) {
  return useQuery({
    queryKey: walletKeys.sandboxOrder(orderNo),
    queryFn: ({ signal }): Promise<SandboxOrder> =>
      unwrap(getSandboxOrder({ body: { orderNo }, signal, throwOnError: true })),
    retry: false,
  });
}

export function usePaySandboxOrder(orderNo: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paid: boolean): Promise<SandboxOrder> =>
      unwrap(paySandboxOrder({ body: { orderNo, paid }, throwOnError: true })),
    onSuccess: (order) => queryClient.setQueryData(walletKeys.sandboxOrder(orderNo), order),
  });
}
