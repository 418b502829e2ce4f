import { App, Form, Modal, Radio } from 'antd';
import type { ModerationCase } from '../../../api/generated/types.gen';
import { useDecideCase } from '../api/moderation';
import { failureText } from '../model';
import { ADMIN_TEXT, SUSPEND_DAYS } from '../texts';
import styles from './SuspendDialog.module.css';

interface SuspendDialogProps {
  moderationCase: ModerationCase;
  onClose: () => void;
}

/** 删除并暂停账号: the content goes, and its author may not sign in for the days chosen here. */
export function SuspendDialog({ moderationCase, onClose }: SuspendDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ days?: number }>();
  const decide = useDecideCase();
  const author = moderationCase.author?.nickname || ADMIN_TEXT.authorGone;

  const submit = async ({ days }: { days?: number }) => {
    try {
      await decide.mutateAsync({
        caseId: moderationCase.id,
        subject: moderationCase.subject,
        verdict: 'suspend',
        suspendDays: days,
      });
      message.success(ADMIN_TEXT.decided);
    } catch (error) {
      message.error(failureText(error, ADMIN_TEXT.decideFailed));
    }
    onClose();
  };

  return (
    <Modal
      open
      centered
      title={ADMIN_TEXT.suspendTitle}
      okText={ADMIN_TEXT.confirm}
      cancelText={ADMIN_TEXT.cancel}
      okButtonProps={{ danger: true, htmlType: 'submit', loading: decide.isPending }}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form form={form} layout="vertical" onFinish={submit} clearOnDestroy>
          {dialog}
        </Form>
      )}
    >
      <p className={styles.question}>{ADMIN_TEXT.suspendQuestion(author)}</p>
      <p className={styles.detail}>{ADMIN_TEXT.suspendDetail}</p>
      <Form.Item
        name="days"
        label={ADMIN_TEXT.suspendDaysLabel}
        rules={[{ required: true, message: ADMIN_TEXT.suspendDaysRequired }]}
        className={styles.days}
      >
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={SUSPEND_DAYS.map((days) => ({ value: days, label: ADMIN_TEXT.suspendDays(days) }))}
        />
      </Form.Item>
    </Modal>
  );
}
