import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Space, type InputRef } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorText } from '../../../lib/apiError';
import { otherAuthPagePath, safeReturnTarget } from '../../../lib/returnTarget';
import { startSession } from '../../../lib/session';
import { useSiteConfig } from '../../../lib/siteConfig';
import { useLoginMutation, type LoginRequest } from '../api/account';
import { useCaptcha } from '../api/captcha';
import { AuthShell } from '../components/AuthShell';
import { CaptchaImage } from '../components/CaptchaImage';
import { LegalLinks } from '../components/LegalLinks';
import { WeChatLoginLink } from '../components/WeChatLoginLink';
import { AUTH_TEXT } from '../texts';
import { isLoginComplete } from '../validation';
import styles from './AuthPages.module.css';

/** How many times one click on 登录 is sent again by itself while the server is busy. */
const AUTOMATIC_RETRIES = 3;

/**
 * The server's 503 when its password queue is full: nothing was done, the captcha is still unused,
 * and the same request may go again after Retry-After seconds.
 */
function busyWait(failure: unknown): number | null {
  return failure instanceof ApiError && failure.code === 503 ? failure.retryAfterSeconds : null;
}

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
  /** Seconds until a refused sign-in is sent again by itself, while counting down. */
  const [retryIn, setRetryIn] = useState<number | null>(null);
  const retryTimer = useRef<number | null>(null);
  const passwordRef = useRef<InputRef>(null);
  const captchaRef = useRef<InputRef>(null);

  function stopRetry() {
    if (retryTimer.current !== null) window.clearInterval(retryTimer.current);
    retryTimer.current = null;
    setRetryIn(null);
  }
  useEffect(
    () => () => {
      if (retryTimer.current !== null) window.clearInterval(retryTimer.current);
    },
    [],
  );

  /** Counts `seconds` down on screen, then sends `request` again. */
  function retryAfter(seconds: number, request: LoginRequest, retriesLeft: number) {
    let left = seconds;
    setRetryIn(left);
    retryTimer.current = window.setInterval(() => {
      left -= 1;
      if (left > 0) {
        setRetryIn(left);
        return;
      }
      stopRetry();
      void send(request, retriesLeft);
    }, 1000);
  }

  async function send(request: LoginRequest, retriesLeft: number) {
    setError(null);
    try {
      const granted = await login.mutateAsync(request);
      startSession(granted);
      message.success(AUTH_TEXT.loginSucceeded);
      navigate(returnTo, { replace: true });
    } catch (failure) {
      setError(errorText(failure, AUTH_TEXT.loginFailed));
      const wait = busyWait(failure);
      if (wait !== null) {
        // Busy: the captcha is still good, so the answer stays and the same request goes again.
        if (retriesLeft > 0) retryAfter(wait, request, retriesLeft - 1);
        return;
      }
      // The server mirrors the code in the HTTP status, so every other failure (431 captcha, 401, 429,
      // network) is a request failure in spec 1 section 8's terms: show the message and fetch a new
      // captcha, which the server has used up anyway.
      setCaptchaAnswer('');
      refresh();
      captchaRef.current?.focus();
    }
  }

  async function submit() {
    if (login.isPending) return;
    stopRetry();
    if (!isLoginComplete({ username, password, captcha: captchaAnswer })) {
      setError(AUTH_TEXT.incomplete);
      return;
    }
    await send(
      {
        username: username.trim(),
        password,
        captcha: captchaAnswer.trim(),
        captchaId: captcha?.captchaId ?? '',
      },
      AUTOMATIC_RETRIES,
    );
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
          {error && (
            <Alert
              type="error"
              showIcon
              title={error}
              description={retryIn !== null ? AUTH_TEXT.retryingIn(retryIn) : undefined}
              role="alert"
            />
          )}
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
