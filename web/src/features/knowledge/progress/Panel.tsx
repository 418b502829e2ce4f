import { useId, type ReactNode } from 'react';
import styles from './Panel.module.css';

/** One titled part of the progress page (courses, reviews, recently mastered, recommendations). */
export function Panel({
  title,
  extra,
  titleId,
  children,
}: {
  title: string;
  /** Beside the title: a short line about the part. */
  extra?: ReactNode;
  /** The title's id when something outside names the panel by it. */
  titleId?: string;
  children: ReactNode;
}) {
  const ownId = useId();
  const id = titleId ?? ownId;
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <header className={styles.head}>
        <h3 id={id} className={styles.title}>
          {title}
        </h3>
        {extra && <span className={styles.extra}>{extra}</span>}
      </header>
      {children}
    </section>
  );
}
