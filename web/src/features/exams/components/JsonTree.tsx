import styles from './JsonTree.module.css';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function summaryOf(value: Json[] | { [key: string]: Json }): string {
  return Array.isArray(value) ? `[${value.length}]` : `{${Object.keys(value).length}}`;
}

function Leaf({ value }: { value: Exclude<Json, object> | null }) {
  if (typeof value === 'string') return <span className={styles.string}>{JSON.stringify(value)}</span>;
  if (value === null) return <span className={styles.literal}>null</span>;
  return <span className={typeof value === 'number' ? styles.number : styles.literal}>{String(value)}</span>;
}

function Node({ name, value, depth }: { name?: string; value: Json; depth: number }) {
  const label = name !== undefined && <span className={styles.key}>{name}: </span>;
  if (value === null || typeof value !== 'object') {
    return (
      <div className={styles.row}>
        {label}
        <Leaf value={value} />
      </div>
    );
  }
  const entries: [string, Json][] = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  return (
    <details className={styles.branch} open={depth < 1}>
      <summary className={styles.summary}>
        {label}
        <span className={styles.count}>{summaryOf(value)}</span>
      </summary>
      <div className={styles.children}>
        {entries.map(([key, item]) => (
          <Node key={key} name={key} value={item} depth={depth + 1} />
        ))}
      </div>
    </details>
  );
}

/** JSON text as a collapsible tree (the first level open); text that does not parse is shown as it is. */
export function JsonTree({ text, label }: { text: string; label: string }) {
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch {
    return <pre className={styles.raw}>{text}</pre>;
  }
  return (
    <div className={styles.tree} role="group" aria-label={label}>
      <Node value={value} depth={0} />
    </div>
  );
}
