import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, renderAt } from '../../../test/render';
import FeedbackPage from './FeedbackPage';

type User = ReturnType<typeof userEvent.setup>;

const thanks = { body: { code: 200, message: 'Thank you for your feedback!', data: null } };

async function fill(user: User) {
  await user.type(screen.getByLabelText('称呼'), ' 小李 ');
  await user.type(screen.getByLabelText('邮箱'), 'li@example.com');
  await user.click(screen.getByRole('combobox', { name: '反馈类型' }));
  await user.click(await screen.findByTitle('问题报告'));
  await user.type(screen.getByLabelText('反馈内容'), '手机上发布动态时图片预览不显示');
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: /提交反馈/ }));

describe('FeedbackPage', () => {
  it('names each missing field in English and sends nothing', async () => {
    const calls = fakeApi({});
    const user = userEvent.setup();
    renderAt('/feedback', <FeedbackPage />);
    await submit(user);
    for (const text of [
      'Please enter your name',
      'Please enter your email',
      'Please select feedback type',
      'Please enter your feedback message',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(calls).toEqual([]);
  });

  it('refuses an email that is not an address', async () => {
    const calls = fakeApi({});
    const user = userEvent.setup();
    renderAt('/feedback', <FeedbackPage />);
    await user.type(screen.getByLabelText('邮箱'), 'li@@example.com');
    await submit(user);
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('posts name, email, type and message, thanks the sender and clears the form', async () => {
    const calls = fakeApi({ '/api/v1/feedback/create': [thanks] });
    const user = userEvent.setup();
    renderAt('/feedback', <FeedbackPage />);
    await fill(user);
    await submit(user);

    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your feedback!');
    expect(calls).toHaveLength(1);
    expect(calls[0].path).toBe('/api/v1/feedback/create');
    expect(calls[0].body).toEqual({
      name: '小李',
      email: 'li@example.com',
      type: 'bug',
      message: '手机上发布动态时图片预览不显示',
    });
    expect(screen.getByLabelText('称呼')).toHaveValue('');
    expect(screen.getByLabelText('反馈内容')).toHaveValue('');
    expect(screen.queryByTitle('问题报告')).not.toBeInTheDocument();
  });

  it("shows the server's words when it refuses, and keeps what was typed", async () => {
    fakeApi({ '/api/v1/feedback/create': [fail(429, 429, '提交太频繁，请稍后再试')] });
    const user = userEvent.setup();
    renderAt('/feedback', <FeedbackPage />);
    await fill(user);
    await submit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('提交太频繁，请稍后再试');
    expect(screen.queryByText('Thank you for your feedback!')).not.toBeInTheDocument();
    expect(screen.getByLabelText('反馈内容')).toHaveValue('手机上发布动态时图片预览不显示');
  });
});
