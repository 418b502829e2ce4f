import { App, Alert, Button, Card, Form, Input, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { errorText } from '../../../lib/apiError';
import { useAccount, useSendEmailCode, useVerifyEmail } from '../api/account';
import { ACCOUNT_TEXT } from '../texts';
import { checkCode, checkEmail, rule } from '../validation';
import styles from './AccountCards.module.css';

/** The server takes one code a minute per member; the button waits as long. */
export const RESEND_SECONDS = 60;

interface EmailFields {
  email: string;
  code: string;
}

/** Counts down once a second to zero. */
function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

/** 邮箱: the member's own address in full, and verifying an address with a mailed code. */
export function EmailCard() {
  const { message } = App.useApp();
  const account = useAccount();
  const sendCode = useSendEmailCode();
  const verify = useVerifyEmail();
  const [form] = Form.useForm<EmailFields>();
  const [secondsLeft, startCountdown] = useCountdown();

  const onSend = async () => {
    let email: string;
    try {
      ({ email } = await form.validateFields(['email']));
    } catch {
      message.error(ACCOUNT_TEXT.formInvalid);
      return;
    }
    sendCode.mutate(email.trim(), {
      onSuccess: () => {
        message.success(ACCOUNT_TEXT.codeSent);
        startCountdown(RESEND_SECONDS);
      },
      onError: (error) => message.error(errorText(error, ACCOUNT_TEXT.saveFailed)),
    });
  };

  const onVerify = ({ email, code }: EmailFields) => {
    verify.mutate(
      { email: email.trim(), code: code.trim() },
      {
        onSuccess: (updated) => {
          message.success(ACCOUNT_TEXT.emailVerifiedNow);
          form.setFieldsValue({ email: updated.email, code: '' });
        },
        onError: (error) => message.error(errorText(error, ACCOUNT_TEXT.saveFailed)),
      },
    );
  };

  let body;
  if (account.isPending) {
    body = <Skeleton active paragraph={{ rows: 2 }} />;
  } else if (account.isError) {
    body = <Alert type="error" showIcon title={ACCOUNT_TEXT.accountLoadFailed} />;
  } else {
    const { email, emailVerified } = account.data;
    body = (
      <>
        <Space wrap className={styles.current}>
          {email ? (
            <>
              <Typography.Text strong>{email}</Typography.Text>
              <Tag color={emailVerified ? 'success' : 'warning'}>
                {emailVerified ? ACCOUNT_TEXT.emailVerified : ACCOUNT_TEXT.emailUnverified}
              </Tag>
            </>
          ) : (
            <Typography.Text type="secondary">{ACCOUNT_TEXT.noEmail}</Typography.Text>
          )}
        </Space>
        <Form<EmailFields>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ email, code: '' }}
          onFinish={onVerify}
          onFinishFailed={() => message.error(ACCOUNT_TEXT.formInvalid)}
        >
          <Form.Item label={ACCOUNT_TEXT.emailLabel} required>
            <div className={styles.row}>
              <Form.Item name="email" noStyle rules={[rule(checkEmail)]}>
                <Input type="email" autoComplete="email" aria-label={ACCOUNT_TEXT.emailLabel} />
              </Form.Item>
              <Button onClick={() => void onSend()} loading={sendCode.isPending} disabled={secondsLeft > 0}>
                {secondsLeft > 0 ? ACCOUNT_TEXT.resendIn(secondsLeft) : ACCOUNT_TEXT.sendCode}
              </Button>
            </div>
          </Form.Item>
          <Form.Item name="code" label={ACCOUNT_TEXT.codeLabel} rules={[rule(checkCode)]}>
            <Input
              inputMode="numeric"
              maxLength={6}
              autoComplete="one-time-code"
              placeholder={ACCOUNT_TEXT.codePlaceholder}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={verify.isPending}>
            {ACCOUNT_TEXT.verify}
          </Button>
        </Form>
      </>
    );
  }

  return (
    <Card title={ACCOUNT_TEXT.emailTitle}>
      <Typography.Paragraph type="secondary">{ACCOUNT_TEXT.emailIntro}</Typography.Paragraph>
      {body}
    </Card>
  );
}
