/** WeChat's in-app browser names itself in the user agent. */
export function isWeChatBrowser(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/** Official-account login, used inside WeChat; the server sends the member back to href afterwards. */
export function wechatOfficialLoginUrl(href: string): string {
  return `/api/v1/wechat/official/login?href=${encodeURIComponent(href)}`;
}

/** Where WeChat sends the browser back to after a QR-code sign-in or binding. */
export function wechatQrCallbackUrl(origin: string): string {
  return `${origin}/wechatcallback`;
}

/** QR-code login for other browsers; WeChat redirects to our callback page, then the member goes to href. */
export function wechatQrLoginUrl(origin: string, href = '/'): string {
  const redirect = encodeURIComponent(wechatQrCallbackUrl(origin));
  return `/api/v1/wechat/login?redirect_uri=${redirect}&href=${encodeURIComponent(href)}`;
}

/** Where WeChat sends the in-app browser back to after an official-account binding. */
export function wechatOfficialCallbackUrl(origin: string): string {
  return `${origin}/officialcallback`;
}
