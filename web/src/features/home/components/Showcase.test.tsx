import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render';
import { FeatureGrid } from './FeatureGrid';
import { Testimonials } from './Testimonials';

describe('FeatureGrid', () => {
  it('links the six features to their pages', () => {
    renderAt('/', <FeatureGrid />);
    const links = within(screen.getByRole('list', { name: '功能导航' })).getAllByRole('link');
    expect(links.map((link) => [link.querySelector('strong')?.textContent, link.getAttribute('href')])).toEqual([
      ['动态', '/moment'],
      ['博客', '/blog'],
      ['心理测试', '/testlist'],
      ['知识课程', '/knowledge/courses'],
      ['推荐', '/people'],
      ['AI 聊天', '/ai-chat'],
    ]);
  });

  it('leads to the mini test below the six features', () => {
    renderAt('/', <FeatureGrid />);
    expect(screen.getByRole('link', { name: /心理健康小测试/ })).toHaveAttribute('href', '/mentaltest');
  });
});

describe('Testimonials', () => {
  it('quotes four members by first name', () => {
    renderAt('/', <Testimonials />);
    const items = within(screen.getByRole('list', { name: '会员评价' })).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual(['晓雯', '志强', '佳怡', '浩然']);
    expect(items[0].querySelector('blockquote')).toHaveTextContent(/实名认证也让人放心/);
  });
});
