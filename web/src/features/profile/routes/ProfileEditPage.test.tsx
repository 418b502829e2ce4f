import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { myProfile, signIn } from '../testing';
import ProfileEditPage from './ProfileEditPage';

const NO_MAP = ok({ amapKey: '', amapSecurityCode: '' });

function renderPage() {
  return renderRoutes(
    [
      { path: '/user/info', element: <ProfileEditPage title="个人资料" /> },
      { path: '/user/account', element: <div>account page</div> },
    ],
    '/user/info',
  );
}

async function startEditing() {
  const user = userEvent.setup();
  renderPage();
  const nickname = await screen.findByLabelText(/^昵称/);
  expect(nickname).toBeDisabled();
  await user.click(screen.getByRole('button', { name: /编\s*辑/ }));
  expect(nickname).toBeEnabled();
  return { user, nickname };
}

const saveButton = () => screen.getByRole('button', { name: /保\s*存/ });

describe('ProfileEditPage', () => {
  it('asks a guest to sign in', () => {
    fakeApi({});
    renderPage();
    expect(screen.getByText('请先登录')).toBeInTheDocument();
    expect(screen.getByText('登录后才能查看和编辑个人资料')).toBeInTheDocument();
  });

  it('shows the profile read-only, with 待审核 beside a field waiting for review and the account link', async () => {
    signIn();
    fakeApi({
      '/api/v1/user/myprofile/get': [ok(myProfile({ nickname: '新昵称', underReview: ['nickname'] }))],
      '/api/v1/map/config': [NO_MAP],
    });
    renderPage();
    const nickname = await screen.findByLabelText(/^昵称/);
    expect(nickname).toHaveValue('新昵称');
    expect(nickname).toBeDisabled();
    expect(screen.getByLabelText(/^个人介绍/)).toBeDisabled();
    const label = document.querySelector('label[for="profile_nickname"]') as HTMLElement;
    expect(within(label).getByText('待审核')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(screen.getByRole('link', { name: /账户安全/ })).toHaveAttribute('href', '/user/account');
  });

  it('says why the latest change was rejected, with or without the admin’s remark', async () => {
    signIn();
    fakeApi({
      '/api/v1/user/myprofile/get': [
        ok(myProfile({ auditRemark: '昵称不能含联系方式', auditRejectedAt: 1_763_700_000 })),
      ],
      '/api/v1/map/config': [NO_MAP],
    });
    const { unmount } = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('资料修改未通过审核：昵称不能含联系方式');
    expect(alert.closest('.ant-alert-warning')).not.toBeNull();
    unmount();

    fakeApi({
      '/api/v1/user/myprofile/get': [ok(myProfile({ auditRemark: '', auditRejectedAt: 1_763_700_000 }))],
      '/api/v1/map/config': [NO_MAP],
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^资料修改未通过审核$/);
  });

  it('shows no rejection when the latest change passed or waits', async () => {
    signIn();
    fakeApi({
      '/api/v1/user/myprofile/get': [ok(myProfile())],
      '/api/v1/map/config': [NO_MAP],
    });
    renderPage();
    await screen.findByLabelText(/^昵称/);
    expect(screen.queryByText(/未通过审核/)).toBeNull();
  });

  it('checks the form before sending: nickname, height and weight', async () => {
    signIn();
    const calls = fakeApi({
      '/api/v1/user/myprofile/get': [ok(myProfile())],
      '/api/v1/map/config': [NO_MAP],
    });
    const { user, nickname } = await startEditing();
    await user.clear(nickname);
    await user.clear(screen.getByLabelText('身高'));
    await user.type(screen.getByLabelText('身高'), '-5');
    await user.type(screen.getByLabelText('体重'), '600');
    await user.click(saveButton());
    expect(await screen.findByText('请输入昵称')).toBeInTheDocument();
    expect(await screen.findByText('请输入有效的身高')).toBeInTheDocument();
    expect(await screen.findByText('请输入有效的体重')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/v1/user/profile/update')).toBe(false);
  });

  it('saves every field, says 保存成功, reloads and returns to reading', async () => {
    signIn();
    const calls = fakeApi({
      '/api/v1/user/myprofile/get': [ok(myProfile()), ok(myProfile({ occupation: '插画师' }))],
      '/api/v1/map/config': [NO_MAP],
      '/api/v1/user/profile/update': [ok(null)],
    });
    const { user } = await startEditing();
    const occupation = screen.getByLabelText('职业');
    await user.clear(occupation);
    await user.type(occupation, '插画师');
    await user.click(saveButton());

    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    const sent = calls.find((call) => call.path === '/api/v1/user/profile/update')?.body;
    expect(sent).toMatchObject({
      nickname: '小美',
      occupation: '插画师',
      birthday: 19950308,
      province: '11',
      city: '1101',
      district: '110105',
      lat: 399092,
      lng: 1163974,
      hobbies: ['draw', 'run'],
      income: 20,
    });
    expect(sent).not.toHaveProperty('photos');
    await waitFor(() => expect(screen.getByLabelText('职业')).toBeDisabled());
    expect(screen.getByLabelText('职业')).toHaveValue('插画师');
    expect(calls.filter((call) => call.path === '/api/v1/user/myprofile/get')).toHaveLength(2);
  });

  it('shows the server’s words when it refuses, and stays in editing', async () => {
    signIn();
    fakeApi({
      '/api/v1/user/myprofile/get': [ok(myProfile())],
      '/api/v1/map/config': [NO_MAP],
      '/api/v1/user/profile/update': [fail(400, 400, '会员须年满18周岁')],
    });
    const { user, nickname } = await startEditing();
    await user.click(saveButton());
    expect(await screen.findByText('会员须年满18周岁')).toBeInTheDocument();
    expect(nickname).toBeEnabled();
  });

  it('falls back to 保存失败 when the server gives no words', async () => {
    signIn();
    fakeApi({
      '/api/v1/user/myprofile/get': [ok(myProfile())],
      '/api/v1/map/config': [NO_MAP],
      '/api/v1/user/profile/update': [fail(500, 500, '')],
    });
    const { user } = await startEditing();
    await user.click(saveButton());
    expect(await screen.findByText('保存失败')).toBeInTheDocument();
  });

  it('cancel returns to reading with the stored values and reloads', async () => {
    signIn();
    const calls = fakeApi({
      '/api/v1/user/myprofile/get': [ok(myProfile())],
      '/api/v1/map/config': [NO_MAP],
    });
    const { user, nickname } = await startEditing();
    await user.type(nickname, '改了');
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.getByLabelText(/^昵称/)).toBeDisabled());
    await waitFor(() => expect(screen.getByLabelText(/^昵称/)).toHaveValue('小美'));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/v1/user/myprofile/get')).toHaveLength(2));
  });

  it('offers the map picker only when the site has a maps key', async () => {
    signIn();
    fakeApi({
      '/api/v1/user/myprofile/get': [ok(myProfile())],
      '/api/v1/map/config': [NO_MAP],
    });
    await startEditing();
    expect(screen.queryByRole('button', { name: /地图选点/ })).toBeNull();
  });

  it('shows 地图选点 for both regions when a key is configured', async () => {
    signIn();
    fakeApi({
      '/api/v1/user/myprofile/get': [ok(myProfile())],
      '/api/v1/map/config': [ok({ amapKey: 'key', amapSecurityCode: 'code' })],
    });
    await startEditing();
    expect(await screen.findAllByRole('button', { name: /地图选点/ })).toHaveLength(2);
    expect(document.querySelector('script[src*="webapi.amap.com"]')).toBeNull();
  });
});
