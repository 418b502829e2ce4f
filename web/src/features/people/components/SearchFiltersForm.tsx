import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Form, Input, Radio, Select, Slider, Switch } from 'antd';
import {
  EDUCATIONS,
  MARITAL_STATUSES,
  RANGE_BOUNDS,
  SEARCH_HOBBIES,
  type Gender,
  type Range,
  type RangeName,
  type SearchFilters,
  type SliderRanges,
} from '../search';
import { PEOPLE_TEXT } from '../texts';
import styles from './SearchFiltersForm.module.css';

type FormValues = Omit<SearchFilters, 'ranges'> & SliderRanges;

const RANGE_NAMES = Object.keys(RANGE_BOUNDS) as RangeName[];

const toValues = ({ ranges, ...rest }: SearchFilters): FormValues => ({ ...rest, ...ranges });

const rangesOf = (values: FormValues): SliderRanges =>
  Object.fromEntries(RANGE_NAMES.map((name) => [name, values[name]])) as SliderRanges;

const toFilters = (values: FormValues): SearchFilters => ({
  keyword: values.keyword ?? '',
  gender: values.gender,
  ranges: rangesOf(values),
  educations: values.educations,
  maritalStatus: values.maritalStatus,
  hobbies: values.hobbies,
  verified: values.verified,
});

const GENDERS: { value: Gender; label: string }[] = [
  { value: '', label: PEOPLE_TEXT.anyGender },
  { value: 'male', label: PEOPLE_TEXT.male },
  { value: 'female', label: PEOPLE_TEXT.female },
];

const choices = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

function RangeField({ name, label, unit }: { name: RangeName; label: string; unit: string }) {
  const form = Form.useFormInstance<FormValues>();
  const value = Form.useWatch<Range | undefined>(name, form);
  const [min, max] = RANGE_BOUNDS[name];
  return (
    <Form.Item
      name={name}
      label={
        <span className={styles.rangeLabel}>
          {label}
          {value && <span className={styles.rangeValue}>{PEOPLE_TEXT.rangeValue(value[0], value[1], unit)}</span>}
        </span>
      }
    >
      <Slider
        range
        min={min}
        max={max}
        ariaLabelForHandle={[PEOPLE_TEXT.lowerEnd(label), PEOPLE_TEXT.upperEnd(label)]}
      />
    </Form.Item>
  );
}

interface SearchFiltersFormProps {
  /** What the form shows when it mounts; a reset replaces it through `resetTo`. */
  initial: SearchFilters;
  onSearch: (filters: SearchFilters) => void;
  /** Any slider moved: the screen keeps the ranges in browser storage. */
  onRangesChange: (ranges: SliderRanges) => void;
  onReset: () => SearchFilters;
  searching: boolean;
}

/** Every control of spec 2 section 2.8, with search and reset. */
export function SearchFiltersForm({ initial, onSearch, onRangesChange, onReset, searching }: SearchFiltersFormProps) {
  const [form] = Form.useForm<FormValues>();

  const reset = () => form.setFieldsValue(toValues(onReset()));

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={toValues(initial)}
      onFinish={(values) => onSearch(toFilters(values))}
      onValuesChange={(changed: Partial<FormValues>, all) => {
        if (RANGE_NAMES.some((name) => name in changed)) onRangesChange(rangesOf(all));
      }}
      className={styles.form}
    >
      <div className={styles.grid}>
        <Form.Item name="keyword" label={PEOPLE_TEXT.keyword}>
          <Input placeholder={PEOPLE_TEXT.keywordPlaceholder} allowClear />
        </Form.Item>
        <Form.Item name="gender" label={PEOPLE_TEXT.gender}>
          <Radio.Group options={GENDERS} optionType="button" buttonStyle="solid" />
        </Form.Item>
        <Form.Item name="verified" label={PEOPLE_TEXT.verifiedOnly} valuePropName="checked">
          <Switch />
        </Form.Item>
        <RangeField name="age" label={PEOPLE_TEXT.ageRange} unit={PEOPLE_TEXT.yearsUnit} />
        <RangeField name="height" label={PEOPLE_TEXT.heightRange} unit={PEOPLE_TEXT.cmUnit} />
        <RangeField name="weight" label={PEOPLE_TEXT.weightRange} unit={PEOPLE_TEXT.kgUnit} />
        <RangeField name="boys" label={PEOPLE_TEXT.boysRange} unit={PEOPLE_TEXT.childrenUnit} />
        <RangeField name="girls" label={PEOPLE_TEXT.girlsRange} unit={PEOPLE_TEXT.childrenUnit} />
        <Form.Item name="educations" label={PEOPLE_TEXT.education}>
          <Select mode="multiple" options={choices(EDUCATIONS)} placeholder={PEOPLE_TEXT.anyChoice} allowClear />
        </Form.Item>
        <Form.Item name="maritalStatus" label={PEOPLE_TEXT.maritalStatus}>
          <Select mode="multiple" options={choices(MARITAL_STATUSES)} placeholder={PEOPLE_TEXT.anyChoice} allowClear />
        </Form.Item>
        <Form.Item name="hobbies" label={PEOPLE_TEXT.hobbies}>
          <Select mode="multiple" options={SEARCH_HOBBIES} placeholder={PEOPLE_TEXT.anyChoice} allowClear />
        </Form.Item>
      </div>
      <div className={styles.buttons}>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />} loading={searching}>
          {PEOPLE_TEXT.search}
        </Button>
        <Button icon={<UndoOutlined aria-hidden />} onClick={reset}>
          {PEOPLE_TEXT.reset}
        </Button>
      </div>
    </Form>
  );
}
