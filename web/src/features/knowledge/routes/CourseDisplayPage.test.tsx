import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import AntdProviders from '../../../app/AntdProviders';
import { AppProviders, createQueryClient } from '../../../app/providers';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { course, courseDetail, kp, point, resource, signInAs } from '../testing';
import CourseDisplayPage from './CourseDisplayPage';

vi.mock('hls.js/light', () => ({
  default: class {
    static isSupported = () => true;
    static Events = { ERROR: 'hlsError' };
    static ErrorTypes = {};
    on() {}
    loadSource() {}
    attachMedia() {}
    destroy() {}
  },
}));

const TREE = [
  kp(11, '1', '依恋理论基础', [kp(12, '1.1', '安全型依恋'), kp(13, '1.2', '焦虑型依恋')]),
  kp(14, '2', '吸引从何而来'),
];

const FREE = courseDetail({
  course: course(1, { name: '恋爱心理学入门', kpTree: JSON.stringify(TREE), pointCount: 4 }),
  readable: true,
  points: [
    point(11, {
      name: '依恋理论基础',
      description: '依恋是我们与重要他人之间的情感纽带。',
      content: '<h3>什么是依恋</h3><p>婴儿与照料者之间形成的情感联结。</p>',
      examples: ['小时候父母总能及时回应哭声的人，长大后更容易信任伴侣。'],
      references: ['Bowlby, J. (1969). Attachment and Loss, Vol. 1: Attachment. Basic Books.'],
    }),
    point(12, { name: '安全型依恋', content: '<p>安全型依恋的人既能亲近，也能独处。</p>' }),
    point(13, { name: '焦虑型依恋', content: '<p>焦虑型依恋的人害怕被抛弃。</p>' }),
    point(14, { name: '吸引从何而来' }),
    point(90, { name: '情绪识别', locked: true, content: '' }),
  ],
  prerequisites: [
    { id: 1, parentKpId: 11, childKpId: 12 },
    { id: 2, parentKpId: 90, childKpId: 12 },
  ],
  resources: [
    resource(21, { name: '课程导读视频', type: 'video', url: '/media/knowledge/intro/index.m3u8' }),
    resource(22, { name: '呼吸练习音频', type: 'audio', url: '/media/knowledge/breathing.m4a' }),
  ],
  relations: [
    { id: 1, kpId: 11, krId: 21 },
    { id: 2, kpId: 12, krId: 22 },
  ],
});

const PAID = courseDetail({
  course: course(2, {
    name: '沟通与倾听',
    fee: 1990,
    kpTree: JSON.stringify([kp(31, '1', '积极倾听')]),
    pointCount: 1,
  }),
  readable: false,
  points: [point(31, { name: '积极倾听', description: '听懂对方真正想说的。', content: '', locked: true })],
  resources: [resource(41, { name: '倾听练习', type: 'exercise', locked: true })],
  relations: [{ id: 3, kpId: 31, krId: 41 }],
});

function renderDisplay(path = '/knowledge/courses/display/1') {
  return renderRoutes(
    [
      { path: '/knowledge/courses/display/:courseId', element: <CourseDisplayPage /> },
      { path: '/knowledge/courses', element: <div>catalogue page</div> },
      { path: '/login', element: <div>login page</div> },
      { path: '/recharge', element: <div>recharge page</div> },
    ],
    path,
  );
}

const pointHeading = () => screen.getByRole('heading', { level: 2, name: (_, el) => el.id === 'point-name' });

