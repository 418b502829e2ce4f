import { Button, Form, Radio, Space, Typography } from 'antd';
import { MENTAL_TEXT } from '../texts';
import styles from './QuestionsStep.module.css';

interface AnswerFields {
  answers: number[];
}

/** Step 1: the five questions, each answered 0-3; every one must be answered before the result. */
export function QuestionsStep({
  initial,
  onBack,
  onDone,
}: {
  initial: number[];
  onBack: (answers: number[]) => void;
  onDone: (answers: number[]) => void;
}) {
  const [form] = Form.useForm<AnswerFields>();
  return (
    <Form<AnswerFields>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ answers: initial }}
      onFinish={({ answers }) => onDone(answers)}
    >
      <Typography.Paragraph strong className={styles.intro}>
        {MENTAL_TEXT.questionsIntro}
      </Typography.Paragraph>
      <ol className={styles.questions}>
        {MENTAL_TEXT.questions.map((question, index) => (
          <li key={question} className={styles.question}>
            <Form.Item
              name={['answers', index]}
              label={
                <span className={styles.label}>
                  {MENTAL_TEXT.questionLabel(index)}　{question}
                </span>
              }
              rules={[{ required: true, message: MENTAL_TEXT.answerRequired }]}
            >
              <Radio.Group
                aria-label={question}
                options={MENTAL_TEXT.options.map((label, value) => ({ value, label }))}
                className={styles.options}
              />
            </Form.Item>
          </li>
        ))}
      </ol>
      <Space wrap>
        <Button onClick={() => onBack(form.getFieldValue('answers') ?? [])}>{MENTAL_TEXT.back}</Button>
        <Button type="primary" htmlType="submit">
          {MENTAL_TEXT.seeResult}
        </Button>
      </Space>
    </Form>
  );
}
