import styles from './PointContent.module.css';

/**
 * A knowledge point's content, which spec 3 says is rendered as HTML. This is the only place the
 * learner view puts HTML into the page, and it may because the server cleans every point's
 * content before storing it (crates/knowledge/src/html.rs, ammonia: no script, event handler,
 * style or frame; links only to http, https and mailto, with rel="noopener noreferrer nofollow").
 * Never pass it anything the server has not cleaned.
 */
export function PointContent({ html }: { html: string }) {
  return <div className={styles.content} dangerouslySetInnerHTML={{ __html: html }} />;
}
