import { Button, Form, Input, InputNumber, Radio } from 'antd';
import { MAX_AGE, MIN_AGE, type BasicInfo } from '../model';
import { MENTAL_TEXT } from '../texts';
import styles from './BasicInfoStep.module.css';

/** Step 0: name, age 18-100 (18 by default) and gender, each required (spec 2 sections 2.3 and 5). */
export function BasicInfoStep({ initial, onDone }: { initial: BasicInfo | null; onDone: (info: BasicInfo) => void }) {
  return (
    <Form<BasicInfo>
      layout="vertical"
      requiredMark={false}
      size="large"
      initialValues={initial ?? { age: MIN_AGE }}
      onFinish={(info) => onDone({ ...info, name: info.name.trim() })}
      className={styles.form}
    >
      <Form.Item
        name="name"
        label={MENTAL_TEXT.name}
        rules={[{ required: true, whitespace: true, message: MENTAL_TEXT.nameRequired }]}
      >
        <Input maxLength={20} placeholder={MENTAL_TEXT.namePlaceholder} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="age"
        label={MENTAL_TEXT.age}
        rules={[
          { required: true, message: MENTAL_TEXT.ageRequired },
          { type: 'integer', min: MIN_AGE, max: MAX_AGE, message: MENTAL_TEXT.ageRange },
        ]}
      >
        <InputNumber min={MIN_AGE} max={MAX_AGE} precision={0} className={styles.age} />
      </Form.Item>
      <Form.Item
        name="gender"
        label={MENTAL_TEXT.gender}
        rules={[{ required: true, message: MENTAL_TEXT.genderRequired }]}
      >
        <Radio.Group
          options={[
            { value: 'male', label: MENTAL_TEXT.male },
            { value: 'female', label: MENTAL_TEXT.female },
          ]}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {MENTAL_TEXT.next}
      </Button>
    </Form>
  );
}
