import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, renderAt } from '../../../test/render';
import { ME, signIn } from '../testing';
import { PhotoWall } from './PhotoWall';

const PENDING = 'uploads/photo/tobeaudit/2026/11/new.jpg';
const PASSED = 'uploads/photo/2026/11/old.jpg';

/** Stands in for XMLHttpRequest: every upload answers at once with a pending photo path. */
class InstantUpload {
  static sent = 0;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  abort() {}
  send() {
    InstantUpload.sent += 1;
    const path = `uploads/photo/tobeaudit/u${InstantUpload.sent}.png`;
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = 200;
      this.responseText = JSON.stringify({ code: 200, message: path, data: { url: path, thumbnailUrl: path } });
      this.onload?.();
    }, 10);
  }
}

beforeEach(() => {
  InstantUpload.sent = 0;
  vi.stubGlobal('XMLHttpRequest', InstantUpload);
});
afterEach(() => vi.unstubAllGlobals());

const cellOf = (path: string) => document.querySelector(`[data-photo="${path}"]`) as HTMLElement;

describe('PhotoWall', () => {
  it('puts 待审核 over the photos still under tobeaudit only', () => {
    fakeApi({});
    renderAt('/user/info', <PhotoWall uuid={ME} photos={[PASSED, PENDING]} />);
    expect(within(cellOf(PENDING)).getByText('待审核')).toBeInTheDocument();
    expect(within(cellOf(PASSED)).queryByText('待审核')).toBeNull();
    expect(within(cellOf(PASSED)).getByText('封面')).toBeInTheDocument();
    expect(within(cellOf(PASSED)).queryByRole('button', { name: /设为首位/ })).toBeNull();
  });

  it('moves a photo to the front by saving the reordered wall', async () => {
    signIn();
    const calls = fakeApi({ '/api/v1/user/profile/update': [ok(null)] });
    const user = userEvent.setup();
    renderAt('/user/info', <PhotoWall uuid={ME} photos={[PASSED, PENDING]} />);
    await user.click(within(cellOf(PENDING)).getByRole('button', { name: /设为首位/ }));
    expect(await screen.findByText('照片已移至首位')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/user/profile/update')?.body).toEqual({
      photos: [PENDING, PASSED],
    });
  });

  it('deletes a photo after the confirmation', async () => {
    signIn();
    const calls = fakeApi({ '/api/v1/user/profile/update': [ok(null)] });
    const user = userEvent.setup();
    renderAt('/user/info', <PhotoWall uuid={ME} photos={[PASSED, PENDING]} />);
    await user.click(within(cellOf(PASSED)).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('确定要删除这张照片吗？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/user/profile/update')?.body).toEqual({ photos: [PENDING] });
  });

  it('uploads two photos and saves the wall with both, one after the other', async () => {
    signIn();
    const calls = fakeApi({ '/api/v1/user/profile/update': [ok(null)] });
    const user = userEvent.setup();
    renderAt('/user/info', <PhotoWall uuid={ME} photos={[PASSED]} />);
    const files = [new File(['a'], 'a.png', { type: 'image/png' }), new File(['b'], 'b.png', { type: 'image/png' })];
    await user.upload(screen.getByLabelText('上传照片'), files);
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/v1/user/profile/update')).toHaveLength(2));
    const saves = calls.filter((call) => call.path === '/api/v1/user/profile/update').map((call) => call.body);
    expect(saves[0]).toEqual({ photos: [PASSED, expect.stringMatching(/tobeaudit\/u\d\.png$/)] });
    expect((saves[1] as { photos: string[] }).photos).toHaveLength(3);
    expect((await screen.findAllByText('照片上传成功')).length).toBeGreaterThan(0);
  });

  it('refuses a file that is not an image before sending it', async () => {
    signIn();
    fakeApi({});
    const user = userEvent.setup({ applyAccept: false });
    renderAt('/user/info', <PhotoWall uuid={ME} photos={[]} />);
    await user.upload(screen.getByLabelText('上传照片'), new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('只能上传图片文件!')).toBeInTheDocument();
    expect(InstantUpload.sent).toBe(0);
  });
});
