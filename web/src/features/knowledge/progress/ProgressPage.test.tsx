import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ProgressData } from '../../../api/generated/types.gen';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { course, kp, signInAs } from '../testing';
import { PROGRESS_COLOURS } from './model';
import ProgressPage from './ProgressPage';

const DAY = 86_400;
const NOW = Math.floor(Date.now() / 1000);

const PROGRESS: ProgressData = {
  totalCourses: 3,
  completedCourses: 1,
  totalPoints: 33,
  masteredPoints: 9,
  progressPercent: 65,
  masteryPercent: 45,
  studySeconds: 5400,
  weekSeconds: 1440,
  courses: [
    {
      course: course(1, { name: '恋爱心理学入门', category: '心理学', level: 1 }),
      totalPoints: 15,
      openedPoints: 12,
      masteredPoints: 9,
      progress: 60,
    },
    {
      course: course(2, { name: '沟通与倾听', category: '沟通', level: 1, fee: 1990, isAcquired: 1 }),
      totalPoints: 5,
      openedPoints: 5,
      masteredPoints: 5,
      progress: 100,
    },
    {
      course: course(3, { name: '情绪管理', category: '情绪', level: 2, fee: 2990, isAcquired: 1 }),
      totalPoints: 13,
      openedPoints: 0,
      masteredPoints: 0,
      progress: 0,
    },
  ],
  recentMastered: [
    { id: 11, knowledgePointName: '依恋理论基础', courseName: '恋爱心理学入门', score: 100, masteredAt: NOW - DAY },
    {
      id: 14,
      knowledgePointName: '吸引从何而来',
      courseName: '恋爱心理学入门',
      score: null,
      masteredAt: NOW - 2 * DAY,
    },
  ],
  dueReviews: [
    { kpId: 11, name: '依恋理论基础', courseName: '恋爱心理学入门', masteredAt: NOW - 9 * DAY, dueAt: NOW - DAY },
    { kpId: 21, name: '积极倾听', courseName: '沟通与倾听', masteredAt: NOW - 5 * DAY, dueAt: NOW - 60 },
  ],
};

const RECOMMENDED = [
  course(4, {
    name: '认识自己：大五人格',
    category: '自我认知',
    level: 2,
    description: '用大五人格模型认识自己的性格。',
    kpTree: JSON.stringify([
      kp(31, '1', '什么是大五人格', [kp(32, '1.1', '外向性', [kp(33, '1.1.1', '外向与内向的误解')])]),
      kp(34, '2', '人格能改变吗'),
    ]),
    score: 88,
    reason: '你已掌握它的 3 个前置知识点',
  }),
  course(5, { name: '亲密关系中的冲突', kpTree: '', score: 72, reason: '你正在学习「心理学」方向的课程' }),
];

function Display() {
  const { pathname, state } = useLocation();
  return (
    <div>
      display {pathname} {JSON.stringify(state)}
    </div>
  );
}

function renderProgress() {
  return renderRoutes(
    [
      { path: '/knowledge/progress', element: <ProgressPage title="我的学习进度" /> },
      { path: '/knowledge/courses/display/:courseId', element: <Display /> },
      { path: '/knowledge/courses', element: <div>catalogue page</div> },
    ],
    '/knowledge/progress',
  );
}

const answers = (
  progress: unknown[] = [ok(PROGRESS)],
  recommended: unknown[] = [ok({ list: RECOMMENDED, total: 2 })],
) =>
  ({
    '/api/v1/knowledge/progress/get': progress,
    '/api/v1/knowledge/courses/list': recommended,
  }) as Parameters<typeof fakeApi>[0];

const countOf = (label: string) => screen.getByText(label, { selector: 'dt' }).closest('div')!.querySelector('dd')!;
const courseItem = (name: string) => screen.getByRole('listitem', { name });

