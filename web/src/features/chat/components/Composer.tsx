import { PictureOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { CHAT_TEXT, MESSAGE_MAX_CHARS } from '../texts';
import styles from './Composer.module.css';

interface ComposerProps {
  disabled: boolean;
  sending: boolean;
  /** Sends the trimmed text; resolves true when it was sent (the box then empties). */
  onSend: (content: string) => Promise<boolean>;
  onPicture: (file: File) => void;
  onTyping: () => void;
}

/** The send box: Enter sends, Shift+Enter breaks the line, text empty after trimming is not sent. */
export function Composer({ disabled, sending, onSend, onPicture, onTyping }: ComposerProps) {
  const [text, setText] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);

  const submit = async () => {
    const content = text.trim();
    if (content === '' || disabled || sending) return;
    if (await onSend(content)) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setText(event.target.value);
    if (event.target.value.trim() !== '') onTyping();
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onPicture(file);
  };

  return (
    <div className={styles.composer}>
      <input ref={fileInput} type="file" accept="image/jpeg,image/png,image/webp,image/gif" hidden onChange={onFile} />
      <Button
        type="text"
        icon={<PictureOutlined />}
        aria-label={CHAT_TEXT.sendPicture}
        disabled={disabled}
        onClick={() => fileInput.current?.click()}
      />
      <Input.TextArea
        className={styles.input}
        value={text}
        onChange={onChange}
        onKeyDown={onKeyDown}
        placeholder={CHAT_TEXT.placeholder}
        autoSize={{ minRows: 1, maxRows: 5 }}
        maxLength={MESSAGE_MAX_CHARS}
        disabled={disabled}
        aria-label={CHAT_TEXT.placeholder}
      />
      <Button
        type="primary"
        shape="round"
        icon={<SendOutlined />}
        loading={sending}
        disabled={disabled || text.trim() === ''}
        onClick={() => void submit()}
      >
        {CHAT_TEXT.send}
      </Button>
    </div>
  );
}
