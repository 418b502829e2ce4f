import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import AntdProviders from '../../../../app/AntdProviders';
import type { ExerciseQuestion } from '../../../../api/generated/types.gen';
import { questionDrafts, questionsOf, questionsProblem, type QuestionDraft } from '../model';
import { QuestionsEditor } from './QuestionsEditor';

const FLOODING: ExerciseQuestion = {
  question: '争吵中感到情绪淹没时，哪种做法最合适？',
  options: ['立刻摔门离开', '坚持吵完', '说明需要暂停，约定二十分钟后再谈'],
  answer: 2,
};
const ANGER: ExerciseQuestion = {
  question: '关于“打沙袋发泄愤怒”，实验发现了什么？',
  options: ['能迅速消除怒气', '反而让人更愤怒'],
  answer: 1,
};

/** The editor as the resource form holds it, with the form's rule; `saved` gets what would be sent. */
function Harness({ initial, saved }: { initial: ExerciseQuestion[]; saved: ExerciseQuestion[][] }) {
  const [checked, setChecked] = useState(false);
  return (
    <Form
      initialValues={{ questions: questionDrafts(initial) }}
      onFinish={(values: { questions: QuestionDraft[] }) => saved.push(questionsOf(values.questions))}
      onFinishFailed={() => setChecked(true)}
    >
      <Form.Item
        name="questions"
        validateTrigger={checked ? 'onChange' : false}
        rules={[
          {
            validator: async (_, drafts: QuestionDraft[]) => {
              const problem = questionsProblem(drafts);
              if (problem) throw new Error(problem);
            },
          },
        ]}
      >
        <QuestionsEditor />
      </Form.Item>
      <Button htmlType="submit">保存</Button>
    </Form>
  );
}

function renderEditor(initial: ExerciseQuestion[] = []) {
  const saved: ExerciseQuestion[][] = [];
  const user = userEvent.setup();
  render(
    <AntdProviders>
      <Harness initial={initial} saved={saved} />
    </AntdProviders>,
  );
  const save = async () => user.click(screen.getByRole('button', { name: /保\s*存/ }));
  return { user, saved, save };
}

const card = (number: number) =>
  screen.getByRole('textbox', { name: `第 ${number} 题 题目` }).closest('li') as HTMLElement;

