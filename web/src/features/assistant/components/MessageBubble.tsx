import { Alert, Tag } from 'antd';
import { memo } from 'react';
import { CrisisHelp } from '../../../components/CrisisHelp';
import { cx } from '../../../lib/classNames';
import { AI_CHAT_TEXT } from '../texts';
import type { ChatItem } from '../thread';
import { AssistantAvatar } from './AssistantAvatar';
import { ReplyMarkdown } from './ReplyMarkdown';
import styles from './MessageBubble.module.css';

/** Three dots while the reply is on its way. */
function TypingDots() {
  return (
    <span className={styles.typing} role="status" aria-label={AI_CHAT_TEXT.thinking}>
      <span />
      <span />
      <span />
    </span>
  );
}

/**
 * One message: the member's on the right as they typed it, the assistant's on the left as
 * sanitised markdown, growing while it streams, then marked when it was stopped or failed (or,
 * opened from the saved conversation, when it did not finish).
 * Memoised, so a streamed piece re-renders only the reply it belongs to.
 */
export const MessageBubble = memo(function MessageBubble({ item }: { item: ChatItem }) {
  if (item.role === 'user') {
    return (
      <div className={cx(styles.row, styles.mine)} data-role="user">
        <span className={styles.hidden}>{AI_CHAT_TEXT.you}：</span>
        <div className={styles.userBubble}>{item.content}</div>
      </div>
    );
  }
  return (
    <div className={styles.row} data-role="assistant" data-status={item.status}>
      <AssistantAvatar />
      <div className={styles.column}>
        <span className={styles.hidden}>{AI_CHAT_TEXT.assistant}：</span>
        {item.crisis && <CrisisHelp className={styles.crisis} />}
        {(item.content !== '' || item.status === 'streaming') && (
          <div className={styles.assistantBubble}>
            {item.content !== '' && <ReplyMarkdown content={item.content} />}
            {item.status === 'streaming' && <TypingDots />}
          </div>
        )}
        {item.note && <div className={styles.mark}>{item.note}</div>}
        {item.incomplete && (
          <div className={styles.mark}>
            <Tag className={styles.markTag}>{AI_CHAT_TEXT.incomplete}</Tag>
          </div>
        )}
        {item.status === 'stopped' && (
          <div className={styles.mark}>
            <Tag className={styles.markTag}>{AI_CHAT_TEXT.stopped}</Tag>
            <span>{AI_CHAT_TEXT.stoppedSaved}</span>
          </div>
        )}
        {item.status === 'failed' && (
          <Alert
            className={styles.failure}
            type="error"
            showIcon
            title={AI_CHAT_TEXT.sendFailed}
            description={item.error || undefined}
          />
        )}
      </div>
    </div>
  );
});
