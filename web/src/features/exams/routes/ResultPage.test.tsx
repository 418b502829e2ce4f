import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { resultDetail, signInAs } from '../testing';
import ResultPage from './ResultPage';

// ECharts needs a real canvas; the radar's own module is what the page chooses, not what it draws.
vi.mock('../components/RadarChart', () => ({
  RadarChart: ({ dimensions }: { dimensions: { name: string; value: number; max: number }[] }) => (
    <div data-testid="radar">{dimensions.map((d) => `${d.name}:${d.value}/${d.max}`).join(',')}</div>
  ),
}));

function renderResult(path = '/exam/result/42') {
  return renderRoutes(
    [
      { path: '/exam/result/:id', element: <ResultPage /> },
      { path: '/exam/result/list/:id', element: <div>history page</div> },
    ],
    path,
  );
}

describe('ResultPage', () => {
  it('draws several dimensions as a radar and lists the readings under their display names', async () => {
    signInAs('mei');
    fakeApi({ '/api/v1/result/get': [ok(resultDetail())] });
    renderResult();
    expect(await screen.findByTestId('radar')).toHaveTextContent('外向性:30/50,宜人性:40/50');
    const table = screen.getByRole('table');
    expect(within(table).getByText('外向性')).toBeInTheDocument();
    expect(within(table).getByText('宜人性较高')).toBeInTheDocument();
    expect(screen.queryByText(/__1_/)).not.toBeInTheDocument();
    expect(screen.getByText('321 秒')).toBeInTheDocument();
    expect(screen.getByText('从五个维度认识自己。')).toBeInTheDocument();
    expect(screen.queryByRole('note', { name: '现在就可以获得帮助' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: '参与缘分推荐' })).not.toBeInTheDocument();
  });

  it('draws a bar result as pole pairs with the type letters, and shows no radar', async () => {
    signInAs('mei');
    fakeApi({
      '/api/v1/result/get': [
        ok(
          resultDetail({
            questionsType: 'bar',
            examResult: { E: 10, I: 20, S: 21, N: 9, T: 15, F: 16, J: 22, P: 8 },
            maxScore: { E: 30, I: 30, S: 30, N: 30, T: 30, F: 30, J: 30, P: 30 },
            summary: { I: { digest: '内向（I）', description: '独处恢复能量' } },
          }),
        ),
      ],
    });
    renderResult();
    expect(await screen.findByText('ISFJ')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'E 外向 10，I 内向 20' })).toBeInTheDocument();
    expect(screen.queryByTestId('radar')).not.toBeInTheDocument();
  });

  it('shows one dimension as a value over its maximum, with the help block above it when crisis is 1', async () => {
    signInAs('mei');
    fakeApi({
      '/api/v1/result/get': [
        ok(
          resultDetail({
            examName: 'PHQ-9 抑郁症状自评',
            crisis: 1,
            healthScreening: 1,
            overtime: 1,
            examResult: { __1_总分: 12 },
            maxScore: { __1_总分: 27 },
            summary: { __1_总分: { digest: '中度抑郁症状', description: '建议寻求帮助' } },
          }),
        ),
      ],
    });
    renderResult();
    const help = await screen.findByRole('note', { name: '现在就可以获得帮助' });
    expect(within(help).getByRole('link', { name: '12356' })).toHaveAttribute('href', 'tel:12356');
    expect(within(help).getByRole('link', { name: '120' })).toBeInTheDocument();
    expect(within(help).getByRole('link', { name: '110' })).toBeInTheDocument();
    // The block comes before the result.
    const title = screen.getByRole('heading', { name: 'PHQ-9 抑郁症状自评' });
    expect(help.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(screen.getByText('/ 27')).toBeInTheDocument();
    expect(screen.getByText('超时提交')).toBeInTheDocument();
    expect(screen.getByText('这项筛查的结果只有你本人可以看到。')).toBeInTheDocument();
  });

  it('recalculates, says 重新计算成功 and fetches the result again', async () => {
    signInAs('mei');
    const calls = fakeApi({
      '/api/v1/result/get': [ok(resultDetail()), ok(resultDetail({ examResult: { __1_外向性: 33, __2_宜人性: 40 } }))],
      '/api/v1/result/recalculate': [ok(null)],
    });
    const user = userEvent.setup();
    renderResult();
    await screen.findByTestId('radar');
    await user.click(screen.getByRole('button', { name: /重新计算/ }));
    expect(await screen.findByText('重新计算成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('radar')).toHaveTextContent('外向性:33/50'));
    expect(calls.find((call) => call.path === '/api/v1/result/recalculate')?.body).toEqual({ resultId: 42 });
  });

  it('deletes after confirmation and opens the history', async () => {
    signInAs('mei');
    fakeApi({ '/api/v1/result/get': [ok(resultDetail())], '/api/v1/result/delete': [ok(null)] });
    const user = userEvent.setup();
    const { router } = renderResult();
    await screen.findByTestId('radar');
    await user.click(screen.getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('删除后无法恢复，确定要删除这条测试结果吗？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('history page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/exam/result/list/7');
  });

  it('lists the answers as 第{qid}题 with the question and the chosen option', async () => {
    signInAs('mei');
    fakeApi({ '/api/v1/result/get': [ok(resultDetail())] });
    const user = userEvent.setup();
    renderResult();
    await user.click(await screen.findByText('我的作答（1 题）'));
    expect(await screen.findByText('第1题')).toBeInTheDocument();
    expect(screen.getByText('在聚会上，我常常是带动气氛的那个人')).toBeInTheDocument();
    expect(screen.getByText('比较符合')).toBeInTheDocument();
  });

  it('lets a Big Five result count in recommendations, and only a Big Five result offers it', async () => {
    signInAs('mei');
    const calls = fakeApi({
      '/api/v1/result/get': [ok(resultDetail({ matchable: 1 })), ok(resultDetail({ matchable: 1, inMatching: 1 }))],
      '/api/v1/result/matching': [ok(true)],
    });
    const user = userEvent.setup();
    renderResult();
    const toggle = await screen.findByRole('switch', { name: '参与缘分推荐' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('已让这份结果参与推荐')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: '参与缘分推荐' })).toBeChecked());
    expect(calls.find((call) => call.path === '/api/v1/result/matching')?.body).toEqual({
      resultId: 42,
      inMatching: 1,
    });
  });

  it('refuses an id that is not a number', async () => {
    signInAs('mei');
    renderResult('/exam/result/abc');
    expect(await screen.findByText('无效的结果ID')).toBeInTheDocument();
  });

  it('says 获取测试结果失败 when the server gives no reason', async () => {
    signInAs('mei');
    fakeApi({ '/api/v1/result/get': [fail(500, 500, '')] });
    renderResult();
    expect(await screen.findByText('获取测试结果失败')).toBeInTheDocument();
  });
});
