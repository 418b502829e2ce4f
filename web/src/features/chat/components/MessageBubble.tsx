import type { ChatMessage } from '../../../api/generated/types.gen';
import { ReportButton } from '../../../components/report/ReportButton';
import { cx } from '../../../lib/classNames';
import { formatDateTime } from '../../../lib/format';
import { UploadImage } from '../../../components/PrivateImage';
import { CHAT_TEXT } from '../texts';
import styles from './MessageBubble.module.css';

interface MessageBubbleProps {
  message: ChatMessage;
  mine: boolean;
  /** For the member's own messages: whether the peer has read it. */
  read: boolean;
}

/** One message: text and/or picture, its time, and for the member's own 已读 or 未读, for the peer's 举报. */
export function MessageBubble({ message, mine, read }: MessageBubbleProps) {
  return (
    <div className={cx(styles.row, mine && styles.mine)} data-message-id={message.id}>
      <div className={styles.bubble}>
        {message.image && (
          <UploadImage className={styles.picture} path={message.image} alt={CHAT_TEXT.picture} width={180} />
        )}
        {message.content && <p className={styles.text}>{message.content}</p>}
      </div>
      <div className={styles.meta}>
        <time dateTime={new Date(message.createdAt * 1000).toISOString()}>{formatDateTime(message.createdAt)}</time>
        {mine ? (
          <span className={cx(styles.receipt, read && styles.read)}>{read ? CHAT_TEXT.read : CHAT_TEXT.unread}</span>
        ) : (
          <ReportButton subject="message" targetId={message.id} mine={false} className={styles.report} />
        )}
      </div>
    </div>
  );
}