describe('CourseDisplayPage', () => {
  it('asks the guest detail once and opens on the first point, with its content, examples, references and resources', async () => {
    const calls = fakeApi({ '/api/v1/knowledge/courses/guest/detail': [ok(FREE)] });
    renderDisplay();
    expect(await screen.findByRole('heading', { level: 1, name: '恋爱心理学入门' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ kcId: 1 });
    expect(screen.getByText('免费课程，所有内容都可以学习')).toBeInTheDocument();

    expect(pointHeading()).toHaveTextContent('依恋理论基础');
    expect(screen.getByText('依恋是我们与重要他人之间的情感纽带。')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '什么是依恋' })).toBeInTheDocument();
    expect(screen.getByText(/父母总能及时回应哭声/)).toBeInTheDocument();
    expect(screen.getByText(/Bowlby, J. \(1969\)/)).toBeInTheDocument();
    expect(screen.getByText('无，可以直接学习')).toBeInTheDocument();
    const video = within(screen.getByRole('article', { name: '课程导读视频' })).getByLabelText('课程导读视频');
    expect(video.tagName).toBe('VIDEO');
    expect(screen.queryByRole('article', { name: '呼吸练习音频' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /返回课程列表/ })).toHaveAttribute('href', '/knowledge/courses');
  });

  it('opens a point from the tree, and its prerequisites: in this course by a click, from elsewhere by name', async () => {
    fakeApi({ '/api/v1/knowledge/courses/guest/detail': [ok(FREE)] });
    const user = userEvent.setup();
    renderDisplay();
    await screen.findByRole('heading', { level: 1, name: '恋爱心理学入门' });
    await user.click(screen.getByText('安全型依恋', { selector: '.ant-tree-title *' }));
    expect(pointHeading()).toHaveTextContent('安全型依恋');
    expect(screen.getByText('安全型依恋的人既能亲近，也能独处。')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: '呼吸练习音频' })).getByLabelText('呼吸练习音频').tagName).toBe(
      'AUDIO',
    );
    const prerequisites = screen.getByRole('region', { name: '前置知识点' });
    expect(within(prerequisites).getByText('情绪识别')).toBeInTheDocument();
    expect(within(prerequisites).getByText('（其他课程）')).toBeInTheDocument();
    await user.click(within(prerequisites).getByRole('button', { name: '依恋理论基础' }));
    expect(pointHeading()).toHaveTextContent('依恋理论基础');

    await user.click(screen.getByRole('button', { name: /下一个知识点/ }));
    expect(pointHeading()).toHaveTextContent('安全型依恋');
    await user.click(screen.getByRole('button', { name: /上一个知识点/ }));
    expect(pointHeading()).toHaveTextContent('依恋理论基础');
  });

  it('filters the tree by the point search, keeping the path to a match', async () => {
    fakeApi({ '/api/v1/knowledge/courses/guest/detail': [ok(FREE)] });
    const user = userEvent.setup();
    renderDisplay();
    await screen.findByRole('heading', { level: 1, name: '恋爱心理学入门' });
    const tree = screen.getByRole('tree');
    await user.type(screen.getByRole('searchbox', { name: '搜索知识点' }), '焦虑');
    await waitFor(() => expect(within(tree).queryByText('吸引从何而来')).not.toBeInTheDocument());
    expect(within(tree).getByText('依恋理论基础')).toBeInTheDocument();
    expect(within(tree).getByText('焦虑型依恋')).toBeInTheDocument();
    expect(within(tree).queryByText('安全型依恋')).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: '搜索知识点' }), '不存在');
    expect(screen.getByText('没有找到相关的知识点')).toBeInTheDocument();
  });

  it('locks a paid course: descriptions show, content does not, and a member can buy from the page', async () => {
    signInAs('mei');
    const calls = fakeApi({
      '/api/v1/knowledge/courses/detail': [ok(PAID), ok({ ...PAID, readable: true })],
      '/api/v1/user/balance': [ok([{ currencyCode: 'CNY', balance: 5000 }])],
      '/api/v1/knowledge/courses/buy': [ok({ orderNo: 'K9', balance: 3010 })],
    });
    const user = userEvent.setup();
    renderDisplay('/knowledge/courses/display/2');
    expect(await screen.findByText('这是一门付费课程')).toBeInTheDocument();
    expect(calls[0].authorization).toBe('Bearer token-mei');
    expect(screen.getByText('听懂对方真正想说的。')).toBeInTheDocument();
    expect(screen.getByText('购买课程后即可阅读这个知识点的内容、示例和参考资料。')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: '倾听练习' })).getByText('购买课程后可查看')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '示例' })).not.toBeInTheDocument();

    const buyButtons = screen.getAllByRole('button', { name: /购买课程 ¥19.90/ });
    expect(buyButtons).toHaveLength(3);
    await user.click(buyButtons[0]);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认购买' }));
    expect(await screen.findByText('购买成功，开始学习吧')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/knowledge/courses/buy')?.body).toEqual({ kcId: 2 });
    await waitFor(() => expect(screen.queryByText('这是一门付费课程')).not.toBeInTheDocument());
  });

  it('asks a guest to sign in to buy a paid course, coming back here', async () => {
    fakeApi({ '/api/v1/knowledge/courses/guest/detail': [ok(PAID)] });
    renderDisplay('/knowledge/courses/display/2');
    const links = await screen.findAllByRole('link', { name: '登录后购买' });
    expect(links[0]).toHaveAttribute('href', `/login?href=${encodeURIComponent('/knowledge/courses/display/2')}`);
  });

  it('says 该节点未关联知识点 and 知识点信息不存在 for nodes without a point', async () => {
    fakeApi({
      '/api/v1/knowledge/courses/guest/detail': [
        ok(
          courseDetail({
            course: course(3, { kpTree: JSON.stringify([kp(0, '1', '导读', [kp(77, '1.1', '已删除的知识点')])]) }),
            points: [],
          }),
        ),
      ],
    });
    const user = userEvent.setup();
    renderDisplay('/knowledge/courses/display/3');
    expect(await screen.findByText('知识点信息不存在')).toBeInTheDocument();
    await user.click(screen.getByText('导读', { selector: '.ant-tree-title *' }));
    expect(screen.getByText('该节点未关联知识点')).toBeInTheDocument();
  });

  it('says 暂无课程结构信息 for a course without a tree', async () => {
    fakeApi({
      '/api/v1/knowledge/courses/guest/detail': [ok(courseDetail({ course: course(4, { kpTree: '' }), points: [] }))],
    });
    renderDisplay('/knowledge/courses/display/4');
    expect(await screen.findByText('暂无课程结构信息')).toBeInTheDocument();
    expect(screen.getByText('从课程目录中选择一个知识点开始学习')).toBeInTheDocument();
  });

  it('says 课程不存在 for an unknown course', async () => {
    const calls = fakeApi({ '/api/v1/knowledge/courses/guest/detail': [fail(404, 404, '课程不存在')] });
    renderDisplay('/knowledge/courses/display/99');
    expect(await screen.findByText('课程不存在')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('says 课程不存在 without asking for an id that cannot be one', async () => {
    const calls = fakeApi({});
    renderDisplay('/knowledge/courses/display/abc');
    expect(await screen.findByText('课程不存在')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('says 课程不存在或加载失败 with a retry when loading fails', async () => {
    fakeApi({ '/api/v1/knowledge/courses/guest/detail': [fail(500, 500, ''), fail(500, 500, ''), ok(FREE)] });
    const user = userEvent.setup();
    renderDisplay();
    expect(await screen.findByText('课程不存在或加载失败')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '重 试' }));
    expect(await screen.findByRole('heading', { level: 1, name: '恋爱心理学入门' })).toBeInTheDocument();
  });
});

const LEARNING_TREE = [
  kp(11, '1', '依恋理论基础', [kp(12, '1.1', '安全型依恋'), kp(13, '1.2', '焦虑型依恋')]),
  kp(14, '2', '吸引从何而来', [kp(15, '2.1', '相似还是互补')]),
];

/** A member half way: 吸引从何而来 mastered; 焦虑型依恋 waits for 安全型依恋 and 情绪识别 (another course). */
const LEARNING = courseDetail({
  course: course(5, { name: '恋爱心理学入门', kpTree: JSON.stringify(LEARNING_TREE), pointCount: 5 }),
  readable: true,
  learning: { opened: [14], mastered: [14], next: 11 },
  points: [
    point(11, { name: '依恋理论基础' }),
    point(12, { name: '安全型依恋' }),
    point(13, { name: '焦虑型依恋' }),
    point(14, { name: '吸引从何而来' }),
    point(15, { name: '相似还是互补' }),
    point(90, { name: '情绪识别', locked: true, content: '' }),
  ],
  prerequisites: [
    { id: 1, parentKpId: 11, childKpId: 12 },
    { id: 2, parentKpId: 12, childKpId: 13 },
    { id: 3, parentKpId: 90, childKpId: 13 },
    { id: 4, parentKpId: 14, childKpId: 15 },
  ],
  resources: [
    resource(41, { name: '小测验：依恋', type: 'exercise', content: '完成下面 2 道题。', questionCount: 2 }),
    resource(42, { name: '呼吸练习音频', type: 'audio', url: '/media/knowledge/breathing.m4a' }),
  ],
  relations: [
    { id: 1, kpId: 11, krId: 41 },
    { id: 2, kpId: 12, krId: 41 },
    { id: 3, kpId: 15, krId: 42 },
  ],
});

const EXERCISE = {
  krId: 41,
  name: '小测验：依恋',
  passScore: 80,
  bestScore: null,
  kpIds: [11, 12],
  questions: [
    { question: '依恋理论最早由谁提出？', options: ['弗洛伊德', '鲍尔比', '马斯洛'] },
    { question: '焦虑型依恋的人最担心什么？', options: ['被控制', '失去自由', '被抛弃'] },
  ],
};

/** The answers a learning member's page gets besides the course itself. */
const LEARNING_EVENTS = {
  '/api/v1/knowledge/learning/open': [ok(null)],
  '/api/v1/knowledge/learning/heartbeat': [ok({ counted: 0 })],
  '/api/v1/knowledge/learning/play': [ok(null)],
  '/api/v1/knowledge/mastered/list': [ok({ list: [], total: 0 })],
};

const tree = () => screen.getByRole('tree');
const treeTitle = (name: string) => within(tree()).getByText(name).closest('[data-mark], .ant-tree-title')!;
const status = () => screen.getByRole('region', { name: '学习状态' });

describe('CourseDisplayPage, learning as a member', () => {
  it('marks mastered and locked points, suggests the next one, and shows what a locked point needs first', async () => {
    signInAs('mei');
    const calls = fakeApi({ '/api/v1/knowledge/courses/detail': [ok(LEARNING)], ...LEARNING_EVENTS });
    const user = userEvent.setup();
    renderDisplay('/knowledge/courses/display/5');
    await screen.findByRole('heading', { level: 1, name: '恋爱心理学入门' });

    expect(within(treeTitle('吸引从何而来') as HTMLElement).getByRole('img', { name: '已掌握' })).toBeInTheDocument();
    expect(treeTitle('安全型依恋')).toHaveAttribute('data-mark', 'locked');
    expect(treeTitle('焦虑型依恋')).toHaveAttribute('data-mark', 'locked');
    expect(treeTitle('依恋理论基础')).not.toHaveAttribute('data-mark');
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/v1/knowledge/learning/open').map((call) => call.body)).toEqual([
        { kpId: 11 },
      ]),
    );
    expect(calls.some((call) => call.path === '/api/v1/knowledge/learning/heartbeat')).toBe(true);
    // 情绪识别 belongs to another course: whether it is mastered comes from the mastered list.
    expect(calls.find((call) => call.path === '/api/v1/knowledge/mastered/list')?.body).toEqual({
      page: 1,
      pageSize: 1000,
    });

    const banner = screen.getByRole('status', { name: '建议下一步：依恋理论基础' });
    expect(within(banner).getByText('正在学习')).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: '我的学习进度' })).toHaveAttribute('href', '/knowledge/progress');
    expect(within(status()).getByText(/通过下方学习资源中的习题（80 分及以上）/)).toBeInTheDocument();

    await user.click(within(tree()).getByText('焦虑型依恋'));
    expect(pointHeading()).toHaveTextContent('焦虑型依恋');
    expect(status()).toHaveTextContent('需要先掌握：依恋理论基础→安全型依恋');
    expect(status()).toHaveTextContent('还需要掌握：情绪识别（其他课程）');
    expect(within(status()).getByRole('button', { name: '标记为已学会' })).toBeDisabled();
    expect(within(status()).getByText('需要先掌握前置知识点')).toBeInTheDocument();
    await user.click(within(status()).getByRole('button', { name: '安全型依恋' }));
    expect(pointHeading()).toHaveTextContent('安全型依恋');

    await user.click(within(screen.getByRole('status', { name: '建议下一步：依恋理论基础' })).getByRole('button'));
    expect(pointHeading()).toHaveTextContent('依恋理论基础');
  });

  it('takes an exercise: all questions first, then the score, each answer marked right or wrong, and what it mastered', async () => {
    signInAs('mei');
    const passed = {
      ...LEARNING,
      learning: { opened: [11, 14], mastered: [11, 14], next: 12 },
    };
    const calls = fakeApi({
      '/api/v1/knowledge/courses/detail': [ok(LEARNING), ok(passed)],
      '/api/v1/knowledge/exercise/get': [ok(EXERCISE)],
      '/api/v1/knowledge/exercise/submit': [
        ok({ score: 50, passed: false, correct: [true, false], mastered: [], blocked: [] }),
        ok({ score: 100, passed: true, correct: [true, true], answers: [1, 2], mastered: [11], blocked: [12] }),
      ],
      ...LEARNING_EVENTS,
    });
    const user = userEvent.setup();
    renderDisplay('/knowledge/courses/display/5');
    await screen.findByRole('heading', { level: 1, name: '恋爱心理学入门' });

    const exercise = screen.getByRole('article', { name: '小测验：依恋' });
    expect(within(exercise).getByText('共 2 道题')).toBeInTheDocument();
    await user.click(within(exercise).getByRole('button', { name: /开始练习/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('练习 · 小测验：依恋')).toBeInTheDocument();
    const first = await within(dialog).findByRole('radiogroup', { name: /依恋理论最早由谁提出/ });
    const second = within(dialog).getByRole('radiogroup', { name: /焦虑型依恋的人最担心什么/ });
    const submit = within(dialog).getByRole('button', { name: '提交答案' });
    expect(submit).toBeDisabled();
    await user.click(within(first).getByLabelText('B. 鲍尔比'));
    expect(submit).toBeDisabled();
    expect(within(dialog).getByText('已答 1 / 2')).toBeInTheDocument();
    await user.click(within(second).getByLabelText('A. 被控制'));
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(await within(dialog).findByText('未通过')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('50 / 100')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/knowledge/exercise/submit')?.body).toEqual({
      krId: 41,
      answers: [1, 0],
    });
    const answers = within(dialog).getAllByRole('listitem');
    expect(within(answers[0]).getByText(/回答正确/)).toBeInTheDocument();
    expect(within(answers[1]).getByText(/回答错误/)).toBeInTheDocument();
    expect(answers[1]).toHaveTextContent('你的答案：A. 被控制');
    // A failed try does not hand the next one the answers.
    expect(answers[1]).not.toHaveTextContent('正确答案');

    await user.click(within(dialog).getByRole('button', { name: '重新练习' }));
    await user.click(
      within(within(dialog).getByRole('radiogroup', { name: /依恋理论最早/ })).getByLabelText('B. 鲍尔比'),
    );
    await user.click(
      within(within(dialog).getByRole('radiogroup', { name: /最担心什么/ })).getByLabelText('C. 被抛弃'),
    );
    await user.click(within(dialog).getByRole('button', { name: '提交答案' }));
    expect(await within(dialog).findByText('通过')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('100 / 100')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('已掌握：依恋理论基础');
    expect(within(dialog).getByText(/前置知识点尚未掌握，暂不计入：安全型依恋/)).toBeInTheDocument();

    // The course is asked again, so the tree, the locks and the next step follow the pass.
    await waitFor(() => expect(treeTitle('依恋理论基础')).toHaveAttribute('data-mark', 'mastered'));
    expect(treeTitle('安全型依恋')).not.toHaveAttribute('data-mark');
    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(screen.getByRole('status', { name: '建议下一步：安全型依恋' })).toBeInTheDocument();
    expect(within(status()).getByText('已掌握')).toBeInTheDocument();
  });

  it('marks a point without an exercise learned once it was opened, and reports playing', async () => {
    signInAs('mei');
    const learned = { ...LEARNING, learning: { opened: [14, 15], mastered: [14, 15], next: 11 } };
    const calls = fakeApi({
      '/api/v1/knowledge/courses/detail': [ok(LEARNING), ok(learned)],
      '/api/v1/knowledge/points/learned': [ok(null)],
      ...LEARNING_EVENTS,
    });
    const user = userEvent.setup();
    renderDisplay('/knowledge/courses/display/5');
    await screen.findByRole('heading', { level: 1, name: '恋爱心理学入门' });
    await user.click(within(tree()).getByText('相似还是互补'));
    const mark = within(status()).getByRole('button', { name: '标记为已学会' });
    await waitFor(() => expect(mark).toBeEnabled());

    const audio = within(screen.getByRole('article', { name: '呼吸练习音频' })).getByLabelText('呼吸练习音频');
    Object.defineProperty(audio, 'duration', { value: 60, configurable: true });
    Object.defineProperty(audio, 'currentTime', { value: 15, configurable: true, writable: true });
    audio.dispatchEvent(new Event('play'));
    audio.dispatchEvent(new Event('pause'));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/v1/knowledge/learning/play')?.body).toEqual({
        krId: 42,
        progress: 0.25,
      }),
    );

    await user.click(mark);
    expect(await screen.findByText('已掌握', { selector: '.ant-message *' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/knowledge/points/learned')?.body).toEqual({ kpId: 15 });
    await waitFor(() =>
      expect(within(status()).queryByRole('button', { name: '标记为已学会' })).not.toBeInTheDocument(),
    );
    expect(treeTitle('相似还是互补')).toHaveAttribute('data-mark', 'mastered');
  });

  it('keeps 标记为已学会 off, with the reason, while the point is not recorded as opened', async () => {
    signInAs('mei');
    fakeApi({
      '/api/v1/knowledge/courses/detail': [ok(LEARNING)],
      ...LEARNING_EVENTS,
      '/api/v1/knowledge/learning/open': [fail(500, 500, '')],
    });
    const user = userEvent.setup();
    renderDisplay('/knowledge/courses/display/5');
    await screen.findByRole('heading', { level: 1, name: '恋爱心理学入门' });
    await user.click(within(tree()).getByText('相似还是互补'));
    expect(within(status()).getByRole('button', { name: '标记为已学会' })).toBeDisabled();
    expect(within(status()).getByText('请先学习这个知识点的内容')).toBeInTheDocument();
  });

  it('opens on the suggested point when continued from the progress page', async () => {
    signInAs('mei');
    fakeApi({
      '/api/v1/knowledge/courses/detail': [ok({ ...LEARNING, learning: { ...LEARNING.learning, next: 15 } })],
      ...LEARNING_EVENTS,
    });
    const router = createMemoryRouter(
      [{ path: '/knowledge/courses/display/:courseId', element: <CourseDisplayPage /> }],
      {
        initialEntries: [{ pathname: '/knowledge/courses/display/5', state: { resume: true } }],
      },
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <AntdProviders>
          <RouterProvider router={router} />
        </AntdProviders>
      </AppProviders>,
    );
    await screen.findByRole('heading', { level: 1, name: '恋爱心理学入门' });
    expect(pointHeading()).toHaveTextContent('相似还是互补');
  });

  it('records nothing and marks nothing for a guest', async () => {
    const calls = fakeApi({ '/api/v1/knowledge/courses/guest/detail': [ok(LEARNING)] });
    renderDisplay('/knowledge/courses/display/5');
    await screen.findByRole('heading', { level: 1, name: '恋爱心理学入门' });
    expect(screen.queryByRole('region', { name: '学习状态' })).not.toBeInTheDocument();
    expect(screen.queryByText(/建议下一步/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /开始练习/ })).not.toBeInTheDocument();
    expect(document.querySelector('[data-mark]')).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/knowledge/courses/guest/detail']);
  });
});
