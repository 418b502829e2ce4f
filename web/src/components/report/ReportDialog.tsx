import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { reportCreate } from '../../api/generated/sdk.gen';
import { unwrapMessage } from '../../lib/api';
import { ApiError, errorText } from '../../lib/apiError';
import { composeReason, DETAILS_MAX, needsDetails, type ReportReason, type ReportSubject } from './reason';
import styles from './ReportDialog.module.css';
import { REPORT_REASONS, REPORT_SUBJECT_TEXT, REPORT_TEXT } from './texts';

const CONFLICT = 409;

const characters = (text: string) => [...text].length;

interface ReportFields {
  preset?: ReportReason;
  details: string;
}

interface ReportDialogProps {
  subject: ReportSubject;
  targetId: string;
  onClose: () => void;
}

/**
 * 举报: one of the preset reasons, with the member's own words after it (required with 其他).
 * The server's answer is the outcome: its message as a toast on success, a second report of the
 * same thing told and closed, any other refusal shown in the dialog so nothing typed is lost.
 */
export function ReportDialog({ subject, targetId, onClose }: ReportDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ReportFields>();
  const preset = Form.useWatch('preset', form);
  const [failure, setFailure] = useState<string | null>(null);
  const report = useMutation({
    mutationFn: (reason: string) =>
      unwrapMessage(reportCreate({ body: { subject, targetId, reason }, throwOnError: true })),
  });

  const submit = async ({ preset: chosen, details }: ReportFields) => {
    if (!chosen) return;
    setFailure(null);
    try {
      message.success((await report.mutateAsync(composeReason(chosen, details ?? ''))) || REPORT_TEXT.submitted);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.code === CONFLICT) {
        message.info(errorText(error, REPORT_TEXT.alreadyReported));
        onClose();
        return;
      }
      setFailure(errorText(error, REPORT_TEXT.failed));
    }
  };

  const detailsRequired = needsDetails(preset);
  return (
    <Modal
      open
      centered
      width={480}
      title={REPORT_TEXT.dialogTitle}
      okText={REPORT_TEXT.submit}
      cancelText={REPORT_TEXT.cancel}
      okButtonProps={{ htmlType: 'submit', loading: report.isPending }}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form form={form} layout="vertical" initialValues={{ details: '' }} onFinish={submit} clearOnDestroy>
          {dialog}
        </Form>
      )}
    >
      <p className={styles.question}>{REPORT_SUBJECT_TEXT[subject].question}</p>
      <Form.Item
        name="preset"
        label={REPORT_TEXT.reasonLabel}
        rules={[{ required: true, message: REPORT_TEXT.chooseReason }]}
        className={styles.field}
      >
        <Radio.Group
          className={styles.reasons}
          options={REPORT_REASONS.map((reason) => ({ label: reason, value: reason }))}
          onChange={() => setFailure(null)}
        />
      </Form.Item>
      <Form.Item
        name="details"
        label={
          <>
            {REPORT_TEXT.detailsLabel}
            {!detailsRequired && <span className={styles.optional}>{REPORT_TEXT.detailsOptional}</span>}
          </>
        }
        required={detailsRequired}
        dependencies={['preset']}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              if (needsDetails(form.getFieldValue('preset')) && !value?.trim()) {
                throw new Error(REPORT_TEXT.reasonRequired);
              }
            },
          },
        ]}
        className={styles.field}
      >
        <Input.TextArea
          rows={3}
          placeholder={detailsRequired ? REPORT_TEXT.otherPlaceholder : REPORT_TEXT.detailsPlaceholder}
          count={{
            show: true,
            max: DETAILS_MAX,
            strategy: characters,
            exceedFormatter: (text, { max }) => [...text].slice(0, max).join(''),
          }}
        />
      </Form.Item>
      {failure && <Alert type="error" showIcon title={failure} className={styles.failure} />}
      <p className={styles.note}>{REPORT_TEXT.anonymous}</p>
    </Modal>
  );
}
