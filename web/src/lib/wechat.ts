/** WeChat's in-app browser names itself in the user agent. */
export function isWeChatBrowser(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/** Official-account login, used inside WeChat; the server sends the member back to href afterwards. */
export function wechatOfficialLoginUrl(href: string): string {
  return `/api/v1/wechat/official/login?href=${encodeURIComponent(href)}`;
}

/** QR-code login for other browsers; WeChat redirects to our callback page. */
export function wechatQrLoginUrl(origin: string): string {
  return `/api/v1/wechat/login?redirect_uri=${encodeURIComponent(`${origin}/wechatcallback`)}`;
}
