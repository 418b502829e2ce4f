import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { course, kp, signInAs } from '../testing';
import CourseCatalogPage from './CourseCatalogPage';

const DEMO = [
  course(1, {
    name: '恋爱心理学入门',
    description: '从依恋理论出发理解亲密关系',
    category: '心理学',
    level: 1,
    fee: 0,
    kpTree: JSON.stringify([kp(1, '1', '依恋理论基础', [kp(2, '1.1', '安全型依恋'), kp(3, '1.2', '焦虑型依恋')])]),
    pointCount: 3,
  }),
  course(2, {
    name: '沟通与倾听',
    description: '学会倾听和表达',
    category: '沟通',
    level: 1,
    fee: 1990,
    kpTree: '',
    pointCount: 0,
  }),
  course(3, { name: '情绪管理', description: '认识并调节情绪', category: '情绪', level: 2, fee: 2990 }),
  course(4, { name: '认识自己：大五人格', description: '人格的五个维度', category: '自我认知', level: 2, fee: 3990 }),
];

const list = (courses = DEMO) => ok({ list: courses, total: courses.length });
const balance = (fen: number) =>
  ok([
    { currencyCode: 'CNY', balance: fen },
    { currencyCode: 'POINTS', balance: 0 },
  ]);

function renderCatalogue() {
  return renderRoutes(
    [
      { path: '/knowledge/courses', element: <CourseCatalogPage title="知识课程" /> },
      { path: '/knowledge/courses/display/:courseId', element: <div>display page</div> },
      { path: '/login', element: <div>login page</div> },
      { path: '/recharge', element: <div>recharge page</div> },
    ],
    '/knowledge/courses',
  );
}

const cards = () => within(screen.getByRole('list', { name: '知识课程' })).getAllByRole('listitem');
const card = (name: string) => screen.getByRole('listitem', { name });
const cardNames = () => cards().map((item) => within(item).getByRole('heading').textContent);

