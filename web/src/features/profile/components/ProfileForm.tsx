import { EditOutlined, EnvironmentOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Cascader,
  Col,
  ConfigProvider,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Switch,
  TreeSelect,
  type ThemeConfig,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { MapConfig, MyProfile } from '../../../api/generated/types.gen';
import { errorText } from '../../../lib/apiError';
import { useMapConfig, useRegionOptions, useUpdateProfile } from '../api/profile';
import { hobbyTreeOptions, profileOptions, tagGroupOptions, type CascaderOption } from '../catalogue';
import {
  fromStoredCoordinate,
  PROFILE_LIMITS,
  regionPathOf,
  toFormValues,
  toStoredCoordinate,
  toUpdateRequest,
  type ProfileFormValues,
} from '../model';
import { PROFILE_TEXT } from '../texts';
import { MapPicker, type MapChoice } from './MapPicker';
import styles from './ProfileForm.module.css';
import { ReviewTag } from './ReviewMarks';

const FORM_NAME = 'profile';

const GENDER_OPTIONS = profileOptions.genders.map(({ code, label }) => ({ value: code, label }));
const EDUCATION_OPTIONS = profileOptions.education.map((value) => ({ value, label: value }));
const MARITAL_OPTIONS = profileOptions.maritalStatus.map((value) => ({ value, label: value }));
const RELIGION_OPTIONS = profileOptions.religions.map((value) => ({ value, label: value }));
const INCOME_OPTIONS = profileOptions.incomes.map(({ code, label }) => ({ value: code, label }));
const HOBBY_TREE = hobbyTreeOptions();
const TAG_GROUPS = tagGroupOptions();

/**
 * While the form only shows the profile its fields are disabled; these tokens keep the values in
 * the normal text colour on a soft background, so the page reads as a profile, not as greyed out.
 */
const READ_ONLY_THEME: ThemeConfig = {
  token: { colorTextDisabled: 'rgba(0, 0, 0, 0.88)', colorBgContainerDisabled: '#fdf8fa' },
  components: {
    Select: { multipleItemBorderColorDisabled: 'transparent', multipleItemColorDisabled: 'rgba(0, 0, 0, 0.88)' },
  },
};

/** The same provider wraps the form in both modes (with no theme at all it would remount the form). */
const EDITING_THEME: ThemeConfig = {};

/** Members must be 18 (the server's rule): later birthdays cannot be picked. */
const tooYoung = (date: Dayjs) => date.isAfter(dayjs().subtract(PROFILE_LIMITS.adultYears, 'year'), 'day');
const defaultPickerDate = () => dayjs().subtract(28, 'year').startOf('year');

type CoordinateField = 'lat' | 'lng' | 'homeLat' | 'homeLng';

interface RegionFieldProps {
  name: 'region' | 'homeRegion';
  latName: CoordinateField;
  lngName: CoordinateField;
  label: string;
  editing: boolean;
  regions: CascaderOption[];
  mapKey: MapConfig | null;
  /** The current region's map choice also fills the location text. */
  fillsLocation: boolean;
}

/** A province / city / district cascader, with the map picker beside it when the site has a maps key. */
function RegionField({ name, latName, lngName, label, editing, regions, mapKey, fillsLocation }: RegionFieldProps) {
  const form = Form.useFormInstance<ProfileFormValues>();
  const [picking, setPicking] = useState(false);
  const lat = Form.useWatch(latName, { form, preserve: true }) ?? 0;
  const lng = Form.useWatch(lngName, { form, preserve: true }) ?? 0;
  const id = `${FORM_NAME}_${name}`;

  const pick = ({ point, address, adcode }: MapChoice) => {
    const path = adcode ? regionPathOf(regions, adcode) : [];
    form.setFieldsValue({
      [latName]: toStoredCoordinate(point.lat),
      [lngName]: toStoredCoordinate(point.lng),
      ...(path.length > 0 ? { [name]: path } : {}),
      ...(fillsLocation && address ? { location: address.slice(0, PROFILE_LIMITS.locationChars) } : {}),
    });
    setPicking(false);
  };

  const coordinates =
    lat !== 0 || lng !== 0
      ? PROFILE_TEXT.coordinates(fromStoredCoordinate(lng).toFixed(4), fromStoredCoordinate(lat).toFixed(4))
      : undefined;

  return (
    <Form.Item label={label} htmlFor={id} extra={coordinates}>
      <div className={styles.regionRow}>
        <Form.Item name={name} noStyle>
          <Cascader
            id={id}
            options={regions}
            changeOnSelect
            showSearch
            placeholder={editing ? PROFILE_TEXT.regionPlaceholder : PROFILE_TEXT.notFilled}
            className={styles.grow}
          />
        </Form.Item>
        {editing && mapKey && (
          <Button icon={<EnvironmentOutlined aria-hidden />} onClick={() => setPicking(true)}>
            {PROFILE_TEXT.mapPick}
          </Button>
        )}
      </div>
      {mapKey && <MapPicker open={picking} mapKey={mapKey} onPick={pick} onClose={() => setPicking(false)} />}
    </Form.Item>
  );
}

/** Whether others see the street-level address, with what the choice means said beside it. */
function LocationShownField() {
  const shown = Form.useWatch<boolean>('showLocation');
  return (
    <Form.Item
      name="showLocation"
      label={PROFILE_TEXT.showLocation}
      valuePropName="checked"
      extra={shown ? PROFILE_TEXT.locationPublic : PROFILE_TEXT.locationPrivate}
    >
      <Switch />
    </Form.Item>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      <Row gutter={24}>{children}</Row>
    </section>
  );
}

/** Half a row on wide screens, a whole row on phones. */
const Half = ({ children }: { children: ReactNode }) => (
  <Col xs={24} md={12}>
    {children}
  </Col>
);
const Whole = ({ children }: { children: ReactNode }) => <Col span={24}>{children}</Col>;

const labelled = (text: string, waiting: boolean) => (
  <span className={styles.label}>
    {text}
    {waiting && <ReviewTag />}
  </span>
);

interface ProfileFormProps {
  uuid: string;
  profile: MyProfile;
  /** Reloads the profile (spec 2 section 4: after save and after cancel). */
  onReload: () => void;
}

/** Spec 1 section 3's profile form: read-only until 编辑, then 保存 or 取消 (spec 2 sections 2.1 and 4). */
export function ProfileForm({ uuid, profile, onReload }: ProfileFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileFormValues>();
  const [editing, setEditing] = useState(false);
  const update = useUpdateProfile(uuid);
  const mapConfig = useMapConfig();
  const regions = useRegionOptions();
  const initialValues = useMemo(() => toFormValues(profile), [profile]);
  const mapKey = mapConfig.data?.amapKey ? mapConfig.data : null;
  const waiting = (field: string) => profile.underReview.includes(field);
  /** Read-only, an empty field says 未填写 rather than inviting input. */
  const hint = (text: string) => (editing ? text : PROFILE_TEXT.notFilled);

  // A reloaded profile replaces what the form shows, unless the member is editing.
  useEffect(() => {
    if (!editing) form.resetFields();
  }, [form, initialValues, editing]);

  const cancel = () => {
    setEditing(false);
    onReload();
  };

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as ProfileFormValues;
    try {
      await update.mutateAsync(toUpdateRequest(values));
      message.success(PROFILE_TEXT.saved);
      setEditing(false);
    } catch (error) {
      message.error(errorText(error, PROFILE_TEXT.saveFailed));
    }
  };

  const numberRule = (max: number, text: string) => ({ type: 'number' as const, min: 0, max, message: text });

  const fields = (
    <Form
      form={form}
      name={FORM_NAME}
      layout="vertical"
      initialValues={initialValues}
      disabled={!editing}
      requiredMark={false}
      onFinish={() => void save()}
      className={styles.form}
    >
      <Section title={PROFILE_TEXT.sectionBasic}>
        <Half>
          <Form.Item
            name="nickname"
            label={labelled(PROFILE_TEXT.nickname, waiting('nickname'))}
            rules={[{ required: true, whitespace: true, message: PROFILE_TEXT.nicknameRequired }]}
          >
            <Input maxLength={PROFILE_LIMITS.nicknameChars} placeholder={hint(PROFILE_TEXT.nicknamePlaceholder)} />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item name="gender" label={PROFILE_TEXT.gender}>
            <Select options={GENDER_OPTIONS} allowClear placeholder={hint(PROFILE_TEXT.genderPlaceholder)} />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item name="birthday" label={PROFILE_TEXT.birthday}>
            <DatePicker
              className={styles.grow}
              disabledDate={tooYoung}
              defaultPickerValue={defaultPickerDate()}
              placeholder={hint(PROFILE_TEXT.birthdayPlaceholder)}
            />
          </Form.Item>
        </Half>
        <Half>
          <div className={styles.pair}>
            {/* No min/max on the inputs: they would clamp silently instead of saying what is wrong. */}
            <Form.Item
              name="height"
              label={PROFILE_TEXT.height}
              rules={[numberRule(PROFILE_LIMITS.heightCm, PROFILE_TEXT.heightInvalid)]}
            >
              <InputNumber precision={0} suffix={PROFILE_TEXT.cm} className={styles.grow} />
            </Form.Item>
            <Form.Item
              name="weight"
              label={PROFILE_TEXT.weight}
              rules={[numberRule(PROFILE_LIMITS.weightKg, PROFILE_TEXT.weightInvalid)]}
            >
              <InputNumber precision={0} suffix={PROFILE_TEXT.kg} className={styles.grow} />
            </Form.Item>
          </div>
        </Half>
        <Half>
          <Form.Item name="education" label={PROFILE_TEXT.education}>
            <Select options={EDUCATION_OPTIONS} allowClear placeholder={hint(PROFILE_TEXT.educationPlaceholder)} />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item name="occupation" label={PROFILE_TEXT.occupation}>
            <Input maxLength={PROFILE_LIMITS.occupationChars} placeholder={hint(PROFILE_TEXT.occupationPlaceholder)} />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item name="income" label={PROFILE_TEXT.income}>
            <Select options={INCOME_OPTIONS} placeholder={hint(PROFILE_TEXT.incomePlaceholder)} />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item name="maritalStatus" label={PROFILE_TEXT.maritalStatus}>
            <Select options={MARITAL_OPTIONS} allowClear placeholder={hint(PROFILE_TEXT.maritalStatusPlaceholder)} />
          </Form.Item>
        </Half>
        <Half>
          <div className={styles.pair}>
            <Form.Item name="boyCount" label={PROFILE_TEXT.boyCount}>
              <InputNumber min={0} max={PROFILE_LIMITS.children} precision={0} className={styles.grow} />
            </Form.Item>
            <Form.Item name="girlCount" label={PROFILE_TEXT.girlCount}>
              <InputNumber min={0} max={PROFILE_LIMITS.children} precision={0} className={styles.grow} />
            </Form.Item>
          </div>
        </Half>
        <Half>
          <Form.Item name="religion" label={PROFILE_TEXT.religion}>
            <Select options={RELIGION_OPTIONS} allowClear placeholder={hint(PROFILE_TEXT.religionPlaceholder)} />
          </Form.Item>
        </Half>
      </Section>

      <Section title={PROFILE_TEXT.sectionPlace}>
        <Half>
          <RegionField
            name="region"
            latName="lat"
            lngName="lng"
            label={PROFILE_TEXT.region}
            editing={editing}
            regions={regions.data ?? []}
            mapKey={mapKey}
            fillsLocation
          />
        </Half>
        <Half>
          <RegionField
            name="homeRegion"
            latName="homeLat"
            lngName="homeLng"
            label={PROFILE_TEXT.homeRegion}
            editing={editing}
            regions={regions.data ?? []}
            mapKey={mapKey}
            fillsLocation={false}
          />
        </Half>
        <Whole>
          <Form.Item name="location" label={PROFILE_TEXT.location}>
            <Input maxLength={PROFILE_LIMITS.locationChars} placeholder={hint(PROFILE_TEXT.locationPlaceholder)} />
          </Form.Item>
        </Whole>
        <Whole>
          <LocationShownField />
        </Whole>
      </Section>

      <Section title={PROFILE_TEXT.sectionInterests}>
        <Whole>
          <Form.Item name="hobbies" label={PROFILE_TEXT.hobbies}>
            <TreeSelect
              multiple
              treeData={HOBBY_TREE}
              showSearch={{ treeNodeFilterProp: 'title' }}
              treeExpandAction="click"
              placeholder={hint(PROFILE_TEXT.hobbiesPlaceholder)}
              listHeight={320}
            />
          </Form.Item>
        </Whole>
        <Whole>
          <Form.Item name="tags" label={PROFILE_TEXT.tags}>
            <Select
              mode="multiple"
              options={TAG_GROUPS}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={hint(PROFILE_TEXT.tagsPlaceholder)}
            />
          </Form.Item>
        </Whole>
      </Section>

      <Section title={PROFILE_TEXT.sectionAbout}>
        <Whole>
          <Form.Item name="introduction" label={labelled(PROFILE_TEXT.introduction, waiting('introduction'))}>
            <Input.TextArea
              maxLength={PROFILE_LIMITS.introductionChars}
              showCount
              autoSize={{ minRows: 4, maxRows: 12 }}
              placeholder={hint(PROFILE_TEXT.introductionPlaceholder)}
            />
          </Form.Item>
        </Whole>
      </Section>

      {editing && (
        <div className={styles.actions}>
          <Button onClick={cancel} disabled={update.isPending}>
            {PROFILE_TEXT.cancel}
          </Button>
          <Button type="primary" htmlType="submit" loading={update.isPending} className={styles.saveButton}>
            {PROFILE_TEXT.save}
          </Button>
        </div>
      )}
    </Form>
  );

  return (
    <Card
      title={PROFILE_TEXT.formTitle}
      extra={
        !editing && (
          <Button type="primary" ghost icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
            {PROFILE_TEXT.edit}
          </Button>
        )
      }
      className={styles.card}
    >
      <ConfigProvider theme={editing ? EDITING_THEME : READ_ONLY_THEME}>{fields}</ConfigProvider>
    </Card>
  );
}
