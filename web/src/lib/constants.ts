/** Spec 1 section 9: the session is refreshed every 10 minutes. */
export const SESSION_REFRESH_INTERVAL_MS = 600_000;

/** accessExpire is in epoch seconds; stored expiry is in milliseconds. */
export const MS_PER_SECOND = 1000;

export const COPYRIGHT_YEAR = 2025;

/** Spec 1 section 9: infinite scroll loads the next page 100 px before the end is visible. */
export const INFINITE_SCROLL_MARGIN_PX = 100;
export const INFINITE_SCROLL_THRESHOLD = 0.1;

/** Spec 1 section 9: delay before leaving a messaging callback page after success. */
export const WECHAT_CALLBACK_REDIRECT_DELAY_MS = 500;
