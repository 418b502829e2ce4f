import { App, Form, Input, Modal, Tag } from 'antd';
import type { ReviewRecord } from '../../../api/generated/types.gen';
import { useAuditIdCard } from '../api/actions';
import { denyReasonError, failureText } from '../model';
import { ADMIN_TEXT, DENY_PRESETS, DENY_REASON_MAX } from '../texts';
import styles from './IdCardDialogs.module.css';

const characters = (text: string) => [...text].length;

interface IdCardDenyDialogProps {
  record: ReviewRecord;
  /** After the rejection went through. */
  onDenied: () => void;
  onClose: () => void;
}

/**
 * Spec 3 sections 2 and 5: the quick deny. The reason is one of the ten presets or typed, required
 * (请填写拒绝原因) and at most 200 characters, with a counter.
 */
export function IdCardDenyDialog({ record, onDenied, onClose }: IdCardDenyDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const reason = Form.useWatch('reason', form) ?? '';
  const audit = useAuditIdCard();

  const submit = async ({ reason: typed }: { reason: string }) => {
    try {
      await audit.mutateAsync({ id: record.id, pass: false, reason: typed.trim() });
      message.success(ADMIN_TEXT.idCardDenied);
      onDenied();
    } catch (error) {
      message.error(failureText(error, ADMIN_TEXT.idCardDenyFailed));
    }
  };

  return (
    <Modal
      open
      centered
      title={ADMIN_TEXT.denyDialogTitle(record.req_name || record.nickname || record.username)}
      okText={ADMIN_TEXT.deny}
      cancelText={ADMIN_TEXT.cancel}
      okButtonProps={{ danger: true, htmlType: 'submit', loading: audit.isPending }}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form form={form} layout="vertical" initialValues={{ reason: '' }} onFinish={submit} clearOnDestroy>
          {dialog}
        </Form>
      )}
    >
      <div className={styles.presetLabel} id="deny-presets">
        {ADMIN_TEXT.denyPresets}
      </div>
      <div className={styles.presets} role="group" aria-labelledby="deny-presets">
        {DENY_PRESETS.map((preset) => (
          <Tag.CheckableTag
            key={preset}
            checked={reason.trim() === preset}
            onChange={() => {
              form.setFieldValue('reason', preset);
              void form.validateFields(['reason']);
            }}
          >
            {preset}
          </Tag.CheckableTag>
        ))}
      </div>
      <Form.Item
        name="reason"
        label={ADMIN_TEXT.denyReason}
        required
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              const error = denyReasonError(value ?? '');
              if (error) throw new Error(error);
            },
          },
        ]}
      >
        <Input.TextArea
          rows={4}
          placeholder={ADMIN_TEXT.denyPlaceholder}
          count={{
            show: true,
            max: DENY_REASON_MAX,
            strategy: characters,
            exceedFormatter: (text, { max }) => [...text].slice(0, max).join(''),
          }}
        />
      </Form.Item>
    </Modal>
  );
}
