import { Alert, Button, DatePicker, Form, Input, Segmented, Select, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import type { TransactionItem, TransactionListRequest } from '../../../api/generated/types.gen';
import { formatDateTime } from '../../../lib/format';
import type { PageProps } from '../../../lib/page';
import { formatYuan } from '../../../lib/money';
import { useTransactions } from '../api/wallet';
import { WalletScreen } from '../components/WalletScreen';
import { useTablePaging } from '../components/useTablePaging';
import { PAY_TYPE_LABEL, WALLET_TEXT } from '../texts';
import styles from './WalletPage.module.css';

type Currency = 'CNY' | 'POINTS';

interface FilterForm {
  transType: string;
  orderNo?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

const TYPE_OPTIONS = [
  { value: 'all', label: WALLET_TEXT.typeAll },
  { value: 'recharge', label: WALLET_TEXT.typeRecharge },
  { value: 'usage', label: WALLET_TEXT.typeUsage },
  { value: 'gift', label: WALLET_TEXT.typeGift },
];

/** Spec 2 section 9: the transaction list starts at 20 a page. */
const DEFAULT_PAGE_SIZE = 20;

/** The request the form and paging ask for; the end date counts to its last second. */
export function transactionRequest(
  form: FilterForm,
  currency: Currency,
  page: number,
  pageSize: number,
): TransactionListRequest {
  const [from, until] = form.dates ?? [null, null];
  return {
    page,
    pageSize,
    transType: form.transType === 'all' ? '' : form.transType,
    orderNo: form.orderNo?.trim() ?? '',
    currencyCode: currency,
    beginCreatedAt: from ? from.startOf('day').unix() : 0,
    endCreatedAt: until ? until.endOf('day').unix() : 0,
    orgId: 0,
  };
}

function columnsFor(currency: Currency): TableColumnsType<TransactionItem> {
  const amountText = (amount: number) => (currency === 'CNY' ? formatYuan(amount) : String(amount));
  return [
    { title: WALLET_TEXT.columnTime, dataIndex: 'createdAt', render: (seconds: number) => formatDateTime(seconds) },
    { title: WALLET_TEXT.columnType, dataIndex: 'payType', render: (type: string) => PAY_TYPE_LABEL[type] ?? type },
    {
      title: WALLET_TEXT.columnOrderNo,
      dataIndex: 'orderNo',
      render: (orderNo: string) => <span className={styles.orderNo}>{orderNo}</span>,
    },
    { title: WALLET_TEXT.columnDetail, dataIndex: 'detail' },
    {
      title: WALLET_TEXT.columnAmount,
      dataIndex: 'amount',
      render: (amount: number) => (
        <span className={amount > 0 ? styles.moneyIn : styles.moneyOut}>
          {amount > 0 ? '+' : ''}
          {amountText(amount)}
        </span>
      ),
    },
    { title: WALLET_TEXT.columnBalance, dataIndex: 'balance', render: amountText },
  ];
}

/** /transactions: the member's bill with type, order number and date filters (spec 2 section 2.21). */
export default function TransactionsPage({ title }: PageProps) {
  const [form] = Form.useForm<FilterForm>();
  const [filter, setFilter] = useState<FilterForm>({ transType: 'all' });
  const [currency, setCurrency] = useState<Currency>('CNY');
  const paging = useTablePaging(DEFAULT_PAGE_SIZE);
  const bill = useTransactions(transactionRequest(filter, currency, paging.page, paging.pageSize));

  return (
    <WalletScreen title={title}>
      <Space orientation="vertical" size={16} className={styles.filters}>
        <Segmented<Currency>
          value={currency}
          onChange={(next) => {
            setCurrency(next);
            paging.backToFirstPage();
          }}
          options={[
            { value: 'CNY', label: WALLET_TEXT.currencyCny },
            { value: 'POINTS', label: WALLET_TEXT.currencyPoints },
          ]}
        />
        <Form<FilterForm>
          form={form}
          layout="inline"
          initialValues={{ transType: 'all' }}
          onFinish={(values) => {
            setFilter(values);
            paging.backToFirstPage();
          }}
        >
          <Form.Item name="transType" label={WALLET_TEXT.filterType}>
            <Select options={TYPE_OPTIONS} className={styles.typeSelect} />
          </Form.Item>
          <Form.Item name="orderNo" label={WALLET_TEXT.filterOrderNo}>
            <Input allowClear maxLength={64} />
          </Form.Item>
          <Form.Item name="dates" label={WALLET_TEXT.filterDates}>
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {WALLET_TEXT.search}
            </Button>
          </Form.Item>
        </Form>
      </Space>
      {bill.isError && <Alert type="error" showIcon title={bill.error.message || WALLET_TEXT.billFailed} />}
      <Table<TransactionItem>
        rowKey={(row) => `${row.orderNo}-${row.createdAt}-${row.amount}`}
        columns={columnsFor(currency)}
        dataSource={bill.data?.trans ?? []}
        loading={bill.isFetching}
        scroll={{ x: true }}
        pagination={paging.pagination(bill.data?.total ?? 0)}
      />
    </WalletScreen>
  );
}
