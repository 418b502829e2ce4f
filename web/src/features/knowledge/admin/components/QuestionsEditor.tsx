import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Form, Input, Radio } from 'antd';
import { useEffect, useRef, useState } from 'react';
import {
  blankOption,
  blankQuestion,
  MAX_OPTIONS,
  MAX_QUESTIONS,
  MIN_OPTIONS,
  moved,
  OPTION_MAX_CHARS,
  optionLetter,
  optionProblem,
  QUESTION_MAX_CHARS,
  questionFault,
  withoutOption,
  type QuestionDraft,
} from '../model';
import { KA_TEXT } from '../texts';
import styles from './QuestionsEditor.module.css';

interface QuestionsEditorProps {
  value?: QuestionDraft[];
  onChange?: (questions: QuestionDraft[]) => void;
}

interface QuestionCardProps {
  draft: QuestionDraft;
  number: number;
  total: number;
  /** The form refused the questions: mark what is wrong here. */
  showProblems: boolean;
  onChange: (draft: QuestionDraft) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  textRef: (element: HTMLTextAreaElement | null) => void;
}

function QuestionCard({ draft, number, total, showProblems, onChange, onMove, onRemove, textRef }: QuestionCardProps) {
  const fault = showProblems ? questionFault(draft) : null;
  const setOption = (index: number, text: string) =>
    onChange({ ...draft, options: draft.options.map((option, at) => (at === index ? { ...option, text } : option)) });

  return (
    <li className={styles.card} data-invalid={fault !== null || undefined}>
      <div className={styles.cardHead}>
        <strong className={styles.number}>{KA_TEXT.questionNumber(number)}</strong>
        <span className={styles.cardActions}>
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined aria-hidden />}
            aria-label={KA_TEXT.moveQuestionUp(number)}
            title={KA_TEXT.moveUp}
            disabled={number === 1}
            onClick={() => onMove(number - 2)}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined aria-hidden />}
            aria-label={KA_TEXT.moveQuestionDown(number)}
            title={KA_TEXT.moveDown}
            disabled={number === total}
            onClick={() => onMove(number)}
          />
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={KA_TEXT.removeQuestion(number)}
            title={KA_TEXT.delete}
            onClick={onRemove}
          />
        </span>
      </div>
      <Input.TextArea
        ref={(input) => textRef(input?.resizableTextArea?.textArea ?? null)}
        aria-label={KA_TEXT.questionField(number)}
        placeholder={KA_TEXT.questionPlaceholder}
        value={draft.question}
        status={fault === 'text' ? 'error' : undefined}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={QUESTION_MAX_CHARS}
        onChange={(event) => onChange({ ...draft, question: event.target.value })}
      />
      <p className={styles.optionsHead} data-invalid={fault === 'answer' || undefined}>
        <span>{KA_TEXT.options}</span>
        <span className={styles.optionsHint}>{KA_TEXT.optionsHint}</span>
      </p>
      <Radio.Group
        // Each question its own native group: a shared name (the form field's) lets choosing one
        // question's answer clear another's.
        name={`question-${draft.key}-answer`}
        className={styles.options}
        value={draft.answer ?? undefined}
        onChange={(event) => onChange({ ...draft, answer: Number(event.target.value) })}
      >
        {draft.options.map((option, index) => {
          const letter = optionLetter(index);
          const chosen = draft.answer === index;
          return (
            <div key={option.key} className={styles.option} data-answer={chosen || undefined}>
              <Radio value={index} aria-label={KA_TEXT.answerField(number, letter)} />
              <span className={styles.letter} aria-hidden>
                {letter}
              </span>
              <Input
                aria-label={KA_TEXT.optionField(number, letter)}
                placeholder={KA_TEXT.optionPlaceholder(letter)}
                value={option.text}
                status={fault === 'options' && optionProblem(option.text) ? 'error' : undefined}
                maxLength={OPTION_MAX_CHARS}
                // Always there, even empty: antd remounts an input whose suffix comes and goes, losing the cursor.
                suffix={<span className={styles.answerMark}>{chosen ? KA_TEXT.rightAnswer : ''}</span>}
                onChange={(event) => setOption(index, event.target.value)}
              />
              <Button
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={KA_TEXT.removeOptionOf(number, letter)}
                title={KA_TEXT.delete}
                disabled={draft.options.length <= MIN_OPTIONS}
                onClick={() => onChange(withoutOption(draft, index))}
              />
            </div>
          );
        })}
      </Radio.Group>
      {draft.options.length < MAX_OPTIONS && (
        <Button
          type="dashed"
          size="small"
          icon={<PlusOutlined aria-hidden />}
          className={styles.addOption}
          aria-label={`${KA_TEXT.questionNumber(number)} ${KA_TEXT.addOption}`}
          onClick={() => onChange({ ...draft, options: [...draft.options, blankOption()] })}
        >
          {KA_TEXT.addOption}
        </Button>
      )}
    </li>
  );
}

/**
 * An exercise's single-choice questions (issue 18): each with its text, two to six options and the
 * right one marked. Checked by the form with the server's rules; once the form has refused them,
 * the questions and fields at fault are marked here while the message says which and why.
 */
export function QuestionsEditor({ value = [], onChange }: QuestionsEditorProps) {
  const { status } = Form.Item.useStatus();
  const texts = useRef(new Map<number, HTMLTextAreaElement>());
  const [focusKey, setFocusKey] = useState<number | null>(null);

  // A question just added gets the cursor, scrolled into view at the end of a long list.
  useEffect(() => {
    if (focusKey === null) return;
    texts.current.get(focusKey)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const set = (next: QuestionDraft[]) => onChange?.(next);
  const add = () => {
    const question = blankQuestion();
    set([...value, question]);
    setFocusKey(question.key);
  };

  return (
    // The form marks every input inside a refused field; this list marks only the inputs at fault.
    <Form.Item noStyle validateStatus="">
      <div className={styles.editor}>
        <p className={styles.hint}>{KA_TEXT.questionsHint}</p>
        {value.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={KA_TEXT.questionsEmpty} className={styles.empty} />
        ) : (
          <ol className={styles.list}>
            {value.map((draft, index) => (
              <QuestionCard
                key={draft.key}
                draft={draft}
                number={index + 1}
                total={value.length}
                showProblems={status === 'error'}
                onChange={(next) => set(value.map((item) => (item.key === draft.key ? next : item)))}
                onMove={(to) => set(moved(value, index, to))}
                onRemove={() => set(value.filter((item) => item.key !== draft.key))}
                textRef={(element) => {
                  if (element) texts.current.set(draft.key, element);
                  else texts.current.delete(draft.key);
                }}
              />
            ))}
          </ol>
        )}
        <div className={styles.footer}>
          <Button
            type="primary"
            ghost
            icon={<PlusOutlined aria-hidden />}
            disabled={value.length >= MAX_QUESTIONS}
            onClick={add}
          >
            {KA_TEXT.addQuestion}
          </Button>
          <span className={styles.count}>{KA_TEXT.questionsCount(value.length, MAX_QUESTIONS)}</span>
        </div>
      </div>
    </Form.Item>
  );
}
