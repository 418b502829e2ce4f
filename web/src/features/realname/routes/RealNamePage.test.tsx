import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OwnSubmissionData } from '../../../api/generated/types.gen';
import { startSession } from '../../../lib/session';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import RealNamePage from './RealNamePage';

const NUMBER = '11010519491231002X';
/** What verify/get answers: the server never sends the whole number back. */
const MASKED = '1101**********002X';

function signIn() {
  startSession({
    accessToken: 'token-1',
    accessExpire: Math.floor(Date.now() / 1000) + 3600,
    uuid: 'uuid-me',
    username: 'zhangsan',
    nickname: '张三',
    sysRole: 'user',
  });
}

function own(overrides: Partial<OwnSubmissionData> = {}): OwnSubmissionData {
  return { name: '', idcard: '', idcard_front: '', idcard_back: '', audit_status: 0, fail_reason: '', ...overrides };
}

const SUBMITTED = own({
  name: '张三',
  idcard: MASKED,
  idcard_front: 'idcard/2025/11/front.png',
  idcard_back: 'idcard/2025/11/back.png',
});

type Answers = Parameters<typeof fakeApi>[0];

/**
 * fakeApi, plus the two card uploads (multipart bodies, which fakeApi's JSON reading cannot take):
 * each answers the path it stored, or `uploadAnswer` when given.
 */
