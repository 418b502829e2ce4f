import { Card, Space, Typography } from 'antd';
import type { PageProps } from '../../../lib/page';
import { WeChatBindingCard } from '../components/WeChatBindingCard';
import { ACCOUNT_TEXT } from '../texts';
import styles from './AccountPage.module.css';

/** /user/account: sign-in methods of the member's account. */
export default function AccountPage({ title }: PageProps) {
  return (
    <Space orientation="vertical" size={16} className={styles.page}>
      <Typography.Title level={2} className={styles.title}>
        {title}
      </Typography.Title>
      <WeChatBindingCard />
      <Card title={ACCOUNT_TEXT.passwordTitle}>
        <Typography.Text type="secondary">{ACCOUNT_TEXT.passwordComingSoon}</Typography.Text>
      </Card>
    </Space>
  );
}
