/** A failed API call: either the server answered with a non-200 envelope code, or it could not be reached. */
export class ApiError extends Error {
  /** The envelope code (mirrors the HTTP status, except 431 for captcha problems), or null when no answer came. */
  readonly code: number | null;

  constructor(code: number | null, message: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
  }

  get isNetworkFailure(): boolean {
    return this.code === null;
  }
}

/** The server's words when it gave any, otherwise the screen's own fallback text. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
