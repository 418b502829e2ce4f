import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AntdProviders from '../app/AntdProviders';
import { imagePlaceholder } from '../lib/media';
import { startSession } from '../lib/session';
import { isPrivateUpload, PrivateImage, UploadAvatar, UploadImage } from './PrivateImage';

const PATH = 'idcard/7/front.jpg';

/** Answers the image call with the given statuses in turn (a PNG's bytes on 200); records the requests. */
function fakeImageServer(statuses: number[]) {
  const requests: Request[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    requests.push(request);
    const status = statuses.length > 1 ? statuses.shift()! : statuses[0];
    if (status !== 200) {
      return new Response(JSON.stringify({ code: status, message: '文件不存在', data: null }), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'Content-Type': 'image/png' } });
  }) as typeof fetch;
  return requests;
}

let created: Blob[];
const revoke = vi.fn();

beforeEach(() => {
  created = [];
  revoke.mockReset();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    created.push(blob);
    return `blob:photo-${created.length}`;
  });
  URL.revokeObjectURL = revoke;
  startSession({
    accessToken: 'token-zhou',
    accessExpire: Math.floor(Date.now() / 1000) + 3600,
    uuid: 'uuid-zhou',
    username: 'zhou',
    nickname: 'zhou',
    sysRole: 'admin',
  });
});

afterEach(() => vi.restoreAllMocks());

const renderImage = (path = PATH) =>
  render(
    <AntdProviders>
      <PrivateImage path={path} alt="身份证正面" />
    </AntdProviders>,
  );

describe('PrivateImage', () => {
  it('fetches the photo with the bearer token and shows it from an object URL, revoked on unmount', async () => {
    const requests = fakeImageServer([200]);
    const view = renderImage();
    expect(screen.getByRole('group', { name: '身份证正面' })).toHaveTextContent('图片加载中');
    const image = await screen.findByRole('img', { name: '身份证正面' });
    expect(image).toHaveAttribute('src', 'blob:photo-1');
    expect(requests).toHaveLength(1);
    const url = new URL(requests[0].url);
    expect(url.pathname).toBe('/api/v1/idcard/image');
    expect(url.searchParams.get('path')).toBe(PATH);
    expect(requests[0].headers.get('Authorization')).toBe('Bearer token-zhou');
    expect(created[0].size).toBe(4);
    expect(revoke).not.toHaveBeenCalled();

    view.unmount();
    expect(revoke).toHaveBeenCalledWith('blob:photo-1');
  });

  it('says the photo could not be read, and tries again on 重试', async () => {
    const requests = fakeImageServer([404, 200]);
    const user = userEvent.setup();
    renderImage();
    const frame = await screen.findByRole('group', { name: '身份证正面' });
    await waitFor(() => expect(frame).toHaveTextContent('图片加载失败'));
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('img', { name: '身份证正面' })).toHaveAttribute('src', 'blob:photo-1');
    expect(requests).toHaveLength(2);
  });

  it('asks nothing for an empty path', () => {
    const requests = fakeImageServer([200]);
    renderImage('');
    expect(screen.getByRole('group', { name: '身份证正面' })).toHaveTextContent('图片加载失败');
    expect(screen.queryByRole('button', { name: /重\s*试/ })).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});

describe('UploadImage', () => {
  const PENDING = 'uploads/photo/tobeaudit/95/954c0c.jpg';

  it('tells private uploads (awaiting review, chat) from public ones', () => {
    expect(isPrivateUpload(PENDING)).toBe(true);
    expect(isPrivateUpload('uploads/chat/ab/abc.png')).toBe(true);
    expect(isPrivateUpload('uploads/photo/95/954c0c.jpg')).toBe(false);
    expect(isPrivateUpload('uploads/moment/ch/chat.png')).toBe(false);
    expect(isPrivateUpload('')).toBe(false);
  });

  it('loads a picture awaiting review with the bearer token as a blob, revoked on unmount', async () => {
    const requests = fakeImageServer([200]);
    const view = render(
      <AntdProviders>
        <UploadImage path={PENDING} alt="照片1" />
      </AntdProviders>,
    );
    await waitFor(() => expect(screen.getByRole('img', { name: '照片1' })).toHaveAttribute('src', 'blob:photo-1'));
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0].url).pathname).toBe(`/api/v1/${PENDING}`);
    expect(requests[0].headers.get('Authorization')).toBe('Bearer token-zhou');
    view.unmount();
    expect(revoke).toHaveBeenCalledWith('blob:photo-1');
  });

  it('shows a chat picture it may not read as the placeholder', async () => {
    fakeImageServer([404]);
    render(
      <AntdProviders>
        <UploadAvatar path="uploads/chat/ab/abc.png" alt="头像">
          小
        </UploadAvatar>
      </AntdProviders>,
    );
    await waitFor(() => expect(screen.getByRole('img', { name: '头像' })).toHaveAttribute('src', imagePlaceholder));
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('shows a public picture with a plain URL and asks nothing', () => {
    const requests = fakeImageServer([200]);
    render(
      <AntdProviders>
        <UploadImage path="uploads/photo/95/954c0c.jpg" alt="照片1" />
      </AntdProviders>,
    );
    expect(screen.getByRole('img', { name: '照片1' })).toHaveAttribute('src', '/api/v1/uploads/photo/95/954c0c.jpg');
    expect(requests).toHaveLength(0);
  });
});