describe('CourseCatalogPage', () => {
  it('loads every course for a guest from the guest list and shows the cards', async () => {
    const calls = fakeApi({ '/api/v1/knowledge/courses/guest/list': [list()] });
    renderCatalogue();
    await screen.findByText('恋爱心理学入门');
    expect(calls[0]).toMatchObject({ path: '/api/v1/knowledge/courses/guest/list', body: { page: 1, pageSize: 1000 } });
    expect(calls[0].authorization).toBeNull();

    const free = card('恋爱心理学入门');
    expect(within(free).getByText('免费')).toBeInTheDocument();
    expect(within(free).getByText('初级')).toBeInTheDocument();
    expect(within(free).getByText('心理学')).toBeInTheDocument();
    expect(within(free).getByText('从依恋理论出发理解亲密关系')).toBeInTheDocument();
    expect(within(free).getByText(/约 45 分钟/)).toBeInTheDocument();
    expect(within(free).getByText(/3 个知识点/)).toBeInTheDocument();
    expect(within(free).getByRole('button', { name: '登录后学习' })).toBeInTheDocument();

    const paid = card('沟通与倾听');
    expect(within(paid).getByText('¥19.90')).toBeInTheDocument();
    expect(within(paid).getByText(/约 30 分钟/)).toBeInTheDocument();
    expect(within(paid).getByRole('button', { name: '登录后学习' })).toBeInTheDocument();
    expect(within(card('情绪管理')).getByText('中级')).toBeInTheDocument();
  });

  it('sends a guest to sign in, coming back to the course', async () => {
    fakeApi({ '/api/v1/knowledge/courses/guest/list': [list()] });
    const user = userEvent.setup();
    const { router } = renderCatalogue();
    await user.click(
      within(await screen.findByRole('listitem', { name: '沟通与倾听' })).getByRole('button', { name: '登录后学习' }),
    );
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?href=${encodeURIComponent('/knowledge/courses/display/2')}`);
  });

  it('offers a member 继续学习 for a bought course and 购买学习 for the others', async () => {
    signInAs('mei');
    const calls = fakeApi({
      '/api/v1/knowledge/courses/list': [list(DEMO.map((c) => (c.kcId === 2 ? { ...c, isAcquired: 1 } : c)))],
    });
    renderCatalogue();
    await screen.findByText('沟通与倾听');
    expect(calls[0].path).toBe('/api/v1/knowledge/courses/list');
    expect(calls[0].authorization).toBe('Bearer token-mei');
    expect(within(card('沟通与倾听')).getByRole('button', { name: '继续学习' })).toBeInTheDocument();
    expect(within(card('沟通与倾听')).getByText('已购买')).toBeInTheDocument();
    expect(within(card('情绪管理')).getByRole('button', { name: '购买学习' })).toBeInTheDocument();
    expect(within(card('恋爱心理学入门')).getByRole('button', { name: '开始学习' })).toBeInTheDocument();
  });

  it('searches names and descriptions, and filters by category and level', async () => {
    fakeApi({ '/api/v1/knowledge/courses/guest/list': [list()] });
    const user = userEvent.setup();
    renderCatalogue();
    await screen.findByText('恋爱心理学入门');

    await user.type(screen.getByRole('searchbox', { name: '搜索课程' }), '维度');
    expect(cardNames()).toEqual(['认识自己：大五人格']);
    await user.clear(screen.getByRole('searchbox', { name: '搜索课程' }));
    expect(cardNames()).toHaveLength(4);

    await user.click(screen.getByRole('combobox', { name: '难度' }));
    await user.click(await screen.findByTitle('中级'));
    expect(cardNames()).toEqual(['情绪管理', '认识自己：大五人格']);

    await user.click(screen.getByRole('combobox', { name: '分类' }));
    await user.click(await screen.findByTitle('沟通'));
    expect(screen.getByText('没有找到符合条件的课程')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '清除筛选' }));
    expect(cardNames()).toHaveLength(4);
  });

  it('pages 12 at a time on the client', async () => {
    const many = Array.from({ length: 14 }, (_, index) => course(index + 1, { name: `课程第${index + 1}门` }));
    const calls = fakeApi({ '/api/v1/knowledge/courses/guest/list': [list(many)] });
    const user = userEvent.setup();
    renderCatalogue();
    await screen.findByText('课程第1门');
    expect(cards()).toHaveLength(12);
    expect(screen.getByText('共 14 门课程')).toBeInTheDocument();
    await user.click(screen.getByTitle('2'));
    expect(cardNames()).toEqual(['课程第13门', '课程第14门']);
    expect(calls).toHaveLength(1);
  });

  it('previews a course’s structure, or says there is none', async () => {
    fakeApi({ '/api/v1/knowledge/courses/guest/list': [list()] });
    const user = userEvent.setup();
    renderCatalogue();
    await user.click(await screen.findByRole('button', { name: '预览 恋爱心理学入门' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('课程结构 · 恋爱心理学入门')).toBeInTheDocument();
    expect(within(dialog).getByText('依恋理论基础')).toBeInTheDocument();
    expect(within(dialog).getByText('焦虑型依恋')).toBeInTheDocument();
    expect(within(dialog).getByText('1.2')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '关 闭' }));
    await waitFor(() => expect(screen.queryByText('课程结构 · 恋爱心理学入门')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '预览 沟通与倾听' }));
    expect(await screen.findByText('暂无课程结构信息')).toBeInTheDocument();
  });

  describe('buying', () => {
    async function buy(answers: Parameters<typeof fakeApi>[0], name = '沟通与倾听') {
      signInAs('mei');
      const calls = fakeApi({ '/api/v1/knowledge/courses/list': [list()], ...answers });
      const user = userEvent.setup();
      const view = renderCatalogue();
      await user.click(within(await screen.findByRole('listitem', { name })).getByRole('button', { name: '购买学习' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(/确定花费 ¥19.90 购买《沟通与倾听》吗/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: '确认购买' }));
      return { calls, ...view };
    }

    it('checks the balance, buys, says 购买成功，开始学习吧 and opens the course', async () => {
      const { calls, router } = await buy({
        '/api/v1/user/balance': [balance(5000)],
        '/api/v1/knowledge/courses/buy': [ok({ orderNo: 'K1', balance: 3010 })],
      });
      expect(await screen.findByText('display page')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/knowledge/courses/display/2');
      expect(screen.getByText('购买成功，开始学习吧')).toBeInTheDocument();
      expect(calls.find((call) => call.path === '/api/v1/knowledge/courses/buy')?.body).toEqual({ kcId: 2 });
    });

    it('stops before buying when the balance is short, and opens the recharge page', async () => {
      const { calls, router } = await buy({ '/api/v1/user/balance': [balance(500)] });
      expect(await screen.findByText('recharge page')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/recharge');
      expect(screen.getByText('余额不足，需要 ¥19.90，当前余额 ¥5.00，请先充值')).toBeInTheDocument();
      expect(calls.some((call) => call.path === '/api/v1/knowledge/courses/buy')).toBe(false);
    });

    it('says spec 3’s 余额不足，请先充值 and opens the recharge page when the server finds the balance short (402)', async () => {
      await buy({
        '/api/v1/user/balance': [balance(5000)],
        '/api/v1/knowledge/courses/buy': [fail(402, 402, '余额不足，需要 ¥19.90，当前余额 ¥1.00，请先充值')],
      });
      expect(await screen.findByText('recharge page')).toBeInTheDocument();
      expect(screen.getByText('余额不足，请先充值')).toBeInTheDocument();
      expect(screen.queryByText('余额不足，需要 ¥19.90，当前余额 ¥1.00，请先充值')).toBeNull();
    });

    it('asks to sign in again on 401', async () => {
      const { router } = await buy({
        '/api/v1/user/balance': [balance(5000)],
        '/api/v1/knowledge/courses/buy': [fail(401, 401, '登录已过期，请重新登录')],
      });
      expect(await screen.findByText('login page')).toBeInTheDocument();
      expect(screen.getByText('请先登录')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
    });

    it('says 购买失败，请重试 for anything else and stays', async () => {
      const { router } = await buy({
        '/api/v1/user/balance': [balance(5000)],
        '/api/v1/knowledge/courses/buy': [fail(500, 500, '服务器开小差了')],
      });
      expect(await screen.findByText('购买失败，请重试')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/knowledge/courses');
    });
  });

  it('says 获取课程列表失败 with a retry when the list fails', async () => {
    // The first answer and the one retry both fail; the learner's retry succeeds.
    fakeApi({ '/api/v1/knowledge/courses/guest/list': [fail(500, 500, ''), fail(500, 500, ''), list()] });
    const user = userEvent.setup();
    renderCatalogue();
    expect(await screen.findByText('获取课程列表失败', {}, { timeout: 8000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '重 试' }));
    expect(await screen.findByText('恋爱心理学入门')).toBeInTheDocument();
  });
});
