import { DeleteOutlined, EditOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Skeleton } from 'antd';
import { useState } from 'react';
import type { ConversationSummary } from '../../../api/generated/types.gen';
import { useDeleteConfirmation } from '../../../components/DeleteConfirmation';
import { errorText } from '../../../lib/apiError';
import { cx } from '../../../lib/classNames';
import { relativeTime } from '../../../lib/format';
import { useConversations, useDeleteConversation } from '../api/conversations';
import { AI_CHAT_TEXT } from '../texts';
import styles from './ConversationList.module.css';
import { RenameDialog } from './RenameDialog';

interface ConversationListProps {
  viewer: string;
  activeId: number | null;
  onOpen: (id: number) => void;
  onNew: () => void;
  /** After a delete: the page leaves the conversation when it was the one on the screen. */
  onDeleted: (id: number) => void;
}

/** The member's saved conversations, newest first, with 新对话, rename and delete. */
export function ConversationList({ viewer, activeId, onOpen, onNew, onDeleted }: ConversationListProps) {
  const { message } = App.useApp();
  const conversations = useConversations(viewer);
  const remove = useDeleteConversation(viewer);
  const confirmDelete = useDeleteConfirmation();
  const [renaming, setRenaming] = useState<ConversationSummary | null>(null);
  const items = conversations.data?.pages.flatMap((page) => page.list) ?? [];

  const askDelete = (conversation: ConversationSummary) =>
    confirmDelete({
      title: AI_CHAT_TEXT.deleteTitle,
      content: AI_CHAT_TEXT.deleteContent,
      onConfirm: async () => {
        try {
          await remove.mutateAsync(conversation.id);
          message.success(AI_CHAT_TEXT.deleted);
          onDeleted(conversation.id);
        } catch (error) {
          message.error(errorText(error, AI_CHAT_TEXT.deleteFailed));
        }
      },
    });

  let body;
  if (conversations.isPending) {
    body = <Skeleton active title={false} paragraph={{ rows: 5 }} className={styles.state} />;
  } else if (conversations.isError) {
    body = (
      <div className={styles.state}>
        <p>{errorText(conversations.error, AI_CHAT_TEXT.listFailed)}</p>
        <Button size="small" onClick={() => void conversations.refetch()}>
          {AI_CHAT_TEXT.retry}
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    body = <p className={styles.state}>{AI_CHAT_TEXT.noConversations}</p>;
  } else {
    body = (
      <ul className={styles.items}>
        {items.map((conversation) => {
          const active = conversation.id === activeId;
          return (
            <li key={conversation.id} className={cx(styles.item, active && styles.active)}>
              <button
                type="button"
                className={styles.open}
                onClick={() => onOpen(conversation.id)}
                aria-current={active ? 'true' : undefined}
                title={conversation.title}
              >
                <span className={styles.title}>{conversation.title || AI_CHAT_TEXT.untitled}</span>
                <span className={styles.time}>{relativeTime(conversation.updatedAt)}</span>
              </button>
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'rename', icon: <EditOutlined />, label: AI_CHAT_TEXT.rename },
                    { key: 'delete', icon: <DeleteOutlined />, label: AI_CHAT_TEXT.delete, danger: true },
                  ],
                  onClick: ({ key }) => (key === 'rename' ? setRenaming(conversation) : askDelete(conversation)),
                }}
              >
                <Button
                  type="text"
                  size="small"
                  className={styles.more}
                  icon={<MoreOutlined />}
                  aria-label={AI_CHAT_TEXT.more(conversation.title)}
                />
              </Dropdown>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <nav className={styles.list} aria-label={AI_CHAT_TEXT.history}>
      <Button block type="primary" ghost icon={<PlusOutlined />} onClick={onNew} className={styles.new}>
        {AI_CHAT_TEXT.newConversation}
      </Button>
      <h2 className={styles.heading}>{AI_CHAT_TEXT.history}</h2>
      <div className={styles.scroll}>
        {body}
        {conversations.hasNextPage && (
          <Button
            type="link"
            block
            loading={conversations.isFetchingNextPage}
            onClick={() => void conversations.fetchNextPage()}
          >
            {AI_CHAT_TEXT.loadMore}
          </Button>
        )}
      </div>
      <RenameDialog viewer={viewer} conversation={renaming} onClose={() => setRenaming(null)} />
    </nav>
  );
}
