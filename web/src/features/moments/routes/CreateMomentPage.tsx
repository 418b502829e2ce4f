import { EnvironmentOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CreateMomentRequest } from '../../../api/generated/types.gen';
import { LinkButton } from '../../../components/LinkButton';
import { LoginRequired } from '../../../components/LoginRequired';
import { errorText } from '../../../lib/apiError';
import { isSessionLive, useSession } from '../../../lib/session';
import { useCreateMoment } from '../api/actions';
import { ImageUploader, uploadedPaths, type ImageItem } from '../components/ImageUploader';
import { describeLocation, LocationDialog, NO_LOCATION, type MomentLocation } from '../components/LocationDialog';
import { MOMENT_LIMITS } from '../model';
import { MOMENT_TEXT } from '../texts';
import { momentDraftError, toCoordinate } from '../validation';
import page from '../page.module.css';
import styles from './CreateMomentPage.module.css';

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
): CreateMomentRequest {
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
    <Form layout="vertical" onFinish={() => void publish()} requiredMark={false} className={styles.form}>
      {error && <Alert type="error" showIcon title={error} role="alert" className={styles.error} />}
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
      <div className={styles.options}>
        <Form.Item label={MOMENT_TEXT.visibilityLabel} htmlFor="moment-visibility" className={styles.visibility}>
          <Select id="moment-visibility" value={visibility} onChange={setVisibility} options={VISIBILITY_OPTIONS} />
        </Form.Item>
        <Form.Item className={styles.location}>
          <Button
            icon={<EnvironmentOutlined />}
            onClick={() => setLocationOpen(true)}
            className={styles.locationButton}
            aria-label={MOMENT_TEXT.locationButton}
          >
            <span className={styles.locationText}>{locationText || MOMENT_TEXT.locationButton}</span>
          </Button>
          {locationText && (
            <Button type="link" size="small" onClick={() => setLocation(NO_LOCATION)}>
              {MOMENT_TEXT.locationClear}
            </Button>
          )}
        </Form.Item>
      </div>
      <div className={styles.buttons}>
        <LinkButton to={FEED_PATH}>{MOMENT_TEXT.backToFeed}</LinkButton>
        <Button type="primary" htmlType="submit" loading={createMoment.isPending} className={styles.publish}>
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
    <div className={page.frame}>
      {signedIn ? (
        <Card className={page.card}>
          <Typography.Title level={3} className={styles.title}>
            {MOMENT_TEXT.createTitle}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{MOMENT_TEXT.createSubtitle}</Typography.Paragraph>
          <MomentForm />
        </Card>
      ) : (
        <LoginRequired detail={MOMENT_TEXT.loginRequiredDetail} />
      )}
    </div>
  );
}
