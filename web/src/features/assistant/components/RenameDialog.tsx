import { App, Input, Modal } from 'antd';
import { useState } from 'react';
import type { ConversationSummary } from '../../../api/generated/types.gen';
import { SHARED_TEXT } from '../../../components/texts';
import { errorText } from '../../../lib/apiError';
import { useRenameConversation } from '../api/conversations';
import { AI_CHAT_TEXT, TITLE_MAX_CHARS } from '../texts';
import { trimVisible } from '../thread';
import styles from './RenameDialog.module.css';

interface RenameDialogProps {
  viewer: string;
  /** The conversation being renamed; null keeps the dialog closed. */
  conversation: ConversationSummary | null;
  onClose: () => void;
}

/** A new title of 1 to 40 characters (the server's rule, checked here first). */
export function RenameDialog({ viewer, conversation, onClose }: RenameDialogProps) {
  const { message } = App.useApp();
  const rename = useRenameConversation(viewer);
  const [title, setTitle] = useState('');
  const [openedFor, setOpenedFor] = useState<number | null>(null);
  // Each opening starts from the conversation's current title.
  if (conversation && conversation.id !== openedFor) {
    setOpenedFor(conversation.id);
    setTitle(conversation.title);
  }
  const trimmed = trimVisible(title);

  const save = async () => {
    if (!conversation || trimmed === '') return;
    try {
      await rename.mutateAsync({ id: conversation.id, title: trimmed });
      message.success(AI_CHAT_TEXT.renamed);
      setOpenedFor(null);
      onClose();
    } catch (error) {
      message.error(errorText(error, AI_CHAT_TEXT.renameFailed));
    }
  };

  return (
    <Modal
      open={conversation !== null}
      title={AI_CHAT_TEXT.renameTitle}
      okText={SHARED_TEXT.confirm}
      cancelText={SHARED_TEXT.cancel}
      okButtonProps={{ disabled: trimmed === '' }}
      confirmLoading={rename.isPending}
      onOk={() => void save()}
      onCancel={() => {
        setOpenedFor(null);
        onClose();
      }}
      destroyOnHidden
    >
      <Input
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        onPressEnter={() => void save()}
        maxLength={TITLE_MAX_CHARS}
        showCount
        placeholder={AI_CHAT_TEXT.renamePlaceholder}
        aria-label={AI_CHAT_TEXT.renameTitle}
        status={trimmed === '' ? 'error' : undefined}
        autoFocus
      />
      {trimmed === '' && <div className={styles.error}>{AI_CHAT_TEXT.renameEmpty}</div>}
    </Modal>
  );
}
