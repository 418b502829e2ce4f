import { client } from '../api/generated/client.gen';
import { ApiError } from './apiError';

export interface Envelope<T> {
  code: number;
  message: string;
  data?: T | null;
}

export const SUCCESS_CODE = 200;

interface ApiClientHooks {
  /** The bearer token to send, if signed in. */
  currentToken: () => string | null;
  /** Called when the server rejects the token we sent (401). */
  onTokenRejected: () => void;
}

function envelopeOf(body: unknown): Partial<Envelope<unknown>> {
  return typeof body === 'object' && body !== null ? (body as Partial<Envelope<unknown>>) : {};
}

/**
 * The one place that attaches the token and turns every failure into an ApiError,
 * so callers never see raw fetch errors or error bodies.
 */
export function configureApiClient({ currentToken, onTokenRejected }: ApiClientHooks): void {
  client.setConfig({ baseUrl: '', throwOnError: true });

  client.interceptors.request.use((request) => {
    const token = currentToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  });

  client.interceptors.error.use((error, response, request) => {
    if (error instanceof ApiError) return error;
    if (!response) return new ApiError(null, '');
    // Only a token we sent can be rejected; a 401 from the login form means wrong credentials.
    if (response.status === 401 && request.headers.has('Authorization')) onTokenRejected();
    const envelope = envelopeOf(error);
    return new ApiError(envelope.code ?? response.status, envelope.message ?? '');
  });
}

/** The one place that unwraps the {code, message, data} envelope of a successful HTTP answer. */
export async function unwrap<T>(call: Promise<{ data: Envelope<T> }>): Promise<T> {
  const { data: envelope } = await call;
  if (envelope.code !== SUCCESS_CODE) throw new ApiError(envelope.code, envelope.message);
  return envelope.data as T;
}
