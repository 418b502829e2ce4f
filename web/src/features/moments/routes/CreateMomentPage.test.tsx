import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { fakeApi, ok, renderRoutes } from '../../../test/render';
import { NO_LOCATION } from '../components/LocationDialog';
import CreateMomentPage, { newMomentRequest } from './CreateMomentPage';

function signIn() {
  startSession({
    accessToken: 'token-1',
    accessExpire: Math.floor(Date.now() / 1000) + 3600,
    uuid: 'uuid-me',
    username: 'mei',
    nickname: '小美',
    sysRole: 'user',
  });
}

function renderCreate() {
  return renderRoutes(
    [
      { path: '/moment/create', element: <CreateMomentPage /> },
      { path: '/moment', element: <div>feed page</div> },
      { path: '/login', element: <div>login page</div> },
    ],
    '/moment/create',
  );
}

describe('CreateMomentPage', () => {
  it('says 请先登录 without a token and offers a way to sign in', async () => {
    const user = userEvent.setup();
    const { router } = renderCreate();
    expect(screen.getByText('请先登录')).toBeInTheDocument();
    expect(screen.queryByLabelText('内容')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /去登录/ }));
    await screen.findByText('login page');
    expect(router.state.location.search).toBe('?href=%2Fmoment%2Fcreate');
  });

  it('asks for content or an image before sending anything', async () => {
    signIn();
    const calls = fakeApi({});
    const user = userEvent.setup();
    renderCreate();
    await user.type(screen.getByLabelText('内容'), '   ');
    await user.click(screen.getByRole('button', { name: /发\s*布/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请输入内容或至少上传一张图片');
    expect(calls).toEqual([]);
  });

  it('publishes the text with the chosen visibility and goes to /moment', async () => {
    signIn();
    const calls = fakeApi({ '/api/v1/moment/create': [ok({ momentId: 42 })] });
    const user = userEvent.setup();
    const { router } = renderCreate();
    await user.type(screen.getByLabelText('内容'), '周末去爬山{Enter}风景很好');
    await user.click(screen.getByRole('combobox', { name: '谁可以看' }));
    await user.click(await screen.findByTitle('仅好友'));
    await user.click(screen.getByRole('button', { name: /发\s*布/ }));

    await screen.findByText('feed page');
    expect(router.state.location.pathname).toBe('/moment');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ path: '/api/v1/moment/create', authorization: 'Bearer token-1' });
    expect(calls[0].body).toEqual({
      content: '周末去爬山\n风景很好',
      images: [],
      visibility: 'friends',
      isTopic: 0,
      friendShow: 1,
      topicId: 0,
      province: '',
      city: '',
      region: '',
      landmark: '',
      longitude: null,
      latitude: null,
    });
  });

  it('shows the server message when publishing fails', async () => {
    signIn();
    fakeApi({
      '/api/v1/moment/create': [{ status: 400, body: { code: 400, message: '内容不能超过 2000 个字符', data: null } }],
    });
    const user = userEvent.setup();
    renderCreate();
    await user.type(screen.getByLabelText('内容'), '你好');
    await user.click(screen.getByRole('button', { name: /发\s*布/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('内容不能超过 2000 个字符');
  });

  it('refuses a file that is not an image with 只能上传图片文件!', async () => {
    signIn();
    const user = userEvent.setup({ applyAccept: false });
    renderCreate();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('只能上传图片文件!')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelectorAll('.ant-upload-list-item')).toHaveLength(0));
  });
});

describe('newMomentRequest', () => {
  it('sends the location names and coordinates as integers of degrees × 10000', () => {
    const body = newMomentRequest(' 你好 ', ['uploads/moment/a.jpg'], 'private', {
      ...NO_LOCATION,
      province: '浙江省',
      city: '杭州市',
      region: '西湖区',
      landmark: '断桥',
      longitude: 120.1551,
      latitude: 30.2741,
    });
    expect(body).toMatchObject({
      content: '你好',
      images: ['uploads/moment/a.jpg'],
      visibility: 'private',
      friendShow: 0,
      province: '浙江省',
      city: '杭州市',
      region: '西湖区',
      landmark: '断桥',
      longitude: 1201551,
      latitude: 302741,
    });
  });
});
