import { client } from '../api/generated/client.gen';
import type { UploadData } from '../api/generated/types.gen';
import { ApiError, retryAfterSeconds } from './apiError';

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
let hooks: ApiClientHooks = { currentToken: () => null, onTokenRejected: () => {} };

export function configureApiClient({ currentToken, onTokenRejected }: ApiClientHooks): void {
  hooks = { currentToken, onTokenRejected };
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
    return new ApiError(
      envelope.code ?? response.status,
      envelope.message ?? '',
      retryAfterSeconds(response.headers.get('Retry-After')),
    );
  });
}

/** The one place that unwraps the {code, message, data} envelope of a successful HTTP answer. */
export async function unwrap<T>(call: Promise<{ data: Envelope<T> }>): Promise<T> {
  const { data: envelope } = await call;
  if (envelope.code !== SUCCESS_CODE) throw new ApiError(envelope.code, envelope.message);
  return envelope.data as T;
}

/** As `unwrap`, for a call whose answer is its message, shown as the server words it (举报已提交…). */
export async function unwrapMessage(call: Promise<{ data: Envelope<unknown> }>): Promise<string> {
  const { data: envelope } = await call;
  if (envelope.code !== SUCCESS_CODE) throw new ApiError(envelope.code, envelope.message);
  return envelope.message;
}

/** What an upload answers: the stored relative path in the message and in data.url, plus a thumbnail. */
export type UploadedFile = Pick<UploadData, 'url' | 'thumbnailUrl'> & { path: string };

interface UploadOptions {
  /** Upload purpose the server sizes and stores by (e.g. "moment"). */
  purpose: string;
  file: Blob;
  /** Percent sent, 0-100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/v1/upload through XMLHttpRequest, because fetch cannot report upload progress.
 * Token, 401 handling and error normalisation follow the generated client's rules above.
 */
export function uploadFile({ purpose, file, onProgress, signal }: UploadOptions): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const base = client.getConfig().baseUrl ?? '';
    xhr.open('POST', `${base}/api/v1/upload?purpose=${encodeURIComponent(purpose)}`);
    const token = hooks.currentToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(null, ''));
    xhr.onabort = () => reject(new ApiError(null, ''));
    xhr.onload = () => {
      let envelope: Partial<Envelope<Partial<UploadData>>> = {};
      try {
        envelope = envelopeOf(JSON.parse(xhr.responseText)) as typeof envelope;
      } catch {
        // A body that is not JSON (a proxy's error page) is reported by status alone.
      }
      if (xhr.status === 401 && token) hooks.onTokenRejected();
      const code = envelope.code ?? xhr.status;
      if (xhr.status !== SUCCESS_CODE || code !== SUCCESS_CODE) {
        reject(new ApiError(code, envelope.message ?? ''));
        return;
      }
      const path = envelope.data?.url || envelope.message || '';
      resolve({ path, url: path, thumbnailUrl: envelope.data?.thumbnailUrl || path });
    };
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
