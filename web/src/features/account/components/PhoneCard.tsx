import { App, Alert, Button, Card, Form, Input, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../lib/apiError';
import { useAccount, useUpdatePhone } from '../api/account';
import { ACCOUNT_TEXT } from '../texts';
import { checkPhone, rule } from '../validation';
import styles from './AccountCards.module.css';

interface PhoneFields {
  phone: string;
}

/** 手机号: shown to its owner only; edit, save, cancel (no SMS check). */
export function PhoneCard() {
  const { message } = App.useApp();
  const account = useAccount();
  const update = useUpdatePhone();
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<PhoneFields>();

  const onFinish = ({ phone }: PhoneFields) => {
    update.mutate(phone.trim(), {
      onSuccess: () => {
        message.success(ACCOUNT_TEXT.saved);
        setEditing(false);
      },
      onError: (error) => message.error(errorText(error, ACCOUNT_TEXT.saveFailed)),
    });
  };

  let body;
  if (account.isPending) {
    body = <Skeleton active paragraph={{ rows: 1 }} />;
  } else if (account.isError) {
    body = <Alert type="error" showIcon title={ACCOUNT_TEXT.accountLoadFailed} />;
  } else if (editing) {
    body = (
      <Form<PhoneFields>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ phone: account.data.phone }}
        onFinish={onFinish}
        onFinishFailed={() => message.error(ACCOUNT_TEXT.formInvalid)}
      >
        <Form.Item name="phone" label={ACCOUNT_TEXT.phoneLabel} rules={[rule(checkPhone)]}>
          <Input inputMode="numeric" maxLength={11} autoComplete="tel-national" autoFocus />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {ACCOUNT_TEXT.save}
          </Button>
          <Button onClick={() => setEditing(false)}>{ACCOUNT_TEXT.cancel}</Button>
        </Space>
      </Form>
    );
  } else {
    body = (
      <Space wrap className={styles.current}>
        {account.data.phone ? (
          <Typography.Text strong>{account.data.phone}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">{ACCOUNT_TEXT.noPhone}</Typography.Text>
        )}
        <Button onClick={() => setEditing(true)}>{ACCOUNT_TEXT.edit}</Button>
      </Space>
    );
  }

  return (
    <Card title={ACCOUNT_TEXT.phoneTitle}>
      <Typography.Paragraph type="secondary">{ACCOUNT_TEXT.phoneIntro}</Typography.Paragraph>
      {body}
    </Card>
  );
}
