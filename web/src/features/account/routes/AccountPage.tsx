import { Card, Space, Typography } from 'antd';
import type { PageProps } from '../../../lib/page';
import { WeChatBindingCard } from '../components/WeChatBindingCard';
import { ACCOUNT_TEXT } from '../texts';

/** /user/account: sign-in methods of the member's account. */
export default function AccountPage({ title }: PageProps) {
  return (
    <Space
      orientation="vertical"
      size={16}
      style={{ width: '100%', maxWidth: 720, margin: '24px auto', display: 'flex' }}
    >
      <Typography.Title level={2} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <WeChatBindingCard />
      <Card title={ACCOUNT_TEXT.passwordTitle}>
        <Typography.Text type="secondary">{ACCOUNT_TEXT.passwordComingSoon}</Typography.Text>
      </Card>
    </Space>
  );
}
