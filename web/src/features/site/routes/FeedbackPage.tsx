import { Alert, Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../lib/apiError';
import { useSendFeedback, type FeedbackMessage } from '../api/feedback';
import { emailRules } from '../components/emailRules';
import { Panel, SitePage } from '../components/SitePage';
import { FEEDBACK_LIMITS, FEEDBACK_TEXT } from '../texts';
import styles from './FeedbackPage.module.css';

/** Spec 1 sections 2, 5 and 8: the feedback form, sent to POST /api/v1/feedback/create. */
export default function FeedbackPage() {
  const [form] = Form.useForm<FeedbackMessage>();
  const send = useSendFeedback();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(fields: FeedbackMessage) {
    setOutcome(null);
    try {
      await send.mutateAsync({
        name: fields.name.trim(),
        email: fields.email.trim(),
        type: fields.type,
        message: fields.message.trim(),
      });
      form.resetFields();
      setOutcome({ ok: true, text: FEEDBACK_TEXT.thanks });
    } catch (failure) {
      // 400 names the field, 429 says to slow down: the server's words either way.
      setOutcome({ ok: false, text: errorText(failure, FEEDBACK_TEXT.failed) });
    }
  }

  return (
    <SitePage title={FEEDBACK_TEXT.title} subtitle={FEEDBACK_TEXT.subtitle} width={720}>
      <Panel>
        {outcome && (
          <Alert
            type={outcome.ok ? 'success' : 'error'}
            showIcon
            role={outcome.ok ? 'status' : 'alert'}
            title={outcome.text}
            className={styles.outcome}
          />
        )}
        <Form<FeedbackMessage>
          form={form}
          layout="vertical"
          requiredMark={false}
          size="large"
          onFinish={submit}
          onValuesChange={() => outcome?.ok && setOutcome(null)}
        >
          <Form.Item
            name="name"
            label={FEEDBACK_TEXT.name}
            rules={[{ required: true, whitespace: true, message: FEEDBACK_TEXT.nameRequired }]}
          >
            <Input autoComplete="name" maxLength={FEEDBACK_LIMITS.nameChars} />
          </Form.Item>
          <Form.Item
            name="email"
            label={FEEDBACK_TEXT.email}
            rules={emailRules(FEEDBACK_TEXT.emailRequired, FEEDBACK_TEXT.emailInvalid)}
          >
            <Input type="email" autoComplete="email" maxLength={FEEDBACK_LIMITS.emailChars} />
          </Form.Item>
          <Form.Item
            name="type"
            label={FEEDBACK_TEXT.type}
            rules={[{ required: true, message: FEEDBACK_TEXT.typeRequired }]}
          >
            <Select
              placeholder={FEEDBACK_TEXT.typePlaceholder}
              options={FEEDBACK_TEXT.types.map((type) => ({ value: type.value, label: type.label }))}
            />
          </Form.Item>
          <Form.Item
            name="message"
            label={FEEDBACK_TEXT.message}
            rules={[{ required: true, whitespace: true, message: FEEDBACK_TEXT.messageRequired }]}
          >
            <Input.TextArea
              rows={6}
              maxLength={FEEDBACK_LIMITS.messageChars}
              showCount
              placeholder={FEEDBACK_TEXT.messagePlaceholder}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={send.isPending}>
            {FEEDBACK_TEXT.submit}
          </Button>
        </Form>
      </Panel>
    </SitePage>
  );
}
