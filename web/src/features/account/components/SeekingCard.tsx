import { App, Alert, Button, Card, Checkbox, Form, InputNumber, Select, Skeleton, Space, Typography } from 'antd';
import type { MyProfile, UpdateProfileRequest } from '../../../api/generated/types.gen';
import { errorText } from '../../../lib/apiError';
import { useSession } from '../../../lib/session';
import { useMyProfile, useUpdateProfile } from '../../profile/api/profile';
import { ACCOUNT_TEXT } from '../texts';
import styles from './AccountCards.module.css';

/** The server's bounds for a partner's age. */
const MIN_AGE = 18;
const MAX_AGE = 80;

interface SeekingValues {
  seekGender: string;
  anyAge: boolean;
  ageMin: number | null;
  ageMax: number | null;
}

function valuesOf(profile: MyProfile): SeekingValues {
  const anyAge = profile.seekAgeMin === 0 && profile.seekAgeMax === 0;
  return {
    seekGender: profile.seekGender,
    anyAge,
    ageMin: anyAge ? MIN_AGE : profile.seekAgeMin,
    ageMax: anyAge ? MAX_AGE : profile.seekAgeMax,
  };
}

/** The three fields go together (the server reads them as one preference); no age range is both 0. */
function seekingRequest(values: SeekingValues): UpdateProfileRequest {
  return {
    seekGender: values.seekGender,
    seekAgeMin: values.anyAge ? 0 : (values.ageMin ?? MIN_AGE),
    seekAgeMax: values.anyAge ? 0 : (values.ageMax ?? MAX_AGE),
  };
}

function SeekingForm({ profile, uuid }: { profile: MyProfile; uuid: string }) {
  const { message } = App.useApp();
  const update = useUpdateProfile(uuid);
  const [form] = Form.useForm<SeekingValues>();
  const anyAge = Form.useWatch('anyAge', form) ?? valuesOf(profile).anyAge;

  const save = (values: SeekingValues) => {
    // The server's own words for a range it refuses, before sending.
    if (!values.anyAge && values.ageMin !== null && values.ageMax !== null && values.ageMin > values.ageMax) {
      message.error(ACCOUNT_TEXT.seekAgeRangeInvalid);
      return;
    }
    update.mutate(seekingRequest(values), {
      onSuccess: () => message.success(ACCOUNT_TEXT.seekingSaved),
      onError: (error) => message.error(errorText(error, ACCOUNT_TEXT.saveFailed)),
    });
  };

  return (
    <Form<SeekingValues> form={form} layout="vertical" initialValues={valuesOf(profile)} onFinish={save}>
      <Form.Item name="seekGender" label={ACCOUNT_TEXT.seekGenderLabel} className={styles.narrow}>
        <Select options={[...ACCOUNT_TEXT.seekGenders]} />
      </Form.Item>
      <Form.Item label={ACCOUNT_TEXT.seekAgeLabel}>
        <Space wrap>
          <Form.Item name="ageMin" noStyle>
            <InputNumber
              min={MIN_AGE}
              max={MAX_AGE}
              precision={0}
              disabled={anyAge}
              aria-label={ACCOUNT_TEXT.seekAgeMinLabel}
            />
          </Form.Item>
          <span>—</span>
          <Form.Item name="ageMax" noStyle>
            <InputNumber
              min={MIN_AGE}
              max={MAX_AGE}
              precision={0}
              disabled={anyAge}
              aria-label={ACCOUNT_TEXT.seekAgeMaxLabel}
            />
          </Form.Item>
          <span>{ACCOUNT_TEXT.ageUnit}</span>
          <Form.Item name="anyAge" valuePropName="checked" noStyle>
            <Checkbox>{ACCOUNT_TEXT.seekAnyAge}</Checkbox>
          </Form.Item>
        </Space>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {ACCOUNT_TEXT.save}
      </Button>
    </Form>
  );
}

/** 择偶偏好: whom the member wants to meet, which the recommendations follow. */
export function SeekingCard() {
  const uuid = useSession()?.user.uuid ?? '';
  const profile = useMyProfile(uuid);

  let body;
  if (profile.isPending) {
    body = <Skeleton active paragraph={{ rows: 2 }} />;
  } else if (profile.isError) {
    body = <Alert type="error" showIcon title={ACCOUNT_TEXT.profileLoadFailed} />;
  } else {
    body = <SeekingForm profile={profile.data} uuid={uuid} />;
  }

  return (
    <Card title={ACCOUNT_TEXT.seekingTitle}>
      <Typography.Paragraph type="secondary">{ACCOUNT_TEXT.seekingIntro}</Typography.Paragraph>
      {body}
    </Card>
  );
}
