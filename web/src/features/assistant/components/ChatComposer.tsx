import { SendOutlined } from '@ant-design/icons';
import { Button, Input, type GetRef } from 'antd';
import type { KeyboardEvent, Ref } from 'react';
import { AI_CHAT_TEXT, MAX_MESSAGE_CHARS } from '../texts';
import { trimVisible } from '../thread';
import styles from './ChatComposer.module.css';

export type ComposerInput = GetRef<typeof Input.TextArea>;

interface ChatComposerProps {
  value: string;
  onChange: (value: string) => void;
  /** A reply is streaming: the button stops it instead of sending. */
  streaming: boolean;
  /** Nothing can be asked (the conversation is loading or failed to load). */
  disabled: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
  inputRef?: Ref<ComposerInput>;
}

/**
 * The question box: Enter sends, Shift+Enter breaks the line, a question empty after trimming is
 * not sent (spec 3 section 5); while a reply streams, 停止 takes the send button's place.
 */
export function ChatComposer({ value, onChange, streaming, disabled, onSend, onStop, inputRef }: ChatComposerProps) {
  const blank = trimVisible(value) === '';

  const submit = () => {
    if (blank || streaming || disabled) return;
    onSend(value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter that confirms a Chinese input method's candidate belongs to the input method.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    submit();
  };

  return (
    <div className={styles.composer}>
      <Input.TextArea
        ref={inputRef}
        className={styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={AI_CHAT_TEXT.placeholder}
        aria-label={AI_CHAT_TEXT.inputLabel}
        autoSize={{ minRows: 1, maxRows: 6 }}
        maxLength={MAX_MESSAGE_CHARS}
        disabled={disabled}
        variant="borderless"
      />
      {streaming ? (
        <Button shape="round" className={styles.stop} icon={<span className={styles.stopIcon} />} onClick={onStop}>
          {AI_CHAT_TEXT.stop}
        </Button>
      ) : (
        <Button type="primary" shape="round" icon={<SendOutlined />} disabled={disabled || blank} onClick={submit}>
          {AI_CHAT_TEXT.send}
        </Button>
      )}
    </div>
  );
}
