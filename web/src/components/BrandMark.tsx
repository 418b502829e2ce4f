import HeartFilled from '@ant-design/icons-svg/es/asn/HeartFilled';
import { Icon } from './Icon';

export function BrandMark({ size = 20 }: { size?: number }) {
  return (
    <span
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 8,
        fontWeight: 700,
        fontSize: size,
        color: 'var(--xq-primary)',
      }}
    >
      <Icon icon={HeartFilled} />
      <span>心桥</span>
      <span style={{ fontWeight: 500, fontSize: size * 0.7, color: 'var(--xq-text-secondary)' }}>Xinqiao</span>
    </span>
  );
}
