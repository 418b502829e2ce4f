import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Collapse, Empty, Input, InputNumber, Tabs, Tooltip } from 'antd';
import { useState, type MouseEvent } from 'react';
import {
  draftFromQuestions,
  draftFromText,
  moveItem,
  newQuestion,
  type EditableOption,
  type EditableQuestion,
  type QuestionsDraft,
} from '../model';
import { EXAM_TEXT } from '../texts';
import styles from './QuestionsEditor.module.css';

interface QuestionsEditorProps {
  value?: QuestionsDraft;
  onChange?: (draft: QuestionsDraft) => void;
}

const EMPTY = draftFromQuestions([]);

const stop = (event: MouseEvent) => event.stopPropagation();

function QuestionFields({
  question,
  number,
  onChange,
}: {
  question: EditableQuestion;
  number: number;
  onChange: (question: EditableQuestion) => void;
}) {
  const setOption = (index: number, option: EditableOption) =>
    onChange({ ...question, options: question.options.map((item, i) => (i === index ? option : item)) });
  const addOption = () => {
    const oid = question.options.reduce((max, option) => Math.max(max, option.oid), 0) + 1;
    onChange({ ...question, options: [...question.options, { oid, option: '', score: 0 }] });
  };
  const label = (field: string) => `第 ${number} 题${field}`;

  return (
    <div className={styles.fields}>
      <div className={styles.row}>
        <label className={styles.field}>
          <span className={styles.label}>{EXAM_TEXT.qid}</span>
          <InputNumber
            aria-label={label(EXAM_TEXT.qid)}
            min={1}
            precision={0}
            value={question.qid}
            onChange={(qid) => onChange({ ...question, qid: qid ?? 0 })}
            className={styles.number}
          />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>{EXAM_TEXT.questionTag}</span>
          <Input
            aria-label={label(EXAM_TEXT.questionTag)}
            value={question.question_tag}
            maxLength={30}
            onChange={(event) => onChange({ ...question, question_tag: event.target.value })}
          />
        </label>
        <label className={styles.field}>
          <Tooltip title={EXAM_TEXT.questionKeyHelp}>
            <span className={styles.label}>{EXAM_TEXT.questionKey}</span>
          </Tooltip>
          <Input
            aria-label={label(EXAM_TEXT.questionKey)}
            value={question.question_key}
            maxLength={30}
            placeholder="总分"
            onChange={(event) => onChange({ ...question, question_key: event.target.value })}
          />
        </label>
      </div>
      <label className={styles.field}>
        <span className={styles.label}>{EXAM_TEXT.questionText}</span>
        <Input.TextArea
          aria-label={label(EXAM_TEXT.questionText)}
          value={question.question}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={500}
          onChange={(event) => onChange({ ...question, question: event.target.value })}
        />
      </label>
      <div className={styles.options}>
        <div className={styles.optionHead} aria-hidden>
          <span>{EXAM_TEXT.optionId}</span>
          <span>{EXAM_TEXT.optionText}</span>
          <span>{EXAM_TEXT.optionScore}</span>
          <span />
        </div>
        {question.options.map((option, index) => (
          <div key={index} className={styles.optionRow}>
            <InputNumber
              aria-label={label(`选项 ${index + 1} ${EXAM_TEXT.optionId}`)}
              precision={0}
              value={option.oid}
              onChange={(oid) => setOption(index, { ...option, oid: oid ?? 0 })}
            />
            <Input
              aria-label={label(`选项 ${index + 1} ${EXAM_TEXT.optionText}`)}
              value={option.option}
              maxLength={500}
              onChange={(event) => setOption(index, { ...option, option: event.target.value })}
            />
            <InputNumber
              aria-label={label(`选项 ${index + 1} ${EXAM_TEXT.optionScore}`)}
              precision={0}
              min={-1000}
              max={1000}
              value={option.score}
              onChange={(score) => setOption(index, { ...option, score: score ?? 0 })}
            />
            <Button
              type="text"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={label(`${EXAM_TEXT.removeOption} ${index + 1}`)}
              onClick={() => onChange({ ...question, options: question.options.filter((_, i) => i !== index) })}
            />
          </div>
        ))}
        <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={addOption} className={styles.addOption}>
          {EXAM_TEXT.addOption}
        </Button>
      </div>
    </div>
  );
}

/**
 * Spec 2.15: the questions JSON, edited question by question or as the JSON itself; the two stay
 * in step (a structured edit rewrites the text, text that parses replaces the questions, and text
 * that does not parse says why and leaves the questions as they were).
 */
export function QuestionsEditor({ value = EMPTY, onChange }: QuestionsEditorProps) {
  const [open, setOpen] = useState<string[]>([]);
  const { questions } = value;
  const setQuestions = (next: EditableQuestion[]) => onChange?.(draftFromQuestions(next));
  const update = (index: number, question: EditableQuestion) =>
    setQuestions(questions.map((item, i) => (i === index ? question : item)));

  const add = () => {
    setQuestions([...questions, newQuestion(questions)]);
    setOpen((keys) => [...keys, String(questions.length)]);
  };

  const structured = (
    <div>
      <div className={styles.toolbar}>
        <span className={styles.count}>{EXAM_TEXT.questionsCount(questions.length)}</span>
        <Button type="primary" ghost icon={<PlusOutlined aria-hidden />} onClick={add}>
          {EXAM_TEXT.addQuestion}
        </Button>
      </div>
      {questions.length === 0 ? (
        <Empty description={EXAM_TEXT.noQuestions} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Collapse
          activeKey={open}
          onChange={(keys) => setOpen(Array.isArray(keys) ? keys : [keys])}
          destroyOnHidden
          items={questions.map((question, index) => ({
            key: String(index),
            label: (
              <span className={styles.panelLabel}>
                <strong>第 {index + 1} 题</strong>
                <span className={styles.panelText}>{question.question.trim() || EXAM_TEXT.untitledQuestion}</span>
              </span>
            ),
            extra: (
              <span className={styles.panelActions} onClick={stop}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined aria-hidden />}
                  aria-label={`${EXAM_TEXT.moveUp} 第 ${index + 1} 题`}
                  disabled={index === 0}
                  onClick={() => setQuestions(moveItem(questions, index, index - 1))}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined aria-hidden />}
                  aria-label={`${EXAM_TEXT.moveDown} 第 ${index + 1} 题`}
                  disabled={index === questions.length - 1}
                  onClick={() => setQuestions(moveItem(questions, index, index + 1))}
                />
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={`${EXAM_TEXT.removeQuestion} 第 ${index + 1} 题`}
                  onClick={() => {
                    setQuestions(questions.filter((_, i) => i !== index));
                    setOpen([]);
                  }}
                />
              </span>
            ),
            children: (
              <QuestionFields question={question} number={index + 1} onChange={(next) => update(index, next)} />
            ),
          }))}
        />
      )}
    </div>
  );

  const raw = (
    <div>
      <Input.TextArea
        aria-label={EXAM_TEXT.rawJson}
        value={value.text}
        onChange={(event) => onChange?.(draftFromText(event.target.value, value))}
        autoSize={{ minRows: 12, maxRows: 28 }}
        spellCheck={false}
        className={styles.raw}
      />
      {value.error && <Alert type="error" showIcon role="alert" className={styles.rawError} title={value.error} />}
    </div>
  );

  return (
    <Tabs
      className={styles.editor}
      items={[
        { key: 'structured', label: EXAM_TEXT.structured, children: structured },
        { key: 'raw', label: EXAM_TEXT.rawJson, children: raw },
      ]}
    />
  );
}
