import { Button, Input, Space, Typography, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { MomentComment } from '../model';
import { MOMENT_TEXT } from '../texts';
import { commentError } from '../validation';
import styles from './CommentComposer.module.css';

interface CommentComposerProps {
  /** The comment being answered, or null for a top-level comment. */
  replyTo: MomentComment | null;
  sending: boolean;
  /** Resolves true when the comment was saved, so the input can clear. */
  onSend: (content: string) => Promise<boolean>;
  onCancel: () => void;
}

/** The per-post input; it clears after sending or cancelling (spec 1 section 2). */
export function CommentComposer({ replyTo, sending, onSend, onCancel }: CommentComposerProps) {
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<InputRef>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, [replyTo]);

  const label = replyTo ? MOMENT_TEXT.replyTo(replyTo.nickname) : MOMENT_TEXT.commentPlaceholder;

  async function send() {
    const problem = commentError(content);
    setError(problem);
    if (problem || sending) return;
    if (await onSend(content.trim())) setContent('');
  }

  return (
    <div className={styles.composer}>
      <Input.TextArea
        ref={inputRef}
        aria-label={label}
        placeholder={label}
        value={content}
        autoSize={{ minRows: 2, maxRows: 6 }}
        status={error ? 'error' : undefined}
        onChange={(event) => {
          setContent(event.target.value);
          if (error) setError(null);
        }}
        onPressEnter={(event) => {
          // Enter sends (Shift+Enter breaks the line); never while an input method is composing.
          if (event.shiftKey || event.nativeEvent.isComposing) return;
          event.preventDefault();
          void send();
        }}
      />
      <div className={styles.footer}>
        <Typography.Text type="danger" role={error ? 'alert' : undefined} className={styles.error}>
          {error}
        </Typography.Text>
        <Space size={8}>
          <Button
            size="small"
            onClick={() => {
              setContent('');
              setError(null);
              onCancel();
            }}
          >
            {MOMENT_TEXT.cancel}
          </Button>
          <Button size="small" type="primary" loading={sending} onClick={() => void send()}>
            {MOMENT_TEXT.send}
          </Button>
        </Space>
      </div>
    </div>
  );
}
