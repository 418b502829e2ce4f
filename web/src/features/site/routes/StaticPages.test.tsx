import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import FaqPage from './FaqPage';
import HelpAccountPage from './HelpAccountPage';
import HelpDocsPage from './HelpDocsPage';
import HelpGettingStartedPage from './HelpGettingStartedPage';
import HelpPage from './HelpPage';
import TeamPage from './TeamPage';

const routes = [
  { path: '/help', element: <HelpPage /> },
  { path: '/help/getting-started', element: <HelpGettingStartedPage /> },
  { path: '/help/account', element: <HelpAccountPage /> },
  { path: '/help/docs', element: <HelpDocsPage /> },
  { path: '/faq', element: <FaqPage /> },
  { path: '/team', element: <TeamPage /> },
];

describe('static pages', () => {
  it('help has three cards leading to their pages, and each page leads back', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/help');
    const cards = within(screen.getByRole('list', { name: '帮助主题' })).getAllByRole('link');
    expect(cards.map((card) => [card.getAttribute('aria-label'), card.getAttribute('href')])).toEqual([
      ['新手入门', '/help/getting-started'],
      ['账户设置', '/help/account'],
      ['使用文档', '/help/docs'],
    ]);

    await user.click(cards[1]);
    expect(await screen.findByRole('heading', { name: '退出登录' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/help/account');
    await user.click(screen.getByRole('link', { name: /返回帮助中心/ }));
    expect(router.state.location.pathname).toBe('/help');
  });

  it('getting started explains registration, profile, moments, blogs and assessments', () => {
    renderRoutes(routes, '/help/getting-started');
    for (const heading of ['注册与登录', '完善个人资料', '发布动态', '写博客', '参加心理测试']) {
      expect(screen.getByRole('heading', { name: heading, level: 2 })).toBeInTheDocument();
    }
  });

  it('the documentation page points at the API reference', () => {
    renderRoutes(routes, '/help/docs');
    expect(screen.getByRole('link', { name: /打开接口文档/ })).toHaveAttribute('href', '/api/docs');
  });

  it('the FAQ answers the five questions', () => {
    renderRoutes(routes, '/faq');
    const questions = screen.getAllByRole('button', { expanded: true });
    expect(questions.map((question) => question.textContent)).toEqual([
      '怎样注册心桥账号？',
      '我的个人信息会被谁看到？',
      '实名认证怎么做？',
      '钱包怎么充值？付费测试如何收费？',
      '遇到问题或不友善的行为，怎样反馈？',
    ]);
    expect(screen.getByText(/使用微信支付扫码即可为钱包充值/)).toBeInTheDocument();
  });

  it('the team page introduces four members, each with a painted portrait and a role', () => {
    renderRoutes(routes, '/team');
    const members = within(screen.getByRole('list', { name: '团队介绍' })).getAllByRole('listitem');
    expect(members).toHaveLength(4);
    expect(members.map((member) => within(member).getByRole('heading', { level: 2 }).textContent)).toEqual([
      '林晓',
      '许安然',
      '陈默',
      '周宁',
    ]);
    expect(members[1]).toHaveTextContent('心理咨询顾问');
    expect(within(members[0]).getByRole('img', { name: '林晓的画像' })).toBeInTheDocument();
    const portraits = members.map((member) => within(member).getByRole('img').getAttribute('src'));
    expect(new Set(portraits).size).toBe(4);
    for (const src of portraits) expect(src).toMatch(/svg/);
  });
});