describe('ProgressPage', () => {
  it('shows the member’s numbers, and the courses with their progress in the spec’s colours', async () => {
    signInAs('mei');
    const calls = fakeApi(answers());
    renderProgress();
    expect(await screen.findByRole('heading', { level: 2, name: '我的学习进度' })).toBeInTheDocument();
    await screen.findByText('恋爱心理学入门', { selector: 'h4' });
    expect(calls.find((call) => call.path === '/api/v1/knowledge/progress/get')?.authorization).toBe(
      'Bearer token-mei',
    );

    expect(countOf('课程总数')).toHaveTextContent('3');
    expect(countOf('已完成')).toHaveTextContent('1');
    expect(countOf('知识点')).toHaveTextContent('33');
    expect(countOf('已掌握')).toHaveTextContent('9');
    expect(screen.getByRole('region', { name: '学习进度' })).toHaveTextContent('65%');
    expect(screen.getByRole('region', { name: '掌握程度' })).toHaveTextContent('45%');
    const time = screen.getByRole('region', { name: '学习时长' });
    expect(time).toHaveTextContent('1.5小时');
    expect(time).toHaveTextContent('本周 0.4 小时');

    const romance = courseItem('恋爱心理学入门');
    expect(within(romance).getByText('初级')).toBeInTheDocument();
    expect(within(romance).getByText('心理学')).toBeInTheDocument();
    expect(romance).toHaveTextContent('已掌握 9 / 15 个知识点');
    expect(within(romance).getByRole('button', { name: /继续学习/ })).toBeInTheDocument();
    expect(within(romance).getByRole('link', { name: '详情' })).toHaveAttribute('href', '/knowledge/courses/display/1');
    const colourOf = (name: string) => {
      const bar = within(courseItem(name)).getByRole('progressbar', { name: `${name}的掌握进度` });
      return bar.querySelector<HTMLElement>('.ant-progress-track')?.style.background ?? '';
    };
    expect(within(romance).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
    expect(colourOf('恋爱心理学入门')).toContain(hexToRgb(PROGRESS_COLOURS.amber));
    expect(colourOf('沟通与倾听')).toContain(hexToRgb(PROGRESS_COLOURS.green));
    expect(within(courseItem('情绪管理')).getByRole('button', { name: /开始学习/ })).toBeInTheDocument();

    const recent = screen.getByRole('region', { name: '最近掌握' });
    const [first, second] = within(recent).getAllByRole('listitem');
    expect(first).toHaveTextContent('依恋理论基础');
    expect(first).toHaveTextContent('恋爱心理学入门');
    expect(first).toHaveTextContent('100/100');
    expect(second).toHaveTextContent('吸引从何而来');
    expect(second).toHaveTextContent('自评掌握');
  });

  it('lists every mastered point on 查看全部', async () => {
    signInAs('mei');
    const recent = [11, 12, 13, 14, 15].map((id) => ({
      id,
      knowledgePointName: `知识点 ${id}`,
      courseName: '恋爱心理学入门',
      score: 90,
      masteredAt: NOW - id,
    }));
    const calls = fakeApi({
      ...answers([ok({ ...PROGRESS, recentMastered: recent })]),
      '/api/v1/knowledge/mastered/list': [
        ok({ list: [...recent, { ...recent[0], id: 16, knowledgePointName: '最早掌握的知识点' }], total: 6 }),
      ],
    });
    const user = userEvent.setup();
    renderProgress();
    const panel = await screen.findByRole('region', { name: '最近掌握' });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(5);
    await user.click(within(panel).getByRole('button', { name: '查看全部' }));
    expect(await within(panel).findByText('最早掌握的知识点')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/knowledge/mastered/list')?.body).toEqual({
      page: 1,
      pageSize: 50,
    });
    await user.click(within(panel).getByRole('button', { name: '收起' }));
    expect(within(panel).getAllByRole('listitem')).toHaveLength(5);
  });

  it('continues a course at the suggested point', async () => {
    signInAs('mei');
    fakeApi(answers());
    const user = userEvent.setup();
    renderProgress();
    await user.click(
      within(await screen.findByRole('listitem', { name: '恋爱心理学入门' })).getByRole('button', { name: /继续学习/ }),
    );
    expect(await screen.findByText('display /knowledge/courses/display/1 {"resume":true}')).toBeInTheDocument();
  });

  it('rates a due review: the point leaves the list and says when it comes back', async () => {
    signInAs('mei');
    const due = NOW + 4 * DAY;
    const calls = fakeApi({
      ...answers([ok(PROGRESS), ok({ ...PROGRESS, dueReviews: PROGRESS.dueReviews.slice(1) })]),
      '/api/v1/knowledge/review/submit': [ok({ dueAt: due })],
    });
    const user = userEvent.setup();
    renderProgress();
    const reviews = await screen.findByRole('region', { name: '待复习' });
    const group = within(reviews).getByRole('group', { name: '依恋理论基础' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent?.replace(/\s/g, '')),
    ).toEqual(['忘记了', '有点难', '记得', '很轻松']);
    await user.click(within(group).getByRole('button', { name: '记得' }));
    const date = new Date(due * 1000);
    const day = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    expect(await within(reviews).findByText(`「依恋理论基础」已复习，下次复习：${day}`)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/knowledge/review/submit')?.body).toEqual({
      kpId: 11,
      rating: 3,
    });
    expect(within(reviews).queryByRole('group', { name: '依恋理论基础' })).not.toBeInTheDocument();
    expect(within(reviews).getByRole('group', { name: '积极倾听' })).toBeInTheDocument();
  });

  it('says 还没有开始学习任何课程 with the way to the courses when nothing was started', async () => {
    signInAs('mei');
    fakeApi(
      answers([
        ok({
          ...PROGRESS,
          totalCourses: 0,
          completedCourses: 0,
          totalPoints: 0,
          masteredPoints: 0,
          progressPercent: 0,
          masteryPercent: 0,
          studySeconds: 0,
          weekSeconds: 0,
          courses: [],
          recentMastered: [],
          dueReviews: [],
        }),
      ]),
    );
    renderProgress();
    expect(await screen.findByText('还没有开始学习任何课程')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去看看课程' })).toHaveAttribute('href', '/knowledge/courses');
    expect(screen.queryByText('课程总数')).not.toBeInTheDocument();
    expect(await screen.findByText('认识自己：大五人格')).toBeInTheDocument();
  });

  it('says 加载学习进度失败 with a retry', async () => {
    signInAs('mei');
    fakeApi(answers([fail(500, 500, '数据库忙'), fail(500, 500, '数据库忙'), ok(PROGRESS)]));
    const user = userEvent.setup();
    renderProgress();
    expect(await screen.findByText('加载学习进度失败')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '重 试' }));
    expect(await screen.findByText('恋爱心理学入门', { selector: 'h4' })).toBeInTheDocument();
  });

  it('recommends courses with their score and reason, and previews two levels of a structure', async () => {
    signInAs('mei');
    const calls = fakeApi(answers());
    const user = userEvent.setup();
    renderProgress();
    const panel = await screen.findByRole('complementary', { name: '推荐课程' });
    const big = await within(panel).findByRole('listitem', { name: '认识自己：大五人格' });
    expect(calls.find((call) => call.path === '/api/v1/knowledge/courses/list')?.body).toEqual({
      page: 1,
      pageSize: 6,
      order: 'recommended',
    });
    expect(big).toHaveTextContent('中级');
    expect(big).toHaveTextContent('自我认知');
    expect(big).toHaveTextContent('匹配度 88');
    expect(big).toHaveTextContent('你已掌握它的 3 个前置知识点');

    await user.click(within(big).getByRole('button', { name: '预览 认识自己：大五人格' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('用大五人格模型认识自己的性格。')).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: '推荐理由' })).toHaveTextContent('你已掌握它的 3 个前置知识点');
    const structure = within(dialog).getByRole('tree');
    expect(within(structure).getByText('什么是大五人格')).toBeInTheDocument();
    expect(within(structure).getByText('外向性')).toBeInTheDocument();
    expect(within(structure).queryByText('外向与内向的误解')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: '去学习' })).toHaveAttribute(
      'href',
      '/knowledge/courses/display/4',
    );
    await user.click(within(dialog).getByRole('button', { name: '关 闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(panel).getByRole('button', { name: '预览 亲密关系中的冲突' }));
    expect(await within(await screen.findByRole('dialog')).findByText('暂无课程结构信息')).toBeInTheDocument();
  });

  it('says 获取推荐课程失败 when the recommendations do not load', async () => {
    signInAs('mei');
    fakeApi(answers(undefined, [fail(500, 500, '')]));
    renderProgress();
    expect(await screen.findByText('获取推荐课程失败')).toBeInTheDocument();
    expect(await screen.findByText('恋爱心理学入门', { selector: 'h4' })).toBeInTheDocument();
  });
});

function hexToRgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}
