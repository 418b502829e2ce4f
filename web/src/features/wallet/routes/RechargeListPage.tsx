import { Alert, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { RechargeOrderItem } from '../../../api/generated/types.gen';
import { formatDateTime } from '../../../lib/format';
import type { PageProps } from '../../../lib/page';
import { formatYuan } from '../../../lib/money';
import { useRecharges } from '../api/wallet';
import { WalletScreen } from '../components/WalletScreen';
import { useTablePaging } from '../components/useTablePaging';
import { PAGE_SIZES, WALLET_TEXT } from '../texts';
import styles from './WalletPage.module.css';

/** Spec 2 section 4: 'success' only for completed; a pending order is 待支付 (issue 11), the rest failed. */
export function orderStatusLabel(status: string): { text: string; color: string } {
  if (status === 'completed') return { text: WALLET_TEXT.statusSuccess, color: 'success' };
  if (status === 'pending') return { text: WALLET_TEXT.statusPending, color: 'processing' };
  return { text: WALLET_TEXT.statusFailed, color: 'error' };
}

const columns: TableColumnsType<RechargeOrderItem> = [
  {
    title: WALLET_TEXT.columnOrderNo,
    dataIndex: 'orderNo',
    render: (orderNo: string) => <span className={styles.orderNo}>{orderNo}</span>,
  },
  { title: WALLET_TEXT.columnAmount, dataIndex: 'amount', render: (fen: number) => formatYuan(fen) },
  {
    title: WALLET_TEXT.columnStatus,
    dataIndex: 'status',
    render: (status: string) => {
      const label = orderStatusLabel(status);
      return <Tag color={label.color}>{label.text}</Tag>;
    },
  },
  { title: WALLET_TEXT.columnCreatedAt, dataIndex: 'createdAt', render: (seconds: number) => formatDateTime(seconds) },
];

/** /recharge/list: the member's recharge orders (spec 2 section 2.20). */
export default function RechargeListPage({ title }: PageProps) {
  const paging = useTablePaging(PAGE_SIZES[0]);
  const orders = useRecharges(paging.page, paging.pageSize);

  return (
    <WalletScreen title={title}>
      {orders.isError && <Alert type="error" showIcon title={orders.error.message || WALLET_TEXT.recordsFailed} />}
      <Table<RechargeOrderItem>
        rowKey="orderNo"
        columns={columns}
        dataSource={orders.data?.orders ?? []}
        loading={orders.isFetching}
        scroll={{ x: true }}
        pagination={paging.pagination(orders.data?.total ?? 0)}
      />
    </WalletScreen>
  );
}
