/** Every wallet query starts with 'wallet', so a payment or a purchase refreshes balances and bills together. */
export const walletKeys = {
  all: ['wallet'] as const,
  balance: () => [...walletKeys.all, 'balance'] as const,
  recharges: (page: number, pageSize: number) => [...walletKeys.all, 'recharges', page, pageSize] as const,
  transactions: (filter: object) => [...walletKeys.all, 'transactions', filter] as const,
  order: (orderNo: string) => [...walletKeys.all, 'order', orderNo] as const,
  sandboxOrder: (orderNo: string) => [...walletKeys.all, 'sandbox', orderNo] as const,
};
