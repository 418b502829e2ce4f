import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadFile } from './api';
import { currentSession, startSession } from './session';

/** Stands in for XMLHttpRequest so a test can play the upload's progress and answer. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));
afterEach(() => vi.unstubAllGlobals());

const signIn = () =>
  startSession({
    accessToken: 'secret-token',
    accessExpire: Math.floor(Date.now() / 1000) + 3600,
    uuid: 'u1',
    username: 'mei',
    nickname: '小美',
    sysRole: 'user',
  });

describe('uploadFile', () => {
  it('sends the file with the token, reports progress and returns the stored paths', async () => {
    signIn();
    const progress: number[] = [];
    const file = new File(['png'], 'a.png', { type: 'image/png' });
    const result = uploadFile({ purpose: 'moment', file, onProgress: (p) => progress.push(p) });
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toMatch(/\/api\/v1\/upload\?purpose=moment$/);
    expect(xhr.headers.Authorization).toBe('Bearer secret-token');
    expect(xhr.body?.get('file')).toBe(file);

    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.answer(200, {
      code: 200,
      message: 'uploads/moment/2026/11/a.jpg',
      data: { url: 'uploads/moment/2026/11/a.jpg', thumbnailUrl: 'uploads/moment/2026/11/a_thumb.jpg' },
    });
    await expect(result).resolves.toEqual({
      path: 'uploads/moment/2026/11/a.jpg',
      url: 'uploads/moment/2026/11/a.jpg',
      thumbnailUrl: 'uploads/moment/2026/11/a_thumb.jpg',
    });
    expect(progress).toEqual([25, 100]);
  });

  it('rejects with the server message on 413', async () => {
    signIn();
    const result = uploadFile({ purpose: 'moment', file: new Blob(['x']) });
    FakeXhr.last.answer(413, { code: 413, message: '图片大小不能超过 5MB!', data: null });
    await expect(result).rejects.toMatchObject({ code: 413, message: '图片大小不能超过 5MB!' });
    expect(currentSession()).not.toBeNull();
  });

  it('ends the session when the token it sent is rejected', async () => {
    signIn();
    const result = uploadFile({ purpose: 'moment', file: new Blob(['x']) });
    FakeXhr.last.answer(401, { code: 401, message: '请先登录', data: null });
    await expect(result).rejects.toMatchObject({ code: 401 });
    expect(currentSession()).toBeNull();
  });
});
