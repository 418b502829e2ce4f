import type { AccessFlags } from '../lib/access';
import { loginPathFor } from '../lib/returnTarget';
import { wechatOfficialLoginUrl } from '../lib/wechat';
import type { Access } from './routeTable';

export interface GuardInput {
  access: Access;
  flags: AccessFlags;
  /** pathname + search of the page being opened. */
  currentPath: string;
  isWeChat: boolean;
  /** undefined while the site configuration is still loading. */
  wechatOfficialLogin: boolean | undefined;
}

export type GuardDecision =
  | { kind: 'enter' }
  | { kind: 'wait' }
  /** Inside the app: a client-side navigation. */
  | { kind: 'redirect'; to: string }
  /** A signed-in member on an admin page: told so, rather than sent to a login they already did. */
  | { kind: 'forbidden' }
  /** To the server (WeChat login): a full page load. */
  | { kind: 'leave'; url: string };

/**
 * Spec 3 section 2 "Navigation guard", as a pure function of what the browser knows. One change
 * (issue 12): a member without admin rights on an admin route is told 需要管理员权限 instead of
 * being sent to /login without a word.
 */
export function decideGuard({ access, flags, currentPath, isWeChat, wechatOfficialLogin }: GuardInput): GuardDecision {
  if (access === 'none') return { kind: 'enter' };
  if (!flags.isLoggedIn) {
    if (isWeChat) {
      if (wechatOfficialLogin === undefined) return { kind: 'wait' };
      if (wechatOfficialLogin) return { kind: 'leave', url: wechatOfficialLoginUrl(currentPath) };
    }
    return { kind: 'redirect', to: loginPathFor(currentPath) };
  }
  if (access === 'admin' && !flags.canAdmin) return { kind: 'forbidden' };
  return { kind: 'enter' };
}
