import { getCaptchaQueryKey } from '../../../api/generated/@tanstack/react-query.gen';
import type { WeChatFlow } from './wechat';

export const authKeys = {
  captcha: () => getCaptchaQueryKey(),
  wechatSignIn: (flow: WeChatFlow, code: string | null, state: string | null) =>
    ['wechat-callback', flow, code, state] as const,
};
