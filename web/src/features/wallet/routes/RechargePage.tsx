import { App, Button, Card, Form, InputNumber, Skeleton, Space, Statistic, Typography } from 'antd';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { CreatedRecharge } from '../../../api/generated/types.gen';
import type { PageProps } from '../../../lib/page';
import { formatYuan, yuanToFen } from '../../../lib/money';
import { useBalances, useCreateRecharge } from '../api/wallet';
import { PaymentPanel } from '../components/PaymentPanel';
import { WALLET_TEXT } from '../texts';
import styles from './WalletPage.module.css';

/** Spec 2 section 5: 0.1 to 1000000 yuan in steps of 0.1. */
const MIN_YUAN = 0.1;
const MAX_YUAN = 1_000_000;

/** /recharge: the balance, an amount, and the QR code that pays it (spec 2 section 2.19). */
export default function RechargePage({ title }: PageProps) {
  const { message } = App.useApp();
  const balances = useBalances();
  const createRecharge = useCreateRecharge();
  const [order, setOrder] = useState<CreatedRecharge | null>(null);
  const [form] = Form.useForm<{ yuan: number }>();
  // Counts panel openings and closings: a code that arrives after the member cancelled the
  // panel it was meant for (a refresh still in flight) must not open it again.
  const panelGeneration = useRef(0);

  const open = (fen: number) => {
    const generation = panelGeneration.current;
    createRecharge.mutate(fen, {
      onSuccess: (created) => {
        if (generation === panelGeneration.current) setOrder(created);
      },
      onError: (error) => message.error(error.message || WALLET_TEXT.createFailed),
    });
  };
  const close = () => {
    panelGeneration.current += 1;
    setOrder(null);
  };

  return (
    <Space orientation="vertical" size={16} className={styles.page}>
      <Typography.Title level={2} className={styles.title}>
        {title}
      </Typography.Title>
      <Card title={WALLET_TEXT.rechargeTitle}>
        {balances.isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : (
          <Space size={48} wrap className={styles.balances}>
            <Statistic title={WALLET_TEXT.currentBalance} value={formatYuan(balances.data?.cny ?? 0)} />
            <Statistic title={WALLET_TEXT.points} value={balances.data?.points ?? 0} />
          </Space>
        )}
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={({ yuan }) => open(yuanToFen(yuan))}
          className={styles.form}
        >
          <Form.Item
            name="yuan"
            label={WALLET_TEXT.amountLabel}
            rules={[
              { required: true, message: WALLET_TEXT.amountRequired },
              { type: 'number', min: MIN_YUAN, max: MAX_YUAN, message: WALLET_TEXT.amountRange },
            ]}
          >
            <InputNumber min={MIN_YUAN} max={MAX_YUAN} step={0.1} precision={1} prefix="¥" className={styles.amount} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={createRecharge.isPending && order === null}>
            {WALLET_TEXT.confirm}
          </Button>
        </Form>
        <Space className={styles.links}>
          <Link to="/recharge/list">{WALLET_TEXT.recordsLink}</Link>
          <Link to="/transactions">{WALLET_TEXT.billLink}</Link>
        </Space>
      </Card>
      {order && (
        <PaymentPanel
          key={order.orderNo}
          order={order}
          onClose={close}
          onRenew={() => open(order.amount)}
          renewing={createRecharge.isPending}
        />
      )}
    </Space>
  );
}
