import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadFile, type UploadedFile } from '../lib/api';
import { ApiError } from '../lib/apiError';
import { renderAt } from '../test/render';
import { ImageUploadField, type ImageUploadTexts } from './ImageUploadField';

vi.mock('../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/api')>()),
  uploadFile: vi.fn(),
}));

const TEXTS: ImageUploadTexts = {
  preview: '封面预览',
  progress: '封面上传进度',
  upload: '上传封面',
  replace: '更换封面',
  remove: '移除封面',
  uploaded: '图片上传成功',
  failed: '图片上传失败',
  retry: '图片上传失败，请重试',
};

const stored: UploadedFile = {
  path: 'uploads/banner/a.jpg',
  url: 'uploads/banner/a.jpg',
  thumbnailUrl: 'uploads/banner/a_thumb.jpg',
};

const png = () => new File(['png'], 'a.png', { type: 'image/png' });
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

function Field({
  texts = TEXTS,
  onUploadingChange,
}: {
  texts?: ImageUploadTexts;
  onUploadingChange?: (on: boolean) => void;
}) {
  const [value, setValue] = useState('');
  return (
    <ImageUploadField
      value={value}
      onChange={setValue}
      onUploadingChange={onUploadingChange}
      purpose="banner"
      fileProblem={(file) => (file.type.startsWith('image/') ? null : '只能上传图片文件!')}
      texts={texts}
    />
  );
}

describe('ImageUploadField', () => {
  beforeEach(() => {
    vi.mocked(uploadFile).mockReset();
  });

  it('sends the file with its purpose and a progress bar, then previews the stored path; 移除 clears it', async () => {
    let finish: (file: UploadedFile) => void = () => {};
    vi.mocked(uploadFile).mockImplementation(({ onProgress }) => {
      onProgress?.(40);
      return new Promise((resolve) => (finish = resolve));
    });
    const uploading = vi.fn();
    const user = userEvent.setup();
    renderAt('/', <Field onUploadingChange={uploading} />);

    await user.upload(fileInput(), png());
    expect(await screen.findByRole('progressbar', { name: '封面上传进度' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: /上传封面/ })).toBeDisabled();
    expect(uploading).toHaveBeenLastCalledWith(true);
    expect(vi.mocked(uploadFile).mock.calls[0][0]).toMatchObject({ purpose: 'banner' });

    finish(stored);
    const preview = await screen.findByRole('img', { name: '封面预览' });
    expect(preview.getAttribute('src')).toContain('uploads/banner/a.jpg');
    expect(await screen.findByText('图片上传成功')).toBeInTheDocument();
    expect(uploading).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /更换封面/ })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: /移除封面/ }));
    expect(screen.queryByRole('img', { name: '封面预览' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /上传封面/ })).toBeInTheDocument();
  });

  it('refuses a file its check refuses, before sending', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderAt('/', <Field />);
    await user.upload(fileInput(), new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('只能上传图片文件!')).toBeInTheDocument();
    expect(uploadFile).not.toHaveBeenCalled();
  });

  it.each([
    ['the server’s words when it explains', new ApiError(413, '文件太大'), '文件太大'],
    ['the failed text when the server gives no words', new ApiError(500, ''), '图片上传失败'],
    ['the retry text when no answer came', new ApiError(null, ''), '图片上传失败，请重试'],
  ])('shows %s', async (_case, error, text) => {
    vi.mocked(uploadFile).mockRejectedValue(error);
    const uploading = vi.fn();
    const user = userEvent.setup();
    renderAt('/', <Field onUploadingChange={uploading} />);
    await user.upload(fileInput(), png());
    expect(await screen.findByText(text)).toBeInTheDocument();
    await waitFor(() => expect(uploading).toHaveBeenLastCalledWith(false));
    expect(screen.queryByRole('img', { name: '封面预览' })).not.toBeInTheDocument();
  });

  it('names the field in the picker where a form has more than one', () => {
    renderAt('/', <Field texts={{ ...TEXTS, field: '缩略图' }} />);
    expect(screen.getByRole('button', { name: '缩略图：上传封面' })).toBeInTheDocument();
  });
});
