import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Modal } from 'antd';
import { GRAPH_TEXT } from '../texts';
import styles from './JsonDialog.module.css';

interface JsonDialogProps {
  json: string | null;
  onClose: () => void;
}

/** Spec 3 section 2: the board as JSON, with 复制 (spec 8: JSON已复制到剪贴板 or 复制失败). */
export function JsonDialog({ json, onClose }: JsonDialogProps) {
  const { message } = App.useApp();
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(json ?? '');
      message.success(GRAPH_TEXT.copied);
    } catch {
      message.error(GRAPH_TEXT.copyFailed);
    }
  };
  return (
    <Modal
      open={json !== null}
      title={GRAPH_TEXT.jsonTitle}
      onCancel={onClose}
      width={720}
      footer={[
        <Button key="close" onClick={onClose}>
          {GRAPH_TEXT.close}
        </Button>,
        <Button key="copy" type="primary" icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
          {GRAPH_TEXT.copy}
        </Button>,
      ]}
    >
      <pre className={styles.json} tabIndex={0} aria-label={GRAPH_TEXT.jsonTitle}>
        {json}
      </pre>
    </Modal>
  );
}
