import { Link } from 'react-router';
import { COPYRIGHT_YEAR } from '../../lib/constants';
import { useSiteConfig } from '../../lib/siteConfig';
import styles from './AppFooter.module.css';
import { FOOTER_ABOUT, FOOTER_LEGAL, FOOTER_SUPPORT, LAYOUT_TEXT, type NavEntry } from './navigation';

function LinkColumn({ title, entries }: { title: string; entries: readonly NavEntry[] }) {
  return (
    <nav aria-label={title}>
      <h3 className={styles.heading}>{title}</h3>
      <ul className={styles.links}>
        {entries.map((entry) => (
          <li key={entry.path}>
            <Link to={entry.path}>{entry.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AppFooter() {
  const { data: config } = useSiteConfig();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.columns}>
          <div className={styles.brand}>
            <h2 className={styles.siteName}>心桥 Xinqiao</h2>
            <p className={styles.tagline}>{LAYOUT_TEXT.tagline}</p>
          </div>
          <LinkColumn title={LAYOUT_TEXT.footerAbout} entries={FOOTER_ABOUT} />
          <LinkColumn title={LAYOUT_TEXT.footerSupport} entries={FOOTER_SUPPORT} />
          <div className={styles.follow}>
            <h3 className={styles.heading}>{LAYOUT_TEXT.footerFollow}</h3>
            <span>{LAYOUT_TEXT.followWeChat}</span>
          </div>
        </div>
        <div className={styles.bottom}>
          <span>{LAYOUT_TEXT.copyright(COPYRIGHT_YEAR)}</span>
          <nav aria-label={LAYOUT_TEXT.footerLegal}>
            <ul className={styles.legal}>
              {FOOTER_LEGAL.map((entry) => (
                <li key={entry.path}>
                  <Link to={entry.path}>{entry.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          {config?.filingNumber && <span>{config.filingNumber}</span>}
        </div>
      </div>
    </footer>
  );
}
