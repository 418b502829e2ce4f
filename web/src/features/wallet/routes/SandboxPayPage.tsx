import { Alert, App, Button, Descriptions, Result, Skeleton, Space } from 'antd';
import { useParams } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import type { PageProps } from '../../../lib/page';
import { formatYuan } from '../../../lib/money';
import { usePaySandboxOrder, useSandboxOrder } from '../api/wallet';
import { WalletScreen } from '../components/WalletScreen';
import { WALLET_TEXT } from '../texts';
import { orderStatusLabel } from './RechargeListPage';
import styles from './WalletPage.module.css';

/** /recharge/sandbox/:orderNo: what the sandbox QR code opens; confirms or fails the order, charging nothing. */
export default function SandboxPayPage({ title }: PageProps) {
  const { orderNo = '' } = useParams();
  const { message } = App.useApp();
  const order = useSandboxOrder(orderNo);
  const pay = usePaySandboxOrder(orderNo);

  const settle = (paid: boolean) =>
    pay.mutate(paid, {
      onSuccess: (settled) => {
        if (settled.status === 'completed') message.success(WALLET_TEXT.sandboxPaid);
        else if (!paid) message.info(WALLET_TEXT.sandboxFailedDone);
      },
      onError: (error) => message.error(error.message || WALLET_TEXT.paymentFailed),
    });

  let body;
  if (order.isPending) {
    body = <Skeleton active />;
  } else if (order.isError) {
    body = <Result status="404" title={WALLET_TEXT.sandboxMissing} />;
  } else if (order.data.status !== 'pending') {
    const label = orderStatusLabel(order.data.status);
    body = (
      <Result
        status={order.data.status === 'completed' ? 'success' : 'warning'}
        title={order.data.status === 'completed' ? WALLET_TEXT.sandboxPaid : WALLET_TEXT.sandboxSettled(label.text)}
      />
    );
  } else {
    body = (
      <Space orientation="vertical" size={16} className={styles.amount}>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={WALLET_TEXT.sandboxAmount}>{formatYuan(order.data.amount)}</Descriptions.Item>
          <Descriptions.Item label={WALLET_TEXT.columnOrderNo}>
            <span className={styles.orderNo}>{order.data.orderNo}</span>
          </Descriptions.Item>
          <Descriptions.Item label={WALLET_TEXT.sandboxExpiresAt}>
            {formatDateTime(order.data.expiresAt)}
          </Descriptions.Item>
        </Descriptions>
        <Space>
          <Button type="primary" onClick={() => settle(true)} loading={pay.isPending}>
            {WALLET_TEXT.sandboxPay}
          </Button>
          <Button danger onClick={() => settle(false)} disabled={pay.isPending}>
            {WALLET_TEXT.sandboxFail}
          </Button>
        </Space>
      </Space>
    );
  }

  return (
    <WalletScreen title={title}>
      <Space orientation="vertical" size={16} className={styles.amount}>
        <Alert type="warning" showIcon title={WALLET_TEXT.sandboxNotice} description={WALLET_TEXT.sandboxExplain} />
        {body}
      </Space>
    </WalletScreen>
  );
}
