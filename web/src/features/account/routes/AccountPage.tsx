import { Space, Typography } from 'antd';
import type { PageProps } from '../../../lib/page';
import { DataExportCard } from '../components/DataExportCard';
import { DeleteAccountCard } from '../components/DeleteAccountCard';
import { EmailCard } from '../components/EmailCard';
import { InvisibleBrowsingCard } from '../components/InvisibleBrowsingCard';
import { PasswordCard } from '../components/PasswordCard';
import { PhoneCard } from '../components/PhoneCard';
import { PhotoProtectionCard } from '../components/PhotoProtectionCard';
import { SeekingCard } from '../components/SeekingCard';
import { WeChatBindingCard } from '../components/WeChatBindingCard';
import styles from './AccountPage.module.css';

/** /user/account: the member's account settings, one card each, top to bottom. */
export default function AccountPage({ title }: PageProps) {
  return (
    <Space orientation="vertical" size={16} className={styles.page}>
      <Typography.Title level={2} className={styles.title}>
        {title}
      </Typography.Title>
      <PasswordCard />
      <EmailCard />
      <PhoneCard />
      <WeChatBindingCard />
      <PhotoProtectionCard />
      <InvisibleBrowsingCard />
      <SeekingCard />
      <DataExportCard />
      <DeleteAccountCard />
    </Space>
  );
}
