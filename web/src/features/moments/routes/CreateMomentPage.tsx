import { EnvironmentOutlined, LockOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, Result, Select, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LinkButton } from '../../../components/LinkButton';
import { errorText } from '../../../lib/apiError';
import { loginPathFor } from '../../../lib/returnTarget';
import { isSessionLive, useSession } from '../../../lib/session';
import { useCreateMoment, type NewMoment } from '../api/actions';
import { ImageUploader, uploadedPaths, type ImageItem } from '../components/ImageUploader';
import { describeLocation, LocationDialog, NO_LOCATION, type MomentLocation } from '../components/LocationDialog';
import { MOMENT_LIMITS } from '../model';
import { MOMENT_TEXT } from '../texts';
import { momentDraftError, toCoordinate } from '../validation';

const CREATE_PATH = '/moment/create';
const FEED_PATH = '/moment';

type Visibility = 'public' | 'friends' | 'private';

const VISIBILITY_OPTIONS: { value: Visibility; label: string }[] = [
  { value: 'public', label: MOMENT_TEXT.visibilityPublic },
  { value: 'friends', label: MOMENT_TEXT.visibilityFriends },
  { value: 'private', label: MOMENT_TEXT.visibilityPrivate },
];

/** The request spec 2 section 2.12 describes; topics are not offered, so isTopic and topicId are 0. */
export function newMomentRequest(
  content: string,
  images: string[],
  visibility: Visibility,
  location: MomentLocation,
): NewMoment {
  return {
    content: content.trim(),
    images,
    visibility,
    isTopic: 0,
    friendShow: visibility === 'friends' ? 1 : 0,
    topicId: 0,
    province: location.province,
    city: location.city,
    region: location.region,
    landmark: location.landmark,
    longitude: toCoordinate(location.longitude),
    latitude: toCoordinate(location.latitude),
  };
}

function LoginRequired() {
  return (
    <Result
      icon={<LockOutlined style={{ color: '#C2185B' }} />}
      title={MOMENT_TEXT.loginRequired}
      subTitle={MOMENT_TEXT.loginRequiredDetail}
      extra={
        <LinkButton to={loginPathFor(CREATE_PATH)} type="primary">
          {MOMENT_TEXT.login}
        </LinkButton>
      }
    />
  );
}

function MomentForm() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const createMoment = useCreateMoment();
  const [content, setContent] = useState('');
  const [images, setImages] = useState<ImageItem[]>([]);
  const [visibility, setVisibility] = useState<Visibility>('public');
  const [location, setLocation] = useState<MomentLocation>(NO_LOCATION);
  const [locationOpen, setLocationOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const paths = uploadedPaths(images);
  const locationText = describeLocation(location);

  async function publish() {
    const problem = momentDraftError({
      content,
      imageCount: paths.length,
      uploading: images.filter((item) => item.status === 'uploading').length,
    });
    setError(problem);
    if (problem || createMoment.isPending) return;
    try {
      await createMoment.mutateAsync(newMomentRequest(content, paths, visibility, location));
      message.success(MOMENT_TEXT.published);
      navigate(FEED_PATH);
    } catch (failure) {
      setError(errorText(failure, MOMENT_TEXT.publishFailed));
    }
  }

  return (
    <Form
      layout="vertical"
      onFinish={() => void publish()}
      requiredMark={false}
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      <Form.Item label={MOMENT_TEXT.contentLabel} htmlFor="moment-content">
        <Input.TextArea
          id="moment-content"
          value={content}
          onChange={(event) => {
            setContent(event.target.value);
            if (error) setError(null);
          }}
          placeholder={MOMENT_TEXT.contentPlaceholder}
          autoSize={{ minRows: 5, maxRows: 14 }}
          maxLength={MOMENT_LIMITS.contentChars}
          showCount
        />
      </Form.Item>
      <Form.Item label={MOMENT_TEXT.imagesLabel} extra={MOMENT_TEXT.imagesHint}>
        <ImageUploader
          value={images}
          onChange={(next) => {
            setImages(next);
            if (error) setError(null);
          }}
        />
      </Form.Item>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-end' }}>
        <Form.Item label={MOMENT_TEXT.visibilityLabel} htmlFor="moment-visibility" style={{ minWidth: 160 }}>
          <Select id="moment-visibility" value={visibility} onChange={setVisibility} options={VISIBILITY_OPTIONS} />
        </Form.Item>
        <Form.Item style={{ flex: 1, minWidth: 0 }}>
          <Button
            icon={<EnvironmentOutlined />}
            onClick={() => setLocationOpen(true)}
            style={{ maxWidth: '100%' }}
            aria-label={MOMENT_TEXT.locationButton}
          >
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {locationText || MOMENT_TEXT.locationButton}
            </span>
          </Button>
          {locationText && (
            <Button type="link" size="small" onClick={() => setLocation(NO_LOCATION)}>
              {MOMENT_TEXT.locationClear}
            </Button>
          )}
        </Form.Item>
      </div>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 12 }}>
        <LinkButton to={FEED_PATH}>{MOMENT_TEXT.backToFeed}</LinkButton>
        <Button type="primary" htmlType="submit" loading={createMoment.isPending} style={{ minWidth: 120 }}>
          {MOMENT_TEXT.publishButton}
        </Button>
      </div>
      <LocationDialog
        open={locationOpen}
        value={location}
        onClose={() => setLocationOpen(false)}
        onSave={(next) => {
          setLocation(next);
          setLocationOpen(false);
        }}
      />
    </Form>
  );
}

/** Spec 2 section 2.12. The route is open to all (spec 3's table); without a token the page says 请先登录. */
export default function CreateMomentPage() {
  const session = useSession();
  const signedIn = isSessionLive(session, Date.now());
  return (
    <div style={{ maxWidth: 680, margin: '0 auto', padding: '24px 0 48px' }}>
      {signedIn ? (
        <Card style={{ boxShadow: '0 4px 18px rgba(194, 24, 91, 0.06)', borderColor: '#F6E3EA' }}>
          <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
            {MOMENT_TEXT.createTitle}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{MOMENT_TEXT.createSubtitle}</Typography.Paragraph>
          <MomentForm />
        </Card>
      ) : (
        <LoginRequired />
      )}
    </div>
  );
}
