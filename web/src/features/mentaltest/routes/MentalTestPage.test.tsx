import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import MentalTestPage from './MentalTestPage';

type User = ReturnType<typeof userEvent.setup>;

let fetchSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchSpy = vi.fn(() => Promise.reject(new Error('the mini test must not call the network')));
  globalThis.fetch = fetchSpy as unknown as typeof fetch;
  // jsdom paints nothing: a context that measures and ignores drawing, and a canvas that yields a PNG blob.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    scale() {},
    fillRect() {},
    fillText() {},
    measureText: (text: string) => ({ width: text.length * 18 }),
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (callback) {
    callback(new Blob(['png'], { type: 'image/png' }));
  });
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
});

async function fillBasicInfo(user: User, name = '小雨') {
  await user.type(screen.getByLabelText('姓名'), name);
  await user.click(screen.getByLabelText('女'));
  await user.click(screen.getByRole('button', { name: /下一步/ }));
  await screen.findByText('在过去两周里，以下问题困扰你的频率如何？');
}

async function answer(user: User, values: number[]) {
  const options = ['完全没有', '有几天', '一半以上的时间', '几乎每天'];
  const groups = screen.getAllByRole('radiogroup');
  for (const [index, value] of values.entries()) {
    await user.click(within(groups[index]).getByLabelText(options[value]));
  }
  await user.click(screen.getByRole('button', { name: /查看结果/ }));
}

describe('MentalTestPage', () => {
  it('asks for the name and the gender, with age 18 by default', async () => {
    const user = userEvent.setup();
    renderAt('/mentaltest', <MentalTestPage />);
    expect(screen.getByLabelText('年龄')).toHaveValue('18');
    await user.click(screen.getByRole('button', { name: /下一步/ }));
    expect(await screen.findByText('请输入姓名')).toBeInTheDocument();
    expect(await screen.findByText('请选择性别')).toBeInTheDocument();
    expect(screen.queryByText('在过去两周里，以下问题困扰你的频率如何？')).not.toBeInTheDocument();
  });

  it('refuses an empty age', async () => {
    const user = userEvent.setup();
    renderAt('/mentaltest', <MentalTestPage />);
    await user.clear(screen.getByLabelText('年龄'));
    await user.click(screen.getByRole('button', { name: /下一步/ }));
    expect(await screen.findByText('请输入年龄')).toBeInTheDocument();
  });

  it('wants every question answered before the result', async () => {
    const user = userEvent.setup();
    renderAt('/mentaltest', <MentalTestPage />);
    await fillBasicInfo(user);
    const groups = screen.getAllByRole('radiogroup');
    expect(groups).toHaveLength(5);
    await user.click(within(groups[0]).getByLabelText('有几天'));
    await user.click(screen.getByRole('button', { name: /查看结果/ }));
    // The form shows the four messages as its validation settles, not all in one render.
    await waitFor(() => expect(screen.getAllByText('请选择一个选项')).toHaveLength(4));
    expect(screen.queryByRole('button', { name: /重新测试/ })).not.toBeInTheDocument();
  });

  it('keeps the answers when going back to the basic info and forward again', async () => {
    const user = userEvent.setup();
    renderAt('/mentaltest', <MentalTestPage />);
    await fillBasicInfo(user);
    await user.click(within(screen.getAllByRole('radiogroup')[2]).getByLabelText('几乎每天'));
    await user.click(screen.getByRole('button', { name: /上一步/ }));
    expect(screen.getByLabelText('姓名')).toHaveValue('小雨');
    await user.click(screen.getByRole('button', { name: /下一步/ }));
    expect(within((await screen.findAllByRole('radiogroup'))[2]).getByLabelText('几乎每天')).toBeChecked();
  });

  it('shows a good result with the routine, exercise, social and hobby advice', async () => {
    const user = userEvent.setup();
    renderAt('/mentaltest', <MentalTestPage />);
    await fillBasicInfo(user);
    await answer(user, [1, 1, 1, 1, 0]);
    expect(await screen.findByText('你的状态不错')).toBeInTheDocument();
    expect(screen.getByText('平均分 0.8（满分 3）')).toBeInTheDocument();
    for (const topic of [/^作息规律/, /^适量运动/, /^保持社交/, /^培养爱好/]) {
      expect(screen.getByText(topic)).toBeInTheDocument();
    }
    expect(screen.queryByText('12356')).not.toBeInTheDocument();
  });

  it('at an average of 2 advises professional help, gives the numbers, and restarts from step 0', async () => {
    const user = userEvent.setup();
    renderAt('/mentaltest', <MentalTestPage />);
    await fillBasicInfo(user);
    await answer(user, [2, 2, 2, 2, 2]);

    expect(await screen.findByText('建议寻求专业帮助')).toBeInTheDocument();
    const help = screen.getByRole('note', { name: '现在就可以获得帮助' });
    expect(within(help).getByRole('link', { name: '12356' })).toHaveAttribute('href', 'tel:12356');
    expect(within(help).getByRole('link', { name: '120' })).toHaveAttribute('href', 'tel:120');
    expect(within(help).getByRole('link', { name: '110' })).toHaveAttribute('href', 'tel:110');

    const download = await screen.findByRole('link', { name: /下载报告/ });
    expect(download).toHaveAttribute('href', 'blob:report');
    expect(download.getAttribute('download')).toMatch(/^心理健康小测试报告-\d{4}-\d{2}-\d{2}\.png$/);

    await user.click(screen.getByRole('button', { name: /重新测试/ }));
    expect(await screen.findByLabelText('姓名')).toHaveValue('');
    expect(screen.getByLabelText('年龄')).toHaveValue('18');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:report');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
