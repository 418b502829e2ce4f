import { Alert, Card, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import type { RechargeOrderItem } from '../../../api/generated/types.gen';
import { formatDateTime } from '../../../lib/format';
import type { PageProps } from '../../../lib/page';
import { formatYuan } from '../../../lib/money';
import { useRecharges } from '../api/wallet';
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
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const orders = useRecharges(page, pageSize);

  return (
    <Space orientation="vertical" size={16} className={styles.page}>
      <Typography.Title level={2} className={styles.title}>
        {title}
      </Typography.Title>
      <Card>
        {orders.isError && <Alert type="error" showIcon title={orders.error.message || WALLET_TEXT.recordsFailed} />}
        <Table<RechargeOrderItem>
          rowKey="orderNo"
          columns={columns}
          dataSource={orders.data?.orders ?? []}
          loading={orders.isFetching}
          scroll={{ x: true }}
          pagination={{
            current: page,
            pageSize,
            total: orders.data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            showTotal: WALLET_TEXT.total,
            onChange: (next, size) => {
              setPage(size === pageSize ? next : 1);
              setPageSize(size);
            },
          }}
        />
      </Card>
    </Space>
  );
}
