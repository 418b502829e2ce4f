import { Alert, App, Button, Card, Form, Input, Modal, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../lib/apiError';
import { reloadAt } from '../../../lib/browser';
import { useAccount, useDeleteAccount } from '../api/account';
import { ACCOUNT_TEXT } from '../texts';

/**
 * 注销账号: deletes the account for good once the password is typed again. The session ends
 * here as on every other device: the home page shows the farewell, and a fresh load of it
 * follows.
 */
export function DeleteAccountCard() {
  const { modal } = App.useApp();
  const account = useAccount();
  const deleteAccount = useDeleteAccount(() =>
    modal.success({
      title: ACCOUNT_TEXT.deletedTitle,
      content: ACCOUNT_TEXT.deletedIntro,
      onOk: () => reloadAt('/'),
    }),
  );
  const [confirming, setConfirming] = useState(false);
  const [form] = Form.useForm<{ password: string }>();

  const onDelete = ({ password }: { password: string }) => {
    deleteAccount.mutate(password, {
      onError: (error) => form.setFields([{ name: 'password', errors: [errorText(error, ACCOUNT_TEXT.deleteFailed)] }]),
    });
  };

  let body;
  if (account.isPending) {
    body = <Skeleton active paragraph={{ rows: 0 }} />;
  } else if (account.isError) {
    body = <Alert type="error" showIcon title={ACCOUNT_TEXT.accountLoadFailed} />;
  } else if (account.data.hasPassword) {
    body = (
      <Button danger onClick={() => setConfirming(true)}>
        {ACCOUNT_TEXT.deleteButton}
      </Button>
    );
  } else {
    body = <Typography.Text type="secondary">{ACCOUNT_TEXT.deleteNeedsPassword}</Typography.Text>;
  }

  return (
    <Card title={ACCOUNT_TEXT.deleteTitle}>
      <Typography.Paragraph type="secondary">{ACCOUNT_TEXT.deleteIntro}</Typography.Paragraph>
      {body}
      <Modal
        open={confirming}
        title={ACCOUNT_TEXT.deleteConfirmTitle}
        okText={ACCOUNT_TEXT.deleteConfirm}
        cancelText={ACCOUNT_TEXT.cancel}
        okButtonProps={{ danger: true, loading: deleteAccount.isPending }}
        onOk={() => form.submit()}
        onCancel={() => setConfirming(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{ACCOUNT_TEXT.deleteConfirmIntro}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={onDelete} preserve={false}>
          <Form.Item
            name="password"
            label={ACCOUNT_TEXT.passwordLabel}
            rules={[{ required: true, message: ACCOUNT_TEXT.currentPasswordRequired }]}
          >
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
