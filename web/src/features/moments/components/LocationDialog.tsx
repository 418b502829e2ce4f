import { Cascader, Form, Input, InputNumber, Modal, Space, Typography } from 'antd';
import { MOMENT_TEXT } from '../texts';
import styles from './LocationDialog.module.css';
import { REGION_OPTIONS, regionNames } from './regions';

export interface MomentLocation {
  /** Codes chosen in the cascader (2, 4 and 6 digits), kept to show the choice again. */
  regionCodes: string[];
  province: string;
  city: string;
  region: string;
  landmark: string;
  /** Degrees, as typed; sent as integers of degrees × 10000. */
  longitude: number | null;
  latitude: number | null;
}

export const NO_LOCATION: MomentLocation = {
  regionCodes: [],
  province: '',
  city: '',
  region: '',
  landmark: '',
  longitude: null,
  latitude: null,
};

export function describeLocation(location: MomentLocation): string {
  const place = [location.province, location.city === '市辖区' ? '' : location.city, location.region]
    .filter(Boolean)
    .join(' ');
  return [place, location.landmark].filter(Boolean).join(' · ');
}

interface LocationDialogProps {
  open: boolean;
  value: MomentLocation;
  onSave: (location: MomentLocation) => void;
  onClose: () => void;
}

interface LocationForm {
  regionCodes?: string[];
  landmark?: string;
  longitude?: number | null;
  latitude?: number | null;
}

/** Spec 2 section 2.12's location dialog: province, city and district, a landmark, and optional coordinates. */
export function LocationDialog({ open, value, onSave, onClose }: LocationDialogProps) {
  const [form] = Form.useForm<LocationForm>();

  const save = () => {
    const { regionCodes = [], landmark = '', longitude = null, latitude = null } = form.getFieldsValue();
    const [province = '', city = '', region = ''] = regionNames(regionCodes);
    onSave({ regionCodes, province, city, region, landmark: landmark.trim(), longitude, latitude });
  };

  return (
    <Modal
      open={open}
      title={MOMENT_TEXT.locationTitle}
      okText={MOMENT_TEXT.locationSave}
      cancelText={MOMENT_TEXT.cancel}
      onOk={save}
      onCancel={onClose}
      // Mounted only while open: the region tree is large and must not re-render with every keystroke outside.
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={value} className={styles.form}>
        <Form.Item name="regionCodes" label={MOMENT_TEXT.regionLabel}>
          <Cascader
            options={REGION_OPTIONS}
            placeholder={MOMENT_TEXT.regionPlaceholder}
            changeOnSelect
            showSearch
            aria-label={MOMENT_TEXT.regionLabel}
          />
        </Form.Item>
        <Form.Item name="landmark" label={MOMENT_TEXT.landmarkLabel}>
          <Input maxLength={100} placeholder={MOMENT_TEXT.landmarkPlaceholder} />
        </Form.Item>
        <Space size={12} className={styles.coordinates} classNames={{ item: styles.coordinate }}>
          <Form.Item name="longitude" label={MOMENT_TEXT.longitudeLabel} className={styles.coordinateItem}>
            <InputNumber min={-180} max={180} step={0.0001} precision={4} className={styles.number} />
          </Form.Item>
          <Form.Item name="latitude" label={MOMENT_TEXT.latitudeLabel} className={styles.coordinateItem}>
            <InputNumber min={-90} max={90} step={0.0001} precision={4} className={styles.number} />
          </Form.Item>
        </Space>
        <Typography.Text type="secondary" className={styles.hint}>
          {MOMENT_TEXT.coordinatesHint}
        </Typography.Text>
      </Form>
    </Modal>
  );
}
