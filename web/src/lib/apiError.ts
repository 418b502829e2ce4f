/** A failed API call: either the server answered with a non-200 envelope code, or it could not be reached. */
export class ApiError extends Error {
  /** The envelope code (mirrors the HTTP status, except 431 for captcha problems), or null when no answer came. */
  readonly code: number | null;
  /** The answer's Retry-After in whole seconds (429, and 503 when the server is busy), or null. */
  readonly retryAfterSeconds: number | null;

  constructor(code: number | null, message: string, retryAfterSeconds: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get isNetworkFailure(): boolean {
    return this.code === null;
  }
}

/** A Retry-After header as whole seconds; the server sends only that form, never a date. */
export function retryAfterSeconds(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** The server's words when it gave any, otherwise the screen's own fallback text. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
