import { Alert, App, Button, Empty, Input, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../lib/apiError';
import type { PageProps } from '../../../lib/page';
import { useSaveSensitiveWords, useSensitiveWords } from '../api/moderation';
import { AdminPage } from '../components/AdminPage';
import { failureText } from '../model';
import { wordsError, wordsOf } from '../moderationModel';
import { ADMIN_TEXT } from '../texts';
import styles from './SensitiveWordsPage.module.css';

/** /admin/sensitive-words: the words that send new content to the moderation queue. */
export default function SensitiveWordsPage({ title }: PageProps) {
  return (
    <AdminPage title={title} subtitle={ADMIN_TEXT.sensitiveWordsSubtitle}>
      <SensitiveWords />
    </AdminPage>
  );
}

function SensitiveWords() {
  const words = useSensitiveWords();
  if (words.isPending) return <Skeleton active paragraph={{ rows: 6 }} className={styles.panel} />;
  if (words.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={ADMIN_TEXT.wordsFailed}
        description={errorText(words.error, '') || undefined}
        action={
          <Button size="small" onClick={() => void words.refetch()}>
            {ADMIN_TEXT.retry}
          </Button>
        }
      />
    );
  }
  return <WordsEditor stored={words.data.words} />;
}

/** The stored words as tags, and the editor: one word a line, checked as the server would before saving. */
function WordsEditor({ stored }: { stored: string[] }) {
  const { message } = App.useApp();
  const save = useSaveSensitiveWords();
  const [text, setText] = useState(() => stored.join('\n'));
  const [problem, setProblem] = useState<string | null>(null);
  const typed = wordsOf(text);
  const unchanged = typed.join('\n') === stored.join('\n');

  const submit = async () => {
    const refused = wordsError(typed);
    setProblem(refused);
    if (refused) return;
    try {
      const saved = await save.mutateAsync(typed);
      setText(saved.words.join('\n'));
      message.success(ADMIN_TEXT.wordsSaved);
    } catch (error) {
      message.error(failureText(error, ADMIN_TEXT.wordsSaveFailed));
    }
  };

  return (
    <div className={styles.layout}>
      <section className={styles.panel} aria-labelledby="current-words">
        <h3 id="current-words" className={styles.heading}>
          {ADMIN_TEXT.currentWords(stored.length)}
        </h3>
        {stored.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ADMIN_TEXT.noWords} />
        ) : (
          <ul className={styles.words}>
            {stored.map((word) => (
              <li key={word}>
                <Tag color="orange" className={styles.word}>
                  {word}
                </Tag>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.panel} aria-labelledby="edit-words">
        <h3 id="edit-words" className={styles.heading}>
          {ADMIN_TEXT.editWords}
        </h3>
        <label htmlFor="sensitive-words" className={styles.label}>
          {ADMIN_TEXT.wordsLabel}
        </label>
        <Input.TextArea
          id="sensitive-words"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          autoSize={{ minRows: 8, maxRows: 20 }}
          placeholder={ADMIN_TEXT.wordsPlaceholder}
          status={problem ? 'error' : undefined}
          aria-describedby="sensitive-words-hint"
        />
        {problem ? (
          <p id="sensitive-words-hint" role="alert" className={styles.problem}>
            {problem}
          </p>
        ) : (
          <p id="sensitive-words-hint" className={styles.hint}>
            {ADMIN_TEXT.wordsHint}
          </p>
        )}
        <div className={styles.footer}>
          <Button type="primary" onClick={() => void submit()} loading={save.isPending} disabled={unchanged}>
            {ADMIN_TEXT.save}
          </Button>
        </div>
      </section>
    </div>
  );
}