function fakeServer(answers: Answers, uploadAnswer?: { status: number; body: unknown } | 'network-failure') {
  const calls = fakeApi(answers);
  const jsonFetch = globalThis.fetch;
  const uploads: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const path = new URL(request.url).pathname;
    const side = /^\/api\/v1\/upload\/idcard\/(front|back)$/.exec(path)?.[1];
    if (!side) return jsonFetch(input);
    uploads.push(side);
    if (uploadAnswer === 'network-failure') throw new TypeError('Failed to fetch');
    const answer = uploadAnswer ?? {
      status: 200,
      body: { code: 200, message: `idcard/new/${side}.png`, data: { filename: `idcard/new/${side}.png` } },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as typeof fetch;
  return { calls, uploads };
}

function renderPage() {
  signIn();
  return renderRoutes(
    [
      { path: '/real-name-verification', element: <RealNamePage title="实名认证" /> },
      { path: '/my', element: <div>my page</div> },
    ],
    '/real-name-verification',
  );
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const submitButton = () => screen.getByRole('button', { name: '提交认证' });
const toast = (text: string) => screen.findByText(text, { selector: '.ant-message *' });

describe('RealNamePage', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('keeps submit off until all four are filled, with the spec sentences for what is missing', async () => {
    fakeServer({ '/api/v1/idcard/verify/get': [ok(own())] });
    const user = userEvent.setup();
    renderPage();
    const name = await screen.findByLabelText('真实姓名');
    expect(submitButton()).toBeDisabled();
    expect(screen.queryByText('检测到您已有实名认证数据，已自动填入')).toBeNull();

    await user.type(name, '张');
    await user.clear(name);
    expect(await screen.findByText('请输入真实姓名', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();

    const number = screen.getByLabelText('身份证号码');
    expect(number).toHaveAttribute('maxlength', '18');
    await user.type(number, '1');
    await user.clear(number);
    expect(
      await screen.findByText('请输入身份证号码', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();

    await user.type(name, '张三');
    await user.type(number, NUMBER);
    expect(screen.getByText(/提交前还需：请上传身份证正面照片；请上传身份证背面照片/)).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();

    await user.upload(screen.getByLabelText('身份证正面照片'), png('front.png'));
    expect(await screen.findByText(/提交前还需：请上传身份证背面照片/)).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it('uploads both sides to their endpoints, submits, says so and goes to /my', async () => {
    const { calls, uploads } = fakeServer({
      '/api/v1/idcard/verify/get': [ok(own())],
      '/api/v1/idcard/verify': [{ body: { code: 200, message: '实名认证提交成功，请等待审核', data: {} } }],
    });
    const user = userEvent.setup();
    const { router } = renderPage();
    await user.type(await screen.findByLabelText('真实姓名'), ' 张三 ');
    await user.type(screen.getByLabelText('身份证号码'), '11010519491231002x');
    await user.upload(screen.getByLabelText('身份证正面照片'), png('front.png'));
    await user.upload(screen.getByLabelText('身份证背面照片'), png('back.png'));
    expect(await screen.findByRole('img', { name: '已上传的身份证背面照片' })).toHaveAttribute('src', 'blob:preview');
    expect(uploads).toEqual(['front', 'back']);
    await waitFor(() => expect(submitButton()).toBeEnabled());

    await user.click(submitButton());
    expect(await toast('实名认证提交成功，请等待审核')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my'));
    expect(calls.find((call) => call.path === '/api/v1/idcard/verify')?.body).toEqual({
      name: '张三',
      idcard: NUMBER,
      idcard_front: 'idcard/new/front.png',
      idcard_back: 'idcard/new/back.png',
    });
  });

  it('refuses a file that is not an image before sending it', async () => {
    const { uploads } = fakeServer({ '/api/v1/idcard/verify/get': [ok(own())] });
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    const picker = await screen.findByLabelText('身份证正面照片');
    await user.upload(picker, new File(['%PDF'], 'card.pdf', { type: 'application/pdf' }));
    expect(await toast('只能上传图片文件!')).toBeInTheDocument();
    expect(uploads).toEqual([]);
  });

  it('shows the server words when an upload is refused', async () => {
    fakeServer({ '/api/v1/idcard/verify/get': [ok(own())] }, fail(413, 413, '图片大小不能超过 5MB!'));
    const user = userEvent.setup();
    renderPage();
    await user.upload(await screen.findByLabelText('身份证正面照片'), png('front.png'));
    expect(await toast('图片大小不能超过 5MB!')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it('asks to retry when an upload gets no answer', async () => {
    fakeServer({ '/api/v1/idcard/verify/get': [ok(own())] }, 'network-failure');
    const user = userEvent.setup();
    renderPage();
    await user.upload(await screen.findByLabelText('身份证背面照片'), png('back.png'));
    expect(await toast('上传失败，请重试')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: '已上传的身份证背面照片' })).toBeNull();
  });

  it('prefills a rejected submission but the number, says so, shows the reason and lets the member resubmit', async () => {
    const { calls } = fakeServer({
      '/api/v1/idcard/verify/get': [ok({ ...SUBMITTED, audit_status: 3, fail_reason: '身份证照片模糊' })],
      '/api/v1/idcard/image': [{ body: 'image' }],
      '/api/v1/idcard/verify': [fail(400, 400, '身份证号码无效')],
    });
    const user = userEvent.setup();
    renderPage();
    expect(await toast('检测到您已有实名认证数据，已自动填入')).toBeInTheDocument();
    expect(screen.getByText('未通过：身份证照片模糊')).toBeInTheDocument();
    expect(screen.getByLabelText('真实姓名')).toHaveValue('张三');
    const number = screen.getByLabelText('身份证号码');
    expect(number).toHaveValue('');
    expect(number).not.toHaveAttribute('readonly');
    expect(screen.getByText(`上次提交的号码为 ${MASKED}，请重新输入完整的身份证号码`)).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: '已上传的身份证正面照片' })).toHaveAttribute('src', 'blob:preview');
    const imageCall = calls.find((call) => call.path === '/api/v1/idcard/image');
    expect(imageCall?.authorization).toBe('Bearer token-1');

    expect(submitButton()).toBeDisabled();
    await user.type(number, NUMBER);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    expect(await toast('身份证号码无效')).toBeInTheDocument();
    expect(screen.getByText('未通过：身份证照片模糊')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/idcard/verify')?.body).toMatchObject({ idcard: NUMBER });
  });

  it('asks to retry when the submission gets no answer', async () => {
    fakeServer({
      '/api/v1/idcard/verify/get': [ok({ ...SUBMITTED, audit_status: 3, fail_reason: '照片不完整' })],
      '/api/v1/idcard/image': [{ body: 'image' }],
      '/api/v1/idcard/verify': 'network-failure',
    });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('身份证号码'), NUMBER);
    await user.click(screen.getByRole('button', { name: '提交认证' }));
    expect(await toast('提交失败，请重试')).toBeInTheDocument();
  });

  it('under review: says 审核中 and shows the prefilled form read-only, without a submit button', async () => {
    fakeServer({
      '/api/v1/idcard/verify/get': [ok({ ...SUBMITTED, audit_status: 1 })],
      '/api/v1/idcard/image': [{ body: 'image' }],
    });
    renderPage();
    expect(await screen.findByText('审核中')).toBeInTheDocument();
    expect(screen.getByLabelText('真实姓名')).toHaveValue('张三');
    expect(screen.getByLabelText('真实姓名')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('身份证号码')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('身份证号码')).toHaveValue(MASKED);
    expect(screen.queryByRole('button', { name: '提交认证' })).toBeNull();
    expect(screen.queryByText('重新上传')).toBeNull();
    expect(screen.getByRole('button', { name: /^返\s*回$/ })).toBeInTheDocument();
    expect(await screen.findAllByRole('img', { name: /已上传的身份证/ })).toHaveLength(2);
  });

  it('passed: says so with the masked number and shows no form', async () => {
    fakeServer({ '/api/v1/idcard/verify/get': [ok({ ...SUBMITTED, audit_status: 2 })] });
    renderPage();
    expect(await screen.findByRole('heading', { name: '已通过实名认证' })).toBeInTheDocument();
    expect(screen.getByText(MASKED)).toBeInTheDocument();
    expect(screen.queryByText(NUMBER)).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByText('检测到您已有实名认证数据，已自动填入')).toBeNull();
    expect(screen.getByRole('link', { name: '返回我的' })).toHaveAttribute('href', '/my');
  });

  it('hints at a wrong check character without blocking the server check', async () => {
    fakeServer({ '/api/v1/idcard/verify/get': [ok(own())] });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('身份证号码'), '110105194912310021');
    const hint = await screen.findByText('身份证号码校验位不正确，请核对后再提交');
    expect(within(hint.closest('.ant-form-item')!).getByLabelText('身份证号码')).toBeInTheDocument();
  });

  it('cancel goes back (to /my when the page was opened directly)', async () => {
    fakeServer({ '/api/v1/idcard/verify/get': [ok(own())] });
    const user = userEvent.setup();
    const { router } = renderPage();
    await user.click(await screen.findByRole('button', { name: '取 消' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my'));
  });
});
