import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import AboutPage from './AboutPage';

const blog = (id: number, title: string, summary: string) => ({
  id,
  title,
  summary,
  content: '',
  banner: '',
  tags: [],
  categories: [],
  authors: ['xiaomei'],
  authorId: 'u1',
  twitterAuthor: '',
  avatar: '',
  createdAt: 1_735_689_600,
  isPublished: 1,
});

function renderAbout(path = '/about') {
  return renderRoutes([{ path: '/about', element: <AboutPage /> }], path);
}

const blogCalls = <T extends { path: string }>(calls: T[]) => calls.filter((call) => call.path === '/api/v1/blog/list');

describe('AboutPage', () => {
  it('tells what 心桥 is and sends nothing without a search', () => {
    const calls = fakeApi({});
    renderAbout();
    expect(screen.getByRole('heading', { name: '关于心桥', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/面向单身朋友的中文交友社区/)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('searches the blog and the FAQ and help texts for ?search=, with links to each', async () => {
    const calls = fakeApi({
      '/api/v1/blog/list': [ok({ blogs: [blog(7, '实名认证之后，我更安心了', '一位会员的经历')], total: 1 })],
    });
    renderAbout('/about?search=实名认证');

    expect(screen.getByRole('searchbox', { name: '搜索博客文章、常见问题和帮助' })).toHaveValue('实名认证');
    const blogs = await screen.findByRole('list', { name: '博客文章' });
    expect(within(blogs).getByRole('link', { name: /实名认证之后，我更安心了/ })).toHaveAttribute('href', '/blog/7');
    expect(blogCalls(calls)).toHaveLength(1);
    expect(blogCalls(calls)[0].body).toEqual({ page: 1, pageSize: 9, keyword: '实名认证' });

    const pages = screen.getByRole('list', { name: '常见问题与帮助' });
    expect(within(pages).getByRole('link', { name: /实名认证怎么做？/ })).toHaveAttribute('href', '/faq');
    expect(within(pages).getByRole('link', { name: /账户设置 · 隐私设置/ })).toHaveAttribute('href', '/help/account');
  });

  it('puts a typed search into the address and says when nothing matches', async () => {
    const calls = fakeApi({ '/api/v1/blog/list': [ok({ blogs: [], total: 0 })] });
    const user = userEvent.setup();
    const { router } = renderAbout();
    await user.type(screen.getByRole('searchbox'), '  所有设备{Enter}');

    expect(router.state.location.search).toBe(`?search=${encodeURIComponent('所有设备')}`);
    expect(await screen.findByText('没有找到相关的博客文章')).toBeInTheDocument();
    expect(blogCalls(calls)[0].body).toMatchObject({ keyword: '所有设备' });
    const pages = screen.getByRole('list', { name: '常见问题与帮助' });
    expect(
      within(pages)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/help/account']);
  });

  it('lets the box hold at most 20 characters', async () => {
    fakeApi({ '/api/v1/blog/list': [ok({ blogs: [], total: 0 })] });
    const user = userEvent.setup();
    renderAbout();
    await user.type(screen.getByRole('searchbox'), '一二三四五六七八九十一二三四五六七八九十多余');
    expect(screen.getByRole('searchbox')).toHaveValue('一二三四五六七八九十一二三四五六七八九十');
  });

  it('refuses a longer ?search= with the rule text, without asking the server', () => {
    const calls = fakeApi({});
    renderAbout(`/about?search=${encodeURIComponent('字'.repeat(21))}`);
    expect(screen.getByRole('alert')).toHaveTextContent('搜索内容不能超过 20 个字符');
    expect(calls).toEqual([]);
  });

  it("shows the server's message when the blog search fails, and still lists FAQ matches", async () => {
    fakeApi({ '/api/v1/blog/list': [fail(400, 400, '搜索内容不能超过 20 个字符')] });
    renderAbout('/about?search=微信支付');
    expect(await screen.findByRole('alert')).toHaveTextContent('搜索内容不能超过 20 个字符');
    const pages = screen.getByRole('list', { name: '常见问题与帮助' });
    expect(within(pages).getByRole('link', { name: /钱包怎么充值/ })).toHaveAttribute('href', '/faq');
  });
});
