import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AntdProviders from '../../../app/AntdProviders';
import { PhotoStrip } from './PhotoStrip';

const paths = (count: number) => Array.from({ length: count }, (_, index) => `uploads/photo/${index + 1}.jpg`);

function renderStrip(list: string[], limit: number) {
  render(
    <AntdProviders>
      <PhotoStrip paths={list} limit={limit} label="新照片" />
    </AntdProviders>,
  );
  return screen.getByRole('list', { name: '新照片' });
}

describe('PhotoStrip', () => {
  it('shows at most `limit` thumbnails and counts the rest on a +N tile', () => {
    const strip = renderStrip(paths(8), 6);
    expect(within(strip).getAllByRole('img')).toHaveLength(6);
    expect(within(strip).getByRole('img', { name: '照片 1' })).toHaveAttribute('src', '/api/v1/uploads/photo/1.jpg');
    expect(within(strip).getByLabelText('还有 2 张')).toHaveTextContent('+2');
  });

  it('has no +N tile when every photo fits', () => {
    const strip = renderStrip(paths(3), 3);
    expect(within(strip).getAllByRole('img')).toHaveLength(3);
    expect(within(strip).queryByText(/^\+\d/)).not.toBeInTheDocument();
  });

  it('marks a photo that waits for review', () => {
    const strip = renderStrip(['uploads/photo/1.jpg', 'uploads/photo/tobeaudit/2.jpg'], 6);
    expect(within(strip).getAllByText('待审核')).toHaveLength(1);
  });

  it('says so when there are no photos', () => {
    render(
      <AntdProviders>
        <PhotoStrip paths={[]} limit={3} label="原照片" />
      </AntdProviders>,
    );
    expect(screen.getByText('没有照片')).toBeInTheDocument();
  });
});
