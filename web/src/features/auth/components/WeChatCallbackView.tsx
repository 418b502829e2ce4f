import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { WECHAT_CALLBACK_REDIRECT_DELAY_MS } from '../../../lib/constants';
import { startSession } from '../../../lib/session';
import { authKeys } from '../api/keys';
import { completeWeChatSignIn, type WeChatFlow } from '../api/wechat';
import { AUTH_TEXT } from '../texts';

/**
 * Spec 1 sections 2 and 4: processing, then failure (登录失败, the reason, back to login) or
 * success, which stores the session and moves on after 500 ms.
 */
export function WeChatCallbackView({ flow }: { flow: WeChatFlow }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code');
  const state = params.get('state');
  // A query, so the one-time code is sent once even when React mounts the page twice.
  const signIn = useQuery({
    queryKey: authKeys.wechatSignIn(flow, code, state),
    queryFn: () => completeWeChatSignIn(flow, code, state),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });

  const result = signIn.data;
  useEffect(() => {
    if (!result) return;
    startSession(result.granted);
    const timer = window.setTimeout(
      () => navigate(result.redirectTo, { replace: true }),
      WECHAT_CALLBACK_REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [result, navigate]);

  if (signIn.isError) {
    return (
      <Result
        status="error"
        title={AUTH_TEXT.loginFailed}
        subTitle={signIn.error.message}
        extra={
          <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
            {AUTH_TEXT.backToLogin}
          </Button>
        }
      />
    );
  }
  if (result) {
    return <Result status="success" title={AUTH_TEXT.loginSucceeded} subTitle={AUTH_TEXT.wechatSucceededHint} />;
  }
  return (
    <div role="status">
      <Result icon={<Spin size="large" />} title={AUTH_TEXT.wechatProcessing} />
    </div>
  );
}
