import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import { Link } from 'react-router';
import { Icon } from '../../../components/Icon';
import { useUnreadCount } from '../api/chat';
import { CHAT_TEXT } from '../texts';
import styles from './UnreadBadgeLink.module.css';

/** The header's way to the conversations, with the unread count (plain CSS: the header loads no antd). */
export function UnreadBadgeLink({ viewer }: { viewer: string }) {
  const count = useUnreadCount(viewer).data ?? 0;
  return (
    <Link to="/chat" className={styles.link} aria-label={CHAT_TEXT.unreadBadge(count)}>
      <Icon icon={MessageOutlined} />
      {count > 0 && (
        <span className={styles.badge} aria-hidden>
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
