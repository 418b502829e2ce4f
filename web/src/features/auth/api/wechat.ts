import { wechatCallback, wechatOfficialCallback } from '../../../api/generated/sdk.gen';
import { ApiError } from '../../../lib/apiError';
import { SUCCESS_CODE } from '../../../lib/api';
import { safeReturnTarget } from '../../../lib/returnTarget';
import type { GrantedSession } from '../../../lib/session';
import { AUTH_TEXT } from '../texts';

/** The QR-code flow answers on /wechatcallback, the official-account flow on /officialcallback. */
export type WeChatFlow = 'qr' | 'official';

export interface WeChatSignIn {
  granted: GrantedSession;
  /** A path on this site; '/' when the server named none (or something else). */
  redirectTo: string;
}

/** A failed callback, with the text the page shows under 登录失败 (spec 1 section 8). */
export class WeChatCallbackError extends Error {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function loginDataOf(value: unknown): GrantedSession | null {
  if (!isRecord(value)) return null;
  const { accessToken, accessExpire, uuid, username } = value;
  const valid =
    typeof accessToken === 'string' &&
    accessToken !== '' &&
    typeof accessExpire === 'number' &&
    typeof uuid === 'string' &&
    typeof username === 'string';
  return valid ? (value as unknown as GrantedSession) : null;
}

async function callServer(flow: WeChatFlow, code: string, state: string): Promise<unknown> {
  const query = { code, state };
  try {
    const { data } =
      flow === 'qr'
        ? await wechatCallback({ query, throwOnError: true })
        : await wechatOfficialCallback({ query, throwOnError: true });
    return data;
  } catch (error) {
    const message = error instanceof ApiError ? error.message : '';
    throw new WeChatCallbackError(message || AUTH_TEXT.invalidServerResponse);
  }
}

/**
 * Completes a WeChat sign-in: the server exchanges the code and answers the session. Each
 * failure carries the spec's text: no code, an unreadable answer, or login data without a token.
 */
export async function completeWeChatSignIn(
  flow: WeChatFlow,
  code: string | null,
  state: string | null,
): Promise<WeChatSignIn> {
  if (!code) throw new WeChatCallbackError(AUTH_TEXT.noAuthorizationCode);
  const envelope = await callServer(flow, code, state ?? '');
  if (!isRecord(envelope) || envelope.code !== SUCCESS_CODE || !isRecord(envelope.data)) {
    const message = isRecord(envelope) && typeof envelope.message === 'string' ? envelope.message : '';
    throw new WeChatCallbackError(message || AUTH_TEXT.invalidServerResponse);
  }
  const data = envelope.data;
  const granted = loginDataOf(flow === 'qr' ? data : data.loginData);
  if (!granted) throw new WeChatCallbackError(AUTH_TEXT.invalidLoginData);
  const redirect = typeof data.redirectURL === 'string' ? data.redirectURL : '';
  return { granted, redirectTo: safeReturnTarget(redirect) };
}
