/** The longest href the server accepts (2048 bytes; a percent-encoded path is ASCII). */
const RETURN_TARGET_MAX_LENGTH = 2048;

/**
 * The href query of /login names where to go afterwards. Only a path on this site is accepted:
 * "//evil.example", "/\evil.example" and "/<tab>/evil.example" (browsers drop tabs and newlines)
 * would leave the site, so they fall back to the home page.
 */
export function safeReturnTarget(href: string | null | undefined): string {
  if (!href || href.length > RETURN_TARGET_MAX_LENGTH || !/^\/(?![/\\])/.test(href)) return '/';
  // The server's rule for WeChat's href too: no backslash, control character or white space.
  if (/[\\\s\u0000-\u001f]/.test(href)) return '/';
  return href;
}

function withReturnTarget(path: string, returnTo: string): string {
  return `${path}?href=${encodeURIComponent(returnTo)}`;
}

/** Where a guest signs in before coming back to `returnTo`. */
export function loginPathFor(returnTo: string): string {
  return withReturnTarget('/login', returnTo);
}

/** The link between the login and registration pages carries the way back along, unless it is only home. */
export function otherAuthPagePath(page: '/login' | '/register', returnTo: string): string {
  return returnTo === '/' ? page : withReturnTarget(page, returnTo);
}
