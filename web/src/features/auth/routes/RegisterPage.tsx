import { LockOutlined, MailOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Form, Input, type InputRef } from 'antd';
import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../lib/apiError';
import { cx } from '../../../lib/classNames';
import { otherAuthPagePath, safeReturnTarget } from '../../../lib/returnTarget';
import { startSession } from '../../../lib/session';
import { siteConfigQuery } from '../../../lib/siteConfig';
import { useRegisterMutation } from '../api/account';
import { useCaptcha } from '../api/captcha';
import { AuthShell } from '../components/AuthShell';
import { CaptchaImage } from '../components/CaptchaImage';
import { LegalLinks } from '../components/LegalLinks';
import { AUTH_TEXT } from '../texts';
import { checkCaptcha, checkConfirmation, checkEmail, checkPassword, checkUsername } from '../validation';
import styles from './AuthPages.module.css';

interface RegisterFields {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  captcha: string;
  agreed: boolean;
}

/** Adapts a check (text or null) to an antd form rule. */
const rule = (check: (value: string) => string | null) => ({
  validator: (_: unknown, value: string | undefined) => {
    const problem = check(value ?? '');
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});

export default function RegisterPage() {
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnTarget(searchParams.get('href'));
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<RegisterFields>();
  const queryClient = useQueryClient();
  const register = useRegisterMutation();
  const { captcha, isFetching, isError, refresh } = useCaptcha();
  const [error, setError] = useState<string | null>(null);
  const captchaRef = useRef<InputRef>(null);

  async function submit(fields: RegisterFields) {
    setError(null);
    try {
      // The version the server takes is the one it publishes, that of the texts its agreement
      // and privacy pages show (the links open them afresh, in a new tab).
      const { termsVersion } = await queryClient.fetchQuery(siteConfigQuery);
      const granted = await register.mutateAsync({
        username: fields.username.trim(),
        email: fields.email.trim(),
        password: fields.password,
        captcha: fields.captcha.trim(),
        captchaId: captcha?.captchaId ?? '',
        agreedTermsVersion: termsVersion,
      });
      startSession(granted);
      message.success(AUTH_TEXT.registerSucceeded);
      navigate(returnTo, { replace: true });
    } catch (failure) {
      // A captcha is used up by any attempt, so every failure (431, 409 name taken, network) gets a new one.
      setError(errorText(failure, AUTH_TEXT.registerFailed));
      form.setFieldValue('captcha', '');
      refresh();
      captchaRef.current?.focus();
    }
  }

  return (
    <AuthShell title={AUTH_TEXT.registerTitle} subtitle={AUTH_TEXT.registerSubtitle}>
      {error && <Alert type="error" showIcon title={error} role="alert" className={styles.error} />}
      <Form<RegisterFields> form={form} layout="vertical" requiredMark={false} onFinish={submit} size="large">
        <Form.Item name="username" label={AUTH_TEXT.username} rules={[rule(checkUsername)]}>
          <Input prefix={<UserOutlined />} autoComplete="username" placeholder={AUTH_TEXT.usernamePlaceholder} />
        </Form.Item>
        <Form.Item name="email" label={AUTH_TEXT.email} rules={[rule(checkEmail)]}>
          <Input prefix={<MailOutlined />} type="email" autoComplete="email" placeholder="name@example.com" />
        </Form.Item>
        <Form.Item name="password" label={AUTH_TEXT.password} rules={[rule(checkPassword)]}>
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="new-password"
            placeholder={AUTH_TEXT.passwordPlaceholder}
          />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={AUTH_TEXT.confirmPassword}
          dependencies={['password']}
          rules={[({ getFieldValue }) => rule((value) => checkConfirmation(getFieldValue('password') ?? '', value))]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item label={AUTH_TEXT.captcha} required>
          <div className={styles.captchaRow}>
            <Form.Item name="captcha" noStyle rules={[rule(checkCaptcha)]}>
              <Input ref={captchaRef} prefix={<SafetyOutlined />} autoComplete="off" aria-label={AUTH_TEXT.captcha} />
            </Form.Item>
            <CaptchaImage
              imageSrc={captcha?.imageBase64}
              isFetching={isFetching}
              isError={isError}
              onRefresh={refresh}
            />
          </div>
        </Form.Item>
        <Form.Item
          name="agreed"
          valuePropName="checked"
          rules={[
            {
              validator: (_, checked: boolean | undefined) =>
                checked ? Promise.resolve() : Promise.reject(new Error(AUTH_TEXT.agreeRequired)),
            },
          ]}
        >
          <Checkbox>
            {AUTH_TEXT.agreePrefix}
            <LegalLinks />
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={register.isPending}>
          {AUTH_TEXT.registerButton}
        </Button>
        <div className={cx(styles.otherPage, styles.spaced)}>
          {AUTH_TEXT.haveAccount}
          <Link to={otherAuthPagePath('/login', returnTo)}>{AUTH_TEXT.goLogin}</Link>
        </div>
      </Form>
    </AuthShell>
  );
}
