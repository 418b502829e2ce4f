import { Card, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import styles from '../routes/WalletPage.module.css';

/** The frame every wallet screen shares: its title over one card. */
export function WalletScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Space orientation="vertical" size={16} className={styles.page}>
      <Typography.Title level={2} className={styles.title}>
        {title}
      </Typography.Title>
      <Card>{children}</Card>
    </Space>
  );
}
