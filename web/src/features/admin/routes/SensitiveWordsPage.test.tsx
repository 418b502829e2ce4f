import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderAt } from '../../../test/render';
import { signInAs } from '../testing';
import SensitiveWordsPage from './SensitiveWordsPage';

const WORDS = '/api/v1/admin/moderation/words';
const SAVE = '/api/v1/admin/moderation/words/save';

async function renderPage() {
  const user = userEvent.setup();
  renderAt('/admin/sensitive-words', <SensitiveWordsPage title="敏感词管理" />);
  const editor = await screen.findByRole('textbox', { name: '敏感词（每行一个）' });
  return { user, editor };
}

describe('SensitiveWordsPage', () => {
  it('shows the words as tags and in the editor, and saves the edited list', async () => {
    signInAs();
    const calls = fakeApi({
      [WORDS]: [ok({ words: ['加微信', '转账'] })],
      [SAVE]: [{ body: { code: 200, message: '保存成功', data: { words: ['刷单', '加微信', '转账'] } } }],
    });
    const { user, editor } = await renderPage();
    const current = screen.getByRole('region', { name: '当前敏感词（2）' });
    expect(
      within(current)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['加微信', '转账']);
    expect(editor).toHaveValue('加微信\n转账');
    const save = screen.getByRole('button', { name: /保\s*存/ });
    expect(save).toBeDisabled();

    await user.type(editor, '\n 刷单 \n\n加微信');
    await user.click(save);
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(calls.find((call) => call.path === SAVE)?.body).toEqual({ words: ['加微信', '转账', '刷单'] });
    expect(editor).toHaveValue('刷单\n加微信\n转账');
    expect(screen.getByRole('region', { name: '当前敏感词（3）' })).toBeInTheDocument();
  });

  it('refuses a word over 20 characters before asking the server', async () => {
    signInAs();
    const calls = fakeApi({ [WORDS]: [ok({ words: [] })] });
    const { user, editor } = await renderPage();
    expect(screen.getByText('还没有敏感词')).toBeInTheDocument();
    await user.type(editor, '字'.repeat(21));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(screen.getByRole('alert')).toHaveTextContent(`敏感词不能超过 20 个字符：${'字'.repeat(21)}`);
    expect(calls.map((call) => call.path)).toEqual([WORDS]);
  });

  it('names a failed load, with a retry', async () => {
    signInAs();
    const refusal = fail(500, 500, '服务器开小差了');
    fakeApi({ [WORDS]: [refusal, refusal, ok({ words: ['加微信'] })] });
    const user = userEvent.setup();
    renderAt('/admin/sensitive-words', <SensitiveWordsPage title="敏感词管理" />);
    expect(await screen.findByText('获取敏感词失败')).toBeInTheDocument();
    expect(screen.getByText('服务器开小差了')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: '敏感词（每行一个）' })).toHaveValue('加微信'));
  });
});
