import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, fail, ok, renderRoutes } from '../../../test/render';
import { signInAs } from '../testing';
import CreateBlogPage from './CreateBlogPage';

const LOOKUPS = {
  '/api/v1/blog/tag/list': [ok({ tags: [{ id: 1, tag: '交友' }], total: 1 })],
  '/api/v1/blog/category/list': [ok({ categories: [{ id: 1, category: '情感' }], total: 1 })],
};

function renderCreate() {
  return renderRoutes(
    [
      { path: '/blog/create', element: <CreateBlogPage /> },
      { path: '/blog/:id', element: <div>detail page</div> },
      { path: '/login', element: <div>login page</div> },
    ],
    '/blog/create',
  );
}

/** The markdown editor loads lazily; its textarea carries the form item's id. */
const contentBox = () => screen.findByLabelText('内容', { selector: 'textarea' }, { timeout: 10_000 });

const submit = () => screen.getByRole('button', { name: /提\s*交/ });

describe('CreateBlogPage', () => {
  it('says 请先登录 without a token and links to /login with a way back', async () => {
    renderCreate();
    expect(screen.getByText('请先登录')).toBeInTheDocument();
    expect(screen.queryByLabelText('标题')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /去登录/ })).toHaveAttribute('href', '/login?href=%2Fblog%2Fcreate');
  });

  it('asks for a title and content before sending, with the spec texts', async () => {
    signInAs('mei');
    const calls = fakeApi(LOOKUPS);
    const user = userEvent.setup();
    renderCreate();
    await contentBox();
    await user.click(submit());
    expect(await screen.findByText('请输入标题')).toBeInTheDocument();
    expect(await screen.findByText('请输入内容')).toBeInTheDocument();

    await user.type(screen.getByLabelText('标题'), '你好');
    expect(await screen.findByText('长度在 3 到 100 个字符')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '很'.repeat(101) } });
    await waitFor(() => expect(screen.queryByText('请输入标题')).not.toBeInTheDocument());
    expect(await screen.findByText('长度在 3 到 100 个字符')).toBeInTheDocument();

    fireEvent.change(await contentBox(), { target: { value: '太短了' } });
    expect(await screen.findByText('内容至少需要 10 个字符')).toBeInTheDocument();
    await user.click(submit());
    await waitFor(() => expect(screen.queryByText('请输入内容')).not.toBeInTheDocument());
    expect(calls.filter((call) => !call.path.endsWith('/list'))).toEqual([]);
  });

  it('publishes with the current user as author, says 博客发布成功 and opens the new article', async () => {
    signInAs('mei');
    const calls = fakeApi({ ...LOOKUPS, '/api/v1/blog/create': [ok({ id: 42 })] });
    const user = userEvent.setup();
    const { router } = renderCreate();
    fireEvent.change(await contentBox(), { target: { value: '## 你好\n\n这是一篇足够长的正文。' } });
    await user.type(screen.getByLabelText('标题'), '  第一次见面  ');
    await user.type(screen.getByLabelText('标签'), '新标签{Enter}');
    await user.type(screen.getByLabelText('摘要'), '一段摘要');
    await user.click(screen.getByRole('switch'));
    await user.click(submit());

    await screen.findByText('detail page');
    expect(router.state.location.pathname).toBe('/blog/42');
    expect(await screen.findByText('博客发布成功')).toBeInTheDocument();
    const created = calls.find((call) => call.path === '/api/v1/blog/create');
    expect(created?.authorization).toBe('Bearer token-mei');
    expect(created?.body).toEqual({
      title: '第一次见面',
      tags: ['新标签'],
      categories: [],
      banner: '',
      twitterAuthor: '',
      authors: ['mei'],
      summary: '一段摘要',
      content: '## 你好\n\n这是一篇足够长的正文。',
      isPublished: 0,
    });
  });

  it('shows the server message when the server refuses, and 博客发布失败，请重试 when it cannot be reached', async () => {
    signInAs('mei');
    const answers: Parameters<typeof fakeApi>[0] = {
      ...LOOKUPS,
      '/api/v1/blog/create': [fail(400, 400, '作者 nobody 不存在')],
    };
    fakeApi(answers);
    const user = userEvent.setup();
    renderCreate();
    fireEvent.change(await contentBox(), { target: { value: '这是一篇足够长的正文内容。' } });
    await user.type(screen.getByLabelText('标题'), '标题三个字');
    await user.click(submit());
    expect(await screen.findByText('作者 nobody 不存在')).toBeInTheDocument();

    answers['/api/v1/blog/create'] = 'network-failure';
    await user.click(submit());
    expect(await screen.findByText('博客发布失败，请重试')).toBeInTheDocument();
  });

  it('refuses a banner that is not an image or is over 2 MB, before uploading', async () => {
    signInAs('mei');
    fakeApi(LOOKUPS);
    const user = userEvent.setup({ applyAccept: false });
    renderCreate();
    await contentBox();
    const input = () => document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input(), new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('只能上传图片文件!')).toBeInTheDocument();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input(), big);
    expect(await screen.findByText('图片大小不能超过 2MB!')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: '封面预览' })).not.toBeInTheDocument();
  });
});
