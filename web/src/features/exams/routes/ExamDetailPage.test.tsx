import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { examDetail, signInAs } from '../testing';
import ExamDetailPage from './ExamDetailPage';

function renderDetail(path = '/exam/5') {
  return renderRoutes(
    [
      { path: '/exam/:id', element: <ExamDetailPage /> },
      { path: '/exam/take/:id', element: <div>take page</div> },
      { path: '/recharge', element: <div>recharge page</div> },
    ],
    path,
  );
}

describe('ExamDetailPage', () => {
  it('shows the facts, 买一送一 in plain words, and 购买并开始 when nothing covers an attempt', async () => {
    signInAs('mei');
    const calls = fakeApi({
      '/api/v1/exam/5': [
        ok(examDetail(5, { examName: '大五人格', fee: 1990, free: 0, oneFree: 1, canTake: 0, questionCount: 50 })),
      ],
      '/api/v1/exam/buy': [ok(2)],
    });
    const user = userEvent.setup();
    const { router } = renderDetail();
    expect(await screen.findByRole('heading', { name: '大五人格' })).toBeInTheDocument();
    expect(screen.getByText('50 题')).toBeInTheDocument();
    expect(screen.getByText('不限时')).toBeInTheDocument();
    expect(screen.getByText('¥19.90', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText(/买一送一：购买一次可完成两次测评/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /查看历史/ })).toHaveAttribute('href', '/exam/result/list/5');
    expect(screen.queryByText('管理员信息')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /购买并开始/ }));
    expect(await screen.findByText('take page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/exam/take/5');
    expect(screen.getByText('购买成功，开始测评')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/exam/buy')?.body).toEqual({ id: 5 });
  });

  it('says 购买失败，请重试 when a purchase fails for another reason', async () => {
    signInAs('mei');
    fakeApi({
      '/api/v1/exam/5': [ok(examDetail(5, { fee: 990, free: 0, canTake: 0 }))],
      '/api/v1/exam/buy': [fail(500, 500, '内部错误')],
    });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: /购买并开始/ }));
    expect(await screen.findByText('购买失败，请重试')).toBeInTheDocument();
  });

  it('offers 开始测评 once bought, and says a screening is private', async () => {
    signInAs('mei');
    fakeApi({
      '/api/v1/exam/5': [ok(examDetail(5, { fee: 990, free: 0, isAcquired: 1, healthScreening: 1, timeLimit: 20 }))],
    });
    renderDetail();
    expect(await screen.findByRole('link', { name: /开始测评/ })).toHaveAttribute('href', '/exam/take/5');
    expect(screen.getByText('已购买，还可完成 1 次测评')).toBeInTheDocument();
    expect(screen.getByText('20 分钟')).toBeInTheDocument();
    expect(screen.getByText(/你的作答和结果只有你本人可以看到/)).toBeInTheDocument();
  });

  it('shows an admin the back-office fields, the questions as a tree, edit and delete', async () => {
    signInAs('boss', 'admin');
    fakeApi({
      '/api/v1/exam/5': [
        ok(
          examDetail(5, {
            auditStatus: 2,
            auditMessage: '题目需要修改',
            feedbacks: '编制说明文字',
            stops: '进度已保存',
            resultCount: 17,
            questionKeys: '__1_外向性,__2_宜人性',
            maxScore: { __1_外向性: 50, __2_宜人性: 50 },
            questions: '[{"qid":1,"question":"问题一","options":[]}]',
          }),
        ),
      ],
    });
    renderDetail();
    expect(await screen.findByText('管理员信息')).toBeInTheDocument();
    expect(screen.getByText('已拒绝')).toBeInTheDocument();
    expect(screen.getByText('题目需要修改')).toBeInTheDocument();
    expect(screen.getByText('编制说明文字')).toBeInTheDocument();
    expect(screen.getByText('进度已保存')).toBeInTheDocument();
    expect(screen.getByText('17')).toBeInTheDocument();
    expect(screen.getByText('外向性：50')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '全部题目（JSON）' })).toHaveTextContent('"问题一"');
    expect(screen.getByRole('link', { name: /编\s*辑/ })).toHaveAttribute('href', '/exam/edit/5');
    expect(screen.getByRole('button', { name: /删\s*除/ })).toBeInTheDocument();
  });

  it('says 测评不存在 for an unknown assessment', async () => {
    signInAs('mei');
    fakeApi({ '/api/v1/exam/5': [fail(404, 404, '测评不存在')] });
    renderDetail();
    expect(await screen.findByText('测评不存在')).toBeInTheDocument();
  });

  it('asks a guest to sign in', async () => {
    renderDetail();
    expect(await screen.findByText('请先登录')).toBeInTheDocument();
  });
});
