import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { signInAs } from '../testing';
import ResultListPage from './ResultListPage';

const renderList = (path: string) =>
  renderRoutes([{ path: '/exam/result/list/:id', element: <ResultListPage /> }], path);

describe('ResultListPage', () => {
  it('lists name, seconds used, completion time and 查看详情', async () => {
    signInAs('mei');
    const calls = fakeApi({
      '/api/v1/result/list': [
        ok({
          results: [
            { id: 42, examId: 7, examName: '大五人格测评', totalTime: 321, createdAt: 1_750_000_000, overtime: 1 },
          ],
        }),
      ],
    });
    renderList('/exam/result/list/7');
    const row = (await screen.findByText('321')).closest('tr') as HTMLElement;
    expect(within(row).getByText('大五人格测评')).toBeInTheDocument();
    expect(within(row).getByText('超时提交')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '查看详情' })).toHaveAttribute('href', '/exam/result/42');
    expect(calls[0].body).toEqual({ examId: 7 });
  });

  it('refuses an id that is not a number', async () => {
    signInAs('mei');
    renderList('/exam/result/list/x1');
    expect(await screen.findByText('无效的测评ID')).toBeInTheDocument();
  });

  it('says 获取测试历史失败 when the server gives no reason', async () => {
    signInAs('mei');
    fakeApi({ '/api/v1/result/list': [fail(500, 500, '')] });
    renderList('/exam/result/list/7');
    expect(await screen.findByText('获取测试历史失败')).toBeInTheDocument();
  });
});
