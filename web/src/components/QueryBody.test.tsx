import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/apiError';
import { renderAt } from '../test/render';
import { QueryBody } from './QueryBody';

function Page({ load, missing = false }: { load: () => Promise<string>; missing?: boolean }) {
  const query = useQuery({ queryKey: ['thing'], queryFn: load, enabled: !missing, retry: false });
  return (
    <QueryBody
      query={query}
      missing={missing}
      notFoundTitle="东西不存在"
      notFoundExtra={<a href="/list">返回列表</a>}
      errorTitle="获取失败"
      retryText="重试"
      skeletonRows={3}
    >
      {(thing) => <p>内容：{thing}</p>}
    </QueryBody>
  );
}

describe('QueryBody', () => {
  it('shows a skeleton while asking, then the body with the data', async () => {
    let answer: (thing: string) => void = () => {};
    const load = () => new Promise<string>((resolve) => (answer = resolve));
    const { container } = renderAt('/', <Page load={load} />);
    await waitFor(() => expect(container.querySelector('.ant-skeleton')).not.toBeNull());
    answer('心桥');
    expect(await screen.findByText('内容：心桥')).toBeInTheDocument();
    expect(container.querySelector('.ant-skeleton')).toBeNull();
  });

  it('says not found, with its extra, when the server answers 404', async () => {
    renderAt('/', <Page load={() => Promise.reject(new ApiError(404, '不存在'))} />);
    expect(await screen.findByText('东西不存在')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回列表' })).toHaveAttribute('href', '/list');
    expect(screen.queryByRole('button', { name: /重\s*试/ })).not.toBeInTheDocument();
  });

  it('says not found without asking when the thing is known to be missing', async () => {
    const load = vi.fn(() => Promise.resolve('心桥'));
    renderAt('/', <Page load={load} missing />);
    expect(await screen.findByText('东西不存在')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('shows the error title and asks again on 重试', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new ApiError(null, '')).mockResolvedValue('心桥');
    const user = userEvent.setup();
    renderAt('/', <Page load={load} />);
    expect(await screen.findByText('获取失败')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('内容：心桥')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
