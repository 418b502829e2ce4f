import styles from './PageSpinner.module.css';

export function PageSpinner() {
  return (
    <div className={styles.frame} aria-busy="true" aria-live="polite">
      <span className={styles.dots}>
        <span />
        <span />
        <span />
        <span />
      </span>
    </div>
  );
}
