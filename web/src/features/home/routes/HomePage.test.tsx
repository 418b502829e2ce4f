import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import HomePage from './HomePage';

const FIXED_TITLES = ['心桥上线：让真诚的心相遇', '第一次线上聊天，说些什么好？', '写给认真交友的你：安全小贴士'];

function article(id: number) {
  return {
    id,
    title: `最新文章 ${id}`,
    summary: '摘要',
    content: '# 不该被首页读取的正文',
    banner: id === 9 ? 'uploads/banner/a.jpg' : '',
    tags: ['交友'],
    categories: [],
    authors: ['mei'],
    authorId: 'uuid-mei',
    twitterAuthor: '',
    avatar: '',
    createdAt: 1_750_000_000,
    isPublished: 1,
  };
}

function renderHome() {
  return renderRoutes([{ path: '/', element: <HomePage /> }], '/');
}

const newsCards = async () => within(await screen.findByRole('list', { name: '最新文章' })).getAllByRole('listitem');

describe('HomePage latest news', () => {
  it('shows the three newest published articles, linked to their pages', async () => {
    const calls = fakeApi({
      '/api/v1/site/config': [ok({ filingNumber: '', wechatOpenLogin: false, wechatOfficialLogin: false })],
      '/api/v1/blog/list': [ok({ blogs: [article(9), article(8), article(7)], total: 12 })],
    });
    renderHome();
    expect(await screen.findByRole('link', { name: '最新文章 9' })).toHaveAttribute('href', '/blog/9');
    expect(screen.getByRole('link', { name: '最新文章 7' })).toHaveAttribute('href', '/blog/7');
    expect(await newsCards()).toHaveLength(3);
    expect(document.querySelector('img[src="/api/v1/uploads/banner/a.jpg"]')).not.toBeNull();
    expect(screen.queryByText(FIXED_TITLES[0])).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/blog/list')?.body).toEqual({ page: 1, pageSize: 3 });
  });

  it('falls back to the three fixed cards on an empty site', async () => {
    fakeApi({
      '/api/v1/site/config': [ok({ filingNumber: '', wechatOpenLogin: false, wechatOfficialLogin: false })],
      '/api/v1/blog/list': [ok({ blogs: [], total: 0 })],
    });
    renderHome();
    for (const title of FIXED_TITLES) expect(await screen.findByText(title)).toBeInTheDocument();
    expect(await newsCards()).toHaveLength(3);
  });

  it('falls back to the three fixed cards when the list fails', async () => {
    fakeApi({
      '/api/v1/site/config': [ok({ filingNumber: '', wechatOpenLogin: false, wechatOfficialLogin: false })],
      '/api/v1/blog/list': [fail(500, 500, '内部错误')],
    });
    renderHome();
    for (const title of FIXED_TITLES) expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: FIXED_TITLES[1] })).toHaveAttribute('href', '/blog');
  });
});
