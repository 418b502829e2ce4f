import { HeartFilled } from '@ant-design/icons';
import { theme } from 'antd';

export function BrandMark({ size = 20 }: { size?: number }) {
  const { token } = theme.useToken();
  return (
    <span
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 8,
        fontWeight: 700,
        fontSize: size,
        color: token.colorPrimary,
      }}
    >
      <HeartFilled aria-hidden />
      <span>心桥</span>
      <span style={{ fontWeight: 500, fontSize: size * 0.7, color: token.colorTextSecondary }}>Xinqiao</span>
    </span>
  );
}
