/** Spec 1 section 9: the session is refreshed every 10 minutes. */
export const SESSION_REFRESH_INTERVAL_MS = 600_000;

/** accessExpire is in epoch seconds; stored expiry is in milliseconds. */
export const MS_PER_SECOND = 1000;

export const COPYRIGHT_YEAR = 2025;
