import { Badge, Button, Empty, List, Result, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import type { Conversation } from '../../../api/generated/types.gen';
import { LinkButton } from '../../../components/LinkButton';
import { errorText } from '../../../lib/apiError';
import { relativeTime } from '../../../lib/format';
import { PeerAvatar } from '../components/PeerAvatar';
import { chatPath } from '../../../lib/profileVisit';
import { MemberOnly } from '../../people/components/MemberOnly';
import { useConversations } from '../api/chat';
import { CHAT_TEXT } from '../texts';
import styles from './ChatListPage.module.css';

export function nameOf(peer: { nickname: string; username: string }): string {
  return peer.nickname || peer.username;
}

function preview(conversation: Conversation): string {
  const last = conversation.lastMessage;
  if (!last) return '';
  return last.content || CHAT_TEXT.picture;
}

function Conversations({ viewer }: { viewer: string }) {
  const conversations = useConversations(viewer);
  if (conversations.isPending) return <Skeleton active avatar paragraph={{ rows: 3 }} />;
  if (conversations.isError) {
    return (
      <Result
        status="warning"
        title={errorText(conversations.error, CHAT_TEXT.loadFailed)}
        extra={<Button onClick={() => void conversations.refetch()}>{CHAT_TEXT.retry}</Button>}
      />
    );
  }
  if (conversations.data.conversations.length === 0) {
    return (
      <Empty description={CHAT_TEXT.empty}>
        <LinkButton to="/people" type="primary">
          {CHAT_TEXT.goMeet}
        </LinkButton>
      </Empty>
    );
  }
  return (
    <List
      className={styles.list}
      dataSource={conversations.data.conversations}
      rowKey={(conversation) => conversation.peer.uuid}
      renderItem={(conversation) => (
        <List.Item className={styles.item}>
          <Link to={chatPath(conversation.peer.uuid)} className={styles.row}>
            <Badge count={conversation.unread} size="small" offset={[-4, 4]}>
              <PeerAvatar peer={conversation.peer} size={52} />
            </Badge>
            <span className={styles.text}>
              <span className={styles.top}>
                <Typography.Text strong ellipsis className={styles.name}>
                  {nameOf(conversation.peer)}
                </Typography.Text>
                <Typography.Text type="secondary" className={styles.time}>
                  {relativeTime(conversation.updatedAt)}
                </Typography.Text>
              </span>
              <Typography.Text type="secondary" ellipsis className={styles.preview}>
                {preview(conversation)}
              </Typography.Text>
            </span>
          </Link>
        </List.Item>
      )}
    />
  );
}

/** /chat: the member's conversations, most recent first, with what is unread. */
export default function ChatListPage() {
  return (
    <div className={styles.page}>
      <div className={styles.heading}>
        <Typography.Title level={2} className={styles.title}>
          {CHAT_TEXT.title}
        </Typography.Title>
        <Typography.Text type="secondary">{CHAT_TEXT.subtitle}</Typography.Text>
      </div>
      <div className={styles.panel}>
        <MemberOnly>{(viewer) => <Conversations key={viewer} viewer={viewer} />}</MemberOnly>
      </div>
    </div>
  );
}
