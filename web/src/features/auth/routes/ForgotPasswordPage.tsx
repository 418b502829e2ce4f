import { LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../../lib/apiError';
import { cx } from '../../../lib/classNames';
import { useSiteConfig } from '../../../lib/siteConfig';
import { useForgotPassword, useResetPassword } from '../api/recovery';
import { AuthShell } from '../components/AuthShell';
import { AUTH_TEXT } from '../texts';
import { checkCode, checkConfirmation, checkNewPassword, checkRecoveryEmail } from '../validation';
import styles from './AuthPages.module.css';

/** The server mails one code a minute per address; the button waits as long. */
export const RESEND_SECONDS = 60;

interface ResetFields {
  email: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
}

const rule = (check: (value: string) => string | null) => ({
  validator: (_: unknown, value: string | undefined) => {
    const problem = check(value ?? '');
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});

/** /password/forgot: a code to the account's verified email, then a new password with it. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const siteConfig = useSiteConfig();
  const forgot = useForgotPassword();
  const reset = useResetPassword();
  const [form] = Form.useForm<ResetFields>();
  const [sent, setSent] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (secondsLeft <= 0) return undefined;
    const timer = setTimeout(() => setSecondsLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const onSend = async () => {
    let email: string;
    try {
      ({ email } = await form.validateFields(['email']));
    } catch {
      message.error(AUTH_TEXT.formInvalid);
      return;
    }
    forgot.mutate(email.trim(), {
      onSuccess: () => {
        setSent(true);
        setSecondsLeft(RESEND_SECONDS);
      },
      onError: (error) => message.error(errorText(error, AUTH_TEXT.sendFailed)),
    });
  };

  const onFinish = (fields: ResetFields) => {
    reset.mutate(
      {
        email: fields.email.trim(),
        code: fields.code.trim(),
        newPassword: fields.newPassword,
        confirmPassword: fields.confirmPassword,
      },
      {
        onSuccess: () => {
          message.success(AUTH_TEXT.resetSucceeded);
          navigate('/login', { replace: true });
        },
        onError: (error) => message.error(errorText(error, AUTH_TEXT.resetFailed)),
      },
    );
  };

  let body;
  if (siteConfig.isPending) {
    body = <Skeleton active />;
  } else if (!siteConfig.data?.passwordRecovery) {
    body = <Alert type="info" showIcon title={AUTH_TEXT.forgotUnavailable} />;
  } else {
    body = (
      <Form<ResetFields>
        form={form}
        layout="vertical"
        requiredMark={false}
        size="large"
        onFinish={onFinish}
        onFinishFailed={() => message.error(AUTH_TEXT.formInvalid)}
      >
        <Form.Item label={AUTH_TEXT.forgotEmail} required>
          <div className={styles.captchaRow}>
            <Form.Item name="email" noStyle rules={[rule(checkRecoveryEmail)]}>
              <Input
                prefix={<MailOutlined />}
                type="email"
                autoComplete="email"
                aria-label={AUTH_TEXT.forgotEmail}
                placeholder="name@example.com"
              />
            </Form.Item>
            <Button onClick={() => void onSend()} loading={forgot.isPending} disabled={secondsLeft > 0}>
              {secondsLeft > 0 ? AUTH_TEXT.resendIn(secondsLeft) : AUTH_TEXT.sendCode}
            </Button>
          </div>
        </Form.Item>
        {sent && <Alert type="success" showIcon title={AUTH_TEXT.codeSentHint} className={styles.error} />}
        <Form.Item name="code" label={AUTH_TEXT.code} rules={[rule(checkCode)]}>
          <Input
            prefix={<SafetyOutlined />}
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            placeholder={AUTH_TEXT.codePlaceholder}
          />
        </Form.Item>
        <Form.Item name="newPassword" label={AUTH_TEXT.newPassword} rules={[rule(checkNewPassword)]}>
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="new-password"
            placeholder={AUTH_TEXT.newPasswordPlaceholder}
          />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={AUTH_TEXT.confirmNewPassword}
          dependencies={['newPassword']}
          rules={[({ getFieldValue }) => rule((value) => checkConfirmation(getFieldValue('newPassword') ?? '', value))]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="new-password"
            placeholder={AUTH_TEXT.confirmNewPasswordPlaceholder}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          {AUTH_TEXT.resetButton}
        </Button>
      </Form>
    );
  }

  return (
    <AuthShell title={AUTH_TEXT.forgotTitle} subtitle={AUTH_TEXT.forgotSubtitle}>
      {body}
      <div className={cx(styles.otherPage, styles.spaced)}>
        <Link to="/login">{AUTH_TEXT.backToLogin}</Link>
      </div>
    </AuthShell>
  );
}