describe('QuestionsEditor', () => {
  it('starts empty and adds a question with four blank options and no answer', async () => {
    const { user } = renderEditor();
    expect(screen.getByText('还没有题目。没有题目的习题只展示上面的内容，学员不能在线作答。')).toBeInTheDocument();
    expect(screen.getByText('共 0 道题，最多 30 道')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /添加题目/ }));
    const text = screen.getByRole('textbox', { name: '第 1 题 题目' });
    expect(text).toHaveFocus();
    for (const letter of ['A', 'B', 'C', 'D']) {
      expect(screen.getByRole('textbox', { name: `第 1 题 选项 ${letter}` })).toHaveValue('');
      expect(screen.getByRole('radio', { name: `第 1 题 选项 ${letter} 为正确答案` })).not.toBeChecked();
    }
    expect(screen.getByText('共 1 道题，最多 30 道')).toBeInTheDocument();
    // Not checked while still being written.
    expect(screen.queryByText(/须为 1 到 500 个字/)).not.toBeInTheDocument();
  });

  it('adds options up to six, keeps two, and keeps the answer on its option', async () => {
    const { user, saved, save } = renderEditor([FLOODING]);
    expect(screen.getByRole('radio', { name: '第 1 题 选项 C 为正确答案' })).toBeChecked();
    expect(within(card(1)).getByText('正确答案')).toBeInTheDocument();

    const addOption = screen.getByRole('button', { name: '第 1 题 添加选项' });
    await user.click(addOption);
    await user.click(addOption);
    await user.click(addOption);
    expect(screen.getByRole('textbox', { name: '第 1 题 选项 F' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '第 1 题 添加选项' })).not.toBeInTheDocument();
    // The letters close up behind a removed option: D three times removes D, E and F.
    for (let removed = 0; removed < 3; removed += 1) {
      await user.click(screen.getByRole('button', { name: '删除第 1 题的选项 D' }));
    }
    expect(screen.queryByRole('textbox', { name: '第 1 题 选项 D' })).not.toBeInTheDocument();

    // Removing A moves the answer with its option, from C to B.
    await user.click(screen.getByRole('button', { name: '删除第 1 题的选项 A' }));
    expect(screen.getByRole('textbox', { name: '第 1 题 选项 A' })).toHaveValue('坚持吵完');
    expect(screen.getByRole('radio', { name: '第 1 题 选项 B 为正确答案' })).toBeChecked();
    expect(screen.getByRole('button', { name: '删除第 1 题的选项 A' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '删除第 1 题的选项 B' })).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: '第 1 题 选项 A 为正确答案' }));
    await save();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual([
      { question: FLOODING.question, options: ['坚持吵完', '说明需要暂停，约定二十分钟后再谈'], answer: 0 },
    ]);
  });

  it('moves and deletes questions', async () => {
    const { user, saved, save } = renderEditor([FLOODING, ANGER]);
    expect(screen.getByRole('button', { name: '上移第 1 题' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '下移第 2 题' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '下移第 1 题' }));
    expect(screen.getByRole('textbox', { name: '第 1 题 题目' })).toHaveValue(ANGER.question);
    expect(screen.getByRole('radio', { name: '第 1 题 选项 B 为正确答案' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '第 2 题 选项 C 为正确答案' })).toBeChecked();
    await save();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual([ANGER, FLOODING]);

    await user.click(screen.getByRole('button', { name: '删除第 1 题' }));
    expect(screen.getByRole('textbox', { name: '第 1 题 题目' })).toHaveValue(FLOODING.question);
    expect(screen.queryByRole('textbox', { name: '第 2 题 题目' })).not.toBeInTheDocument();
    await save();
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toEqual([FLOODING]);
  });

  it('refuses what the server would, in its words, and marks the question at fault', { timeout: 60_000 }, async () => {
    const { user, saved, save } = renderEditor([ANGER]);
    await user.click(screen.getByRole('button', { name: /添加题目/ }));
    await save();
    expect(await screen.findByText('第 2 题的题目须为 1 到 500 个字')).toBeInTheDocument();
    expect(card(2)).toHaveAttribute('data-invalid');
    expect(card(1)).not.toHaveAttribute('data-invalid');

    // Once refused, the message follows the edits: text, then options, then the answer.
    await user.click(screen.getByRole('textbox', { name: '第 2 题 题目' }));
    await user.paste('   ');
    expect(await screen.findByText('第 2 题的题目须为 1 到 500 个字')).toBeInTheDocument();
    await user.paste('下列哪一项不属于自我关怀的成分？');
    expect(await screen.findByText('第 2 题须有 2 到 6 个选项，每个 1 到 200 个字')).toBeInTheDocument();
    const options = ['善待自己', '共通人性', '正念', '与他人比较'];
    for (const [index, option] of options.entries()) {
      await user.click(screen.getByRole('textbox', { name: `第 2 题 选项 ${'ABCD'[index]}` }));
      await user.paste(option);
    }
    expect(await screen.findByText('第 2 题的答案须是它的一个选项')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '第 2 题 选项 D 为正确答案' }));
    await waitFor(() => expect(screen.queryByText(/第 2 题/, { selector: '.ant-form-item-explain-error' })).toBeNull());
    expect(card(2)).not.toHaveAttribute('data-invalid');
    expect(saved).toEqual([]);

    await save();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0][1]).toEqual({ question: '下列哪一项不属于自我关怀的成分？', options, answer: 3 });
  });

  it('stops at thirty questions', { timeout: 60_000 }, async () => {
    const thirty = Array.from({ length: 30 }, (_, index) => ({ ...ANGER, question: `第 ${index + 1} 道练习` }));
    renderEditor(thirty);
    expect(screen.getByText('共 30 道题，最多 30 道')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /添加题目/ })).toBeDisabled();
    expect(questionsProblem(questionDrafts([...thirty, ANGER]))).toBe('习题最多 30 道');
  });
});
