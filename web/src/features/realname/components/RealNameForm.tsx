import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import {
  isComplete,
  missingParts,
  normaliseNumber,
  NUMBER_LENGTH,
  numberCheckHint,
  numberShapeHint,
  type RealNameForm as Values,
} from '../model';
import { REAL_NAME_TEXT } from '../texts';
import { IdCardPhotoField } from './IdCardPhotoField';
import styles from './RealNameForm.module.css';

const NAME_MAX_CHARS = 50;

/** A hint, not a refusal: warningOnly lets the member submit, and the server's check decides. */
const hintRule = (hint: (value: string | undefined) => string | null, trigger: 'onChange' | 'onBlur'): Rule => ({
  warningOnly: true,
  validateTrigger: trigger,
  validator: (_rule, value: string | undefined) => {
    const problem = hint(value);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});

interface RealNameFormProps {
  initial: Values;
  /** A rejected submission's masked number: the field is empty and says which one was sent. */
  previousNumber?: string | null;
  /** Under review: everything is shown, nothing can change. */
  readOnly: boolean;
  submitting: boolean;
  onSubmit: (values: Values) => void;
  onCancel: () => void;
}

/** Spec 3 sections 2, 3 and 5: real name, number (18 at most), and both sides of the card. */
export function RealNameForm({ initial, previousNumber, readOnly, submitting, onSubmit, onCancel }: RealNameFormProps) {
  const [form] = Form.useForm<Values>();
  const [uploading, setUploading] = useState({ front: false, back: false });
  const values: Partial<Values> = {
    name: Form.useWatch('name', form),
    idcard: Form.useWatch('idcard', form),
    idcard_front: Form.useWatch('idcard_front', form),
    idcard_back: Form.useWatch('idcard_back', form),
  };
  const busy = uploading.front || uploading.back;
  const missing = missingParts(values);
  // Once the member has started, say why submit is still off (it is enabled only when all four are filled).
  const started = missing.length < 4;

  const finish = (filled: Values) =>
    onSubmit({
      name: filled.name.trim(),
      idcard: normaliseNumber(filled.idcard),
      idcard_front: filled.idcard_front,
      idcard_back: filled.idcard_back,
    });

  const inputVariant = readOnly ? 'filled' : 'outlined';

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={finish}
      requiredMark={!readOnly}
      scrollToFirstError
      className={styles.form}
    >
      <div className={styles.columns}>
        <Form.Item
          name="name"
          label={REAL_NAME_TEXT.name}
          rules={[{ required: true, whitespace: true, message: REAL_NAME_TEXT.nameRequired }]}
        >
          <Input
            size="large"
            maxLength={NAME_MAX_CHARS}
            placeholder={REAL_NAME_TEXT.namePlaceholder}
            autoComplete="name"
            readOnly={readOnly}
            variant={inputVariant}
          />
        </Form.Item>
        <Form.Item
          name="idcard"
          label={REAL_NAME_TEXT.number}
          normalize={normaliseNumber}
          extra={previousNumber ? REAL_NAME_TEXT.previousNumber(previousNumber) : undefined}
          validateTrigger={['onChange', 'onBlur']}
          // Under review the field shows the masked number the server answered: nothing to check.
          rules={
            readOnly
              ? []
              : [
                  { required: true, message: REAL_NAME_TEXT.numberRequired },
                  hintRule(numberCheckHint, 'onChange'),
                  hintRule(numberShapeHint, 'onBlur'),
                ]
          }
        >
          <Input
            size="large"
            maxLength={NUMBER_LENGTH}
            placeholder={REAL_NAME_TEXT.numberPlaceholder}
            autoComplete="off"
            inputMode="text"
            spellCheck={false}
            className={styles.number}
            readOnly={readOnly}
            variant={inputVariant}
          />
        </Form.Item>
      </div>

      <div className={styles.photosHead}>
        <span className={styles.photosTitle}>{REAL_NAME_TEXT.photosLabel}</span>
        {!readOnly && <span className={styles.photosHint}>{REAL_NAME_TEXT.photoHint}</span>}
      </div>
      <div className={styles.photos}>
        <Form.Item
          name="idcard_front"
          label={REAL_NAME_TEXT.front}
          rules={[{ required: true, message: REAL_NAME_TEXT.frontRequired }]}
        >
          <IdCardPhotoField
            side="front"
            readOnly={readOnly}
            onUploadingChange={(front) => setUploading((now) => ({ ...now, front }))}
          />
        </Form.Item>
        <Form.Item
          name="idcard_back"
          label={REAL_NAME_TEXT.back}
          rules={[{ required: true, message: REAL_NAME_TEXT.backRequired }]}
        >
          <IdCardPhotoField
            side="back"
            readOnly={readOnly}
            onUploadingChange={(back) => setUploading((now) => ({ ...now, back }))}
          />
        </Form.Item>
      </div>

      <aside className={styles.privacy} aria-label={REAL_NAME_TEXT.privacyTitle}>
        <LockOutlined aria-hidden className={styles.privacyIcon} />
        <div>
          <p className={styles.privacyTitle}>{REAL_NAME_TEXT.privacyTitle}</p>
          <ul className={styles.privacyList}>
            <li>{REAL_NAME_TEXT.privacyPhotos}</li>
            <li>{REAL_NAME_TEXT.privacyNumber}</li>
            <li>{REAL_NAME_TEXT.privacyTag}</li>
          </ul>
        </div>
      </aside>

      <div className={styles.actions}>
        {!readOnly && (
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            loading={submitting}
            disabled={!isComplete(values) || busy}
          >
            {REAL_NAME_TEXT.submit}
          </Button>
        )}
        <Button size="large" htmlType="button" onClick={onCancel}>
          {readOnly ? REAL_NAME_TEXT.goBack : REAL_NAME_TEXT.cancel}
        </Button>
      </div>
      {!readOnly && started && !isComplete(values) && (
        <p className={styles.missing} aria-live="polite">
          {REAL_NAME_TEXT.stillMissing}
          {missing.join('；')}
        </p>
      )}
    </Form>
  );
}
