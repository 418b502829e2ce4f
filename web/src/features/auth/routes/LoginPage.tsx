import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Space, type InputRef } from 'antd';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../lib/apiError';
import { otherAuthPagePath, safeReturnTarget } from '../../../lib/returnTarget';
import { startSession } from '../../../lib/session';
import { useSiteConfig } from '../../../lib/siteConfig';
import { useLoginMutation } from '../api/account';
import { useCaptcha } from '../api/captcha';
import { AuthShell } from '../components/AuthShell';
import { CaptchaImage } from '../components/CaptchaImage';
import { LegalLinks } from '../components/LegalLinks';
import { WeChatLoginLink } from '../components/WeChatLoginLink';
import { AUTH_TEXT } from '../texts';
import { isLoginComplete } from '../validation';
import styles from './AuthPages.module.css';

/** Enter while an input method is composing Chinese text confirms the characters; it must not move on. */
function isPlainEnter(event: KeyboardEvent<HTMLInputElement>): boolean {
  return !event.nativeEvent.isComposing;
}

export default function LoginPage() {
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnTarget(searchParams.get('href'));
  const navigate = useNavigate();
  const { message } = App.useApp();
  const login = useLoginMutation();
  const { captcha, isFetching, isError, refresh } = useCaptcha();
  const { data: siteConfig } = useSiteConfig();

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captchaAnswer, setCaptchaAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const passwordRef = useRef<InputRef>(null);
  const captchaRef = useRef<InputRef>(null);

  async function submit() {
    if (login.isPending) return;
    if (!isLoginComplete({ username, password, captcha: captchaAnswer })) {
      setError(AUTH_TEXT.incomplete);
      return;
    }
    setError(null);
    try {
      const granted = await login.mutateAsync({
        username: username.trim(),
        password,
        captcha: captchaAnswer.trim(),
        captchaId: captcha?.captchaId ?? '',
      });
      startSession(granted);
      message.success(AUTH_TEXT.loginSucceeded);
      navigate(returnTo, { replace: true });
    } catch (failure) {
      // The server mirrors the code in the HTTP status, so every failure (431 captcha, 401, 429, network)
      // is a request failure in spec 1 section 8's terms: show the message and fetch a new captcha,
      // which the server has used up anyway.
      setError(errorText(failure, AUTH_TEXT.loginFailed));
      setCaptchaAnswer('');
      refresh();
      captchaRef.current?.focus();
    }
  }

  return (
    <AuthShell title={AUTH_TEXT.loginTitle} subtitle={AUTH_TEXT.loginSubtitle}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Space orientation="vertical" size={16} className={styles.fields}>
          {error && <Alert type="error" showIcon title={error} role="alert" />}
          <Input
            size="large"
            name="username"
            autoComplete="username"
            aria-label={AUTH_TEXT.username}
            placeholder={AUTH_TEXT.username}
            prefix={<UserOutlined />}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            onPressEnter={(event) => {
              event.preventDefault();
              if (isPlainEnter(event)) passwordRef.current?.focus();
            }}
            autoFocus
          />
          <Input.Password
            ref={passwordRef}
            size="large"
            name="password"
            autoComplete="current-password"
            aria-label={AUTH_TEXT.password}
            placeholder={AUTH_TEXT.password}
            prefix={<LockOutlined />}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            onPressEnter={(event) => {
              event.preventDefault();
              if (isPlainEnter(event)) captchaRef.current?.focus();
            }}
          />
          <div className={styles.captchaRow}>
            <Input
              ref={captchaRef}
              size="large"
              name="captcha"
              autoComplete="off"
              aria-label={AUTH_TEXT.captcha}
              placeholder={AUTH_TEXT.captcha}
              prefix={<SafetyOutlined />}
              value={captchaAnswer}
              onChange={(event) => setCaptchaAnswer(event.target.value)}
              onPressEnter={(event) => {
                event.preventDefault();
                if (isPlainEnter(event)) void submit();
              }}
            />
            <CaptchaImage
              imageSrc={captcha?.imageBase64}
              isFetching={isFetching}
              isError={isError}
              onRefresh={refresh}
            />
          </div>
          <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
            {AUTH_TEXT.loginButton}
          </Button>
          <div className={styles.otherPage}>
            {AUTH_TEXT.noAccount}
            <Link to={otherAuthPagePath('/register', returnTo)}>{AUTH_TEXT.goRegister}</Link>
            {siteConfig?.passwordRecovery && (
              <>
                <span className={styles.separator} aria-hidden>
                  ·
                </span>
                <Link to="/password/forgot">{AUTH_TEXT.forgotPassword}</Link>
              </>
            )}
          </div>
        </Space>
        <WeChatLoginLink returnTo={returnTo} />
        <p className={styles.legal}>
          {AUTH_TEXT.loginLegalPrefix}
          <LegalLinks />
        </p>
      </form>
    </AuthShell>
  );
}
