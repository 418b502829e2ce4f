import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok, renderAt } from '../../../test/render';
import { signInAs } from '../testing';
import { ExerciseDialog } from './ExerciseDialog';

const SUBMIT = '/api/v1/knowledge/exercise/submit';

const EXERCISE = {
  krId: 41,
  name: '小测验：依恋',
  passScore: 80,
  bestScore: null,
  kpIds: [11],
  questions: [
    { question: '依恋理论最早由谁提出？', options: ['弗洛伊德', '鲍尔比', '马斯洛'] },
    { question: '焦虑型依恋的人最担心什么？', options: ['被控制', '失去自由', '被抛弃'] },
  ],
};

const NAMES: Record<number, string> = { 11: '依恋理论基础' };

function renderDialog() {
  const onClose = vi.fn();
  renderAt(
    '/',
    <ExerciseDialog
      resource={{ krId: 41, name: '小测验：依恋' }}
      viewer="uuid-mei"
      nameOf={(kpId) => NAMES[kpId] ?? ''}
      onClose={onClose}
    />,
  );
  return { user: userEvent.setup(), onClose };
}

async function answer(user: ReturnType<typeof userEvent.setup>, first: string, second: string) {
  const dialog = await screen.findByRole('dialog');
  await user.click(
    within(await within(dialog).findByRole('radiogroup', { name: /依恋理论最早/ })).getByLabelText(first),
  );
  await user.click(within(within(dialog).getByRole('radiogroup', { name: /最担心什么/ })).getByLabelText(second));
  await user.click(within(dialog).getByRole('button', { name: '提交答案' }));
  return dialog;
}

describe('ExerciseDialog', () => {
  it('after a failed try marks the wrong answers without giving the right ones', async () => {
    signInAs('mei');
    fakeApi({
      '/api/v1/knowledge/exercise/get': [ok(EXERCISE)],
      [SUBMIT]: [ok({ score: 50, passed: false, correct: [true, false], mastered: [], blocked: [] })],
    });
    const { user } = renderDialog();
    const dialog = await answer(user, 'B. 鲍尔比', 'A. 被控制');

    expect(await within(dialog).findByText('未通过')).toBeInTheDocument();
    const items = within(dialog).getAllByRole('listitem');
    expect(within(items[0]).getByText(/回答正确/)).toBeInTheDocument();
    expect(within(items[1]).getByText(/回答错误/)).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('你的答案：A. 被控制');
    expect(dialog).not.toHaveTextContent('正确答案');
    expect(dialog).not.toHaveTextContent('被抛弃');
    expect(within(dialog).getByText(/答错的题目再想一想/)).toBeInTheDocument();
  });

  it('after a pass shows the right option of each question answered wrongly, and what it mastered', async () => {
    signInAs('mei');
    fakeApi({
      '/api/v1/knowledge/exercise/get': [
        ok({ ...EXERCISE, questions: [...EXERCISE.questions, ...EXERCISE.questions, EXERCISE.questions[0]] }),
      ],
      [SUBMIT]: [
        ok({
          score: 80,
          passed: true,
          correct: [true, true, true, true, false],
          answers: [1, 2, 1, 2, 1],
          mastered: [11],
          blocked: [],
        }),
      ],
    });
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog');
    const groups = await within(dialog).findAllByRole('radiogroup');
    for (const [index, group] of groups.entries()) {
      const label = index === 4 ? 'A. 弗洛伊德' : index % 2 === 0 ? 'B. 鲍尔比' : 'C. 被抛弃';
      await user.click(within(group).getByLabelText(label));
    }
    await user.click(within(dialog).getByRole('button', { name: '提交答案' }));

    expect(await within(dialog).findByText('通过')).toBeInTheDocument();
    const items = within(dialog).getAllByRole('listitem');
    expect(items[4]).toHaveTextContent('正确答案：B. 鲍尔比');
    expect(items[0]).not.toHaveTextContent('正确答案');
    expect(within(dialog).getByRole('status')).toHaveTextContent('已掌握：依恋理论基础');
  });

  it('says the hourly limit when the server refuses another try', async () => {
    signInAs('mei');
    const calls = fakeApi({
      '/api/v1/knowledge/exercise/get': [ok(EXERCISE)],
      [SUBMIT]: [fail(429, 429, '这道习题每小时最多提交 5 次，请 42 分钟 后再试')],
    });
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/每道习题每小时最多提交 5 次/)).toBeInTheDocument();
    await answer(user, 'B. 鲍尔比', 'C. 被抛弃');

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '这道习题每小时最多提交 5 次，请 42 分钟 后再试',
    );
    expect(calls.filter((call) => call.path === SUBMIT)).toHaveLength(1);
    // The answers stay, to send once the hour has passed.
    expect(within(dialog).getByRole('button', { name: '提交答案' })).toBeEnabled();
  });
});
