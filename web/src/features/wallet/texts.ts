/** Every text of the wallet screens (spec 2 sections 2.19–2.21, 4 and 8 fix the marked ones). */
export const WALLET_TEXT = {
  rechargeTitle: '充值（微信支付）',
  currentBalance: '当前余额',
  points: '积分',
  amountLabel: '充值金额（元）',
  amountRequired: '请输入充值金额',
  amountRange: '充值金额须在 0.1 元到 1000000 元之间',
  confirm: '确认充值',
  panelTitle: '微信扫码支付',
  /** Spec 2 section 2.19 ('please scan with WeChat'), in the words. */
  scanWithWeChat: '请使用微信扫码支付',
  sandboxNotice: '沙箱支付（不会扣款）',
  sandboxOpen: '在本设备打开沙箱支付页',
  paymentDone: '我已完成支付',
  cancelPayment: '取消支付',
  /** Spec 2 sections 4 and 8: the payment outcomes. */
  paymentSuccess: '支付成功',
  paymentFailed: '支付失败',
  paymentCancelled: '已取消支付',
  qrExpired: '二维码已过期',
  qrRefresh: '点击刷新',
  createFailed: '生成支付二维码失败',
  stillPending: '暂未收到付款，请完成支付后稍候',
  recordsLink: '充值记录',
  billLink: '交易明细',

  recordsTitle: '充值记录',
  recordsFailed: 'failed to get recharge records',
  columnOrderNo: '订单号',
  columnAmount: '金额',
  columnStatus: '状态',
  columnCreatedAt: '创建时间',
  statusSuccess: '成功',
  statusPending: '待支付',
  statusFailed: '失败',

  billTitle: '交易明细',
  billFailed: 'failed to get transaction records',
  filterType: '类型',
  typeAll: '全部',
  typeRecharge: '充值',
  typeUsage: '消费',
  typeGift: '赠送',
  filterOrderNo: '订单号',
  filterDates: '日期',
  search: '搜索',
  currencyCny: '余额（元）',
  currencyPoints: '积分',
  columnTime: '时间',
  columnType: '类型',
  columnDetail: '详情',
  columnBalance: '余额',

  sandboxTitle: '沙箱支付',
  sandboxExplain: '这是心桥的测试支付页：确认后订单按已支付处理，不会产生任何真实扣款。',
  sandboxAmount: '支付金额',
  sandboxExpiresAt: '有效期至',
  sandboxPay: '确认支付',
  sandboxFail: '模拟支付失败',
  sandboxMissing: '订单不存在，或本站未启用沙箱支付',
  sandboxSettled: (status: string) => `订单已结束：${status}`,
  sandboxPaid: '支付成功，请回到充值页面查看',
  sandboxFailedDone: '已将订单标记为支付失败',
  total: (count: number) => `共 ${count} 条`,
} as const;

export const PAY_TYPE_LABEL: Record<string, string> = {
  Recharge: WALLET_TEXT.typeRecharge,
  Usage: WALLET_TEXT.typeUsage,
  Gift: WALLET_TEXT.typeGift,
};

/** Spec 2 section 9: both lists offer these sizes. */
export const PAGE_SIZES = [10, 20, 50, 100];
/** Spec 2 section 9: payment polling 2 s, QR expiry 60 s, success panel closes after 1.5 s, QR size 200. */
export const POLL_INTERVAL_MS = 2000;
export const QR_LIFETIME_MS = 60_000;
export const SUCCESS_CLOSE_MS = 1500;
export const QR_SIZE = 200;
