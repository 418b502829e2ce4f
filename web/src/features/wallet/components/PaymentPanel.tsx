import { Alert, App, Button, Modal, QRCode, Space, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { CreatedRecharge } from '../../../api/generated/types.gen';
import { formatYuan } from '../../../lib/money';
import { fetchOrderStatus, useOrderStatus, useRefreshWallet } from '../api/wallet';
import { POLL_INTERVAL_MS, QR_LIFETIME_MS, QR_SIZE, SUCCESS_CLOSE_MS, WALLET_TEXT } from '../texts';
import styles from './PaymentPanel.module.css';

interface PaymentPanelProps {
  order: CreatedRecharge;
  /** The panel is done (paid, failed or cancelled). */
  onClose: () => void;
  /** The code expired: make a new order of the same amount. */
  onRenew: () => void;
  renewing: boolean;
}

type Phase = 'waiting' | 'paid' | 'expired';

/** The QR code of one order, polled until it is paid, fails, expires or the member cancels (spec 2 section 4). */
export function PaymentPanel({ order, onClose, onRenew, renewing }: PaymentPanelProps) {
  const { message } = App.useApp();
  const refreshWallet = useRefreshWallet();
  const [phase, setPhase] = useState<Phase>('waiting');
  const [checking, setChecking] = useState(false);
  const finished = useRef(false);
  const status = useOrderStatus(phase === 'waiting' ? order.orderNo : null, POLL_INTERVAL_MS);

  const finish = (outcome: 'completed' | 'failed') => {
    if (finished.current) return;
    finished.current = true;
    if (outcome === 'completed') {
      setPhase('paid');
      message.success(WALLET_TEXT.paymentSuccess);
      void refreshWallet();
      window.setTimeout(onClose, SUCCESS_CLOSE_MS);
    } else {
      message.error(WALLET_TEXT.paymentFailed);
      onClose();
    }
  };

  /** Ends the panel on a final state (completed, or rejected and failed alike); false while the order is pending. */
  const settleOn = (orderStatus: string): boolean => {
    if (orderStatus === 'pending') return false;
    finish(orderStatus === 'completed' ? 'completed' : 'failed');
    return true;
  };

  const polled = status.data?.status;
  useEffect(() => {
    if (polled) settleOn(polled);
    // settleOn reads only refs and stable callbacks; the poll's answer is what changes.
  }, [polled]);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (finished.current) return;
      setPhase('expired');
      message.warning(WALLET_TEXT.qrExpired);
    }, QR_LIFETIME_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  /** 'Payment done' asks the server once rather than trusting the click. */
  const onPaymentDone = async () => {
    setChecking(true);
    try {
      const answer = await fetchOrderStatus(order.orderNo);
      if (!settleOn(answer.status)) message.info(WALLET_TEXT.stillPending);
    } catch (error) {
      message.error((error as Error).message || WALLET_TEXT.paymentFailed);
    } finally {
      setChecking(false);
    }
  };

  const onCancel = () => {
    finished.current = true;
    message.info(WALLET_TEXT.paymentCancelled);
    onClose();
  };

  const qrStatus = phase === 'expired' ? 'expired' : phase === 'paid' ? 'scanned' : renewing ? 'loading' : 'active';

  return (
    <Modal open title={WALLET_TEXT.panelTitle} onCancel={onCancel} footer={null} width={400} centered destroyOnHidden>
      <Space orientation="vertical" size={16} className={styles.panel}>
        {order.sandbox && <Alert type="warning" showIcon title={WALLET_TEXT.sandboxNotice} />}
        <Typography.Text className={styles.amount}>{formatYuan(order.amount)}</Typography.Text>
        <QRCode
          value={order.url}
          type="svg"
          size={QR_SIZE}
          status={qrStatus}
          onRefresh={onRenew}
          statusRender={(info) => <QrOverlay status={info.status} onRefresh={onRenew} />}
        />
        <Typography.Text type="secondary">{WALLET_TEXT.scanWithWeChat}</Typography.Text>
        {order.sandbox && (
          <Typography.Link href={order.url} target="_blank" rel="noopener">
            {WALLET_TEXT.sandboxOpen}
          </Typography.Link>
        )}
        <Space>
          <Button type="primary" onClick={() => void onPaymentDone()} loading={checking} disabled={phase !== 'waiting'}>
            {WALLET_TEXT.paymentDone}
          </Button>
          <Button onClick={onCancel} disabled={phase === 'paid'}>
            {WALLET_TEXT.cancelPayment}
          </Button>
        </Space>
      </Space>
    </Modal>
  );
}

/** What covers the code when it is not payable: expired (with the refresh), paid, or a new code on its way. */
function QrOverlay({ status, onRefresh }: { status: string; onRefresh: () => void }) {
  if (status === 'loading') return <Spin />;
  return (
    <div className={styles.overlay} role="status">
      {status === 'expired' ? (
        <>
          <Typography.Text>{WALLET_TEXT.qrExpired}</Typography.Text>
          <Button type="link" onClick={onRefresh}>
            {WALLET_TEXT.qrRefresh}
          </Button>
        </>
      ) : (
        <Typography.Text className={styles.paid}>{WALLET_TEXT.paymentSuccess}</Typography.Text>
      )}
    </div>
  );
}
