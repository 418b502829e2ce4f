import HeartFilled from '@ant-design/icons-svg/es/asn/HeartFilled';
import styles from './BrandMark.module.css';
import { Icon } from './Icon';

export function BrandMark({ size = 20 }: { size?: number }) {
  return (
    <span className={styles.mark} style={{ fontSize: size }}>
      <Icon icon={HeartFilled} />
      <span>心桥</span>
      <span className={styles.latin}>Xinqiao</span>
    </span>
  );
}
