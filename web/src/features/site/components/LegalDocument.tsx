import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSiteConfig } from '../../../lib/siteConfig';
import { LEGAL_VERSION } from '../legal';
import { LEGAL_TEXT, legalDate, type LegalBlock, type LegalDocumentText } from '../legalTexts';
import { CONTACT_TEXT } from '../texts';
import styles from './LegalDocument.module.css';
import { Panel, SitePage } from './SitePage';

const INLINE = /(\*\*[^*]+\*\*|\[[^\]]+\]\(\/[^)]*\))/;
const LINK = /^\[([^\]]+)\]\((\/[^)]*)\)$/;

/** A text with `**bold**` runs and `[label](/path)` links to the site's own pages. */
function Inline({ text }: { text: string }) {
  return text
    .split(INLINE)
    .filter(Boolean)
    .map((part, index) => {
      if (part.startsWith('**') && part.endsWith('**')) return <strong key={index}>{part.slice(2, -2)}</strong>;
      const link = LINK.exec(part);
      if (link) {
        return (
          <Link key={index} to={link[2]}>
            {link[1]}
          </Link>
        );
      }
      return part;
    });
}

/** The operator and the deployment's contact details, as the /contact page shows them. */
function ContactBlock() {
  const siteConfig = useSiteConfig();
  const contact = siteConfig.data?.contact;
  const details: [label: string, value: ReactNode][] = [];
  if (contact?.address) details.push([CONTACT_TEXT.addressLabel, contact.address]);
  if (contact?.phone) {
    details.push([CONTACT_TEXT.phoneLabel, <a href={`tel:${contact.phone.replace(/\s/g, '')}`}>{contact.phone}</a>]);
  }
  if (contact?.email) {
    details.push([CONTACT_TEXT.emailLabel, <a href={`mailto:${contact.email}`}>{contact.email}</a>]);
  }
  return (
    <>
      <dl className={styles.contact}>
        {[[LEGAL_TEXT.operatorLabel, LEGAL_TEXT.operator] as const, ...details].map(([label, value]) => (
          <div key={label} className={styles.contactRow}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Typography.Paragraph className={styles.paragraph}>
        {/* Said only once the configuration has answered, so it never flashes before the details. */}
        {details.length === 0 && !siteConfig.isPending && LEGAL_TEXT.contactFallback}
        <Inline text={LEGAL_TEXT.contactLinks} />
      </Typography.Paragraph>
    </>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') {
    return (
      <Typography.Paragraph className={styles.paragraph}>
        <Inline text={block} />
      </Typography.Paragraph>
    );
  }
  if ('items' in block) {
    return (
      <ul className={styles.items}>
        {block.items.map((item) => (
          <li key={item}>
            <Inline text={item} />
          </li>
        ))}
      </ul>
    );
  }
  return <ContactBlock />;
}

/** The user agreement or the privacy policy: version and date, contents, then each section. */
export function LegalDocument({ text }: { text: LegalDocumentText }) {
  return (
    <SitePage title={text.title} subtitle={text.subtitle}>
      <p className={styles.version}>
        <span>
          {LEGAL_TEXT.version}：{LEGAL_VERSION}
        </span>
        <span>
          {LEGAL_TEXT.effective}：<time dateTime={LEGAL_VERSION}>{legalDate(LEGAL_VERSION)}</time>
        </span>
      </p>
      <Panel>
        {text.intro.map((paragraph) => (
          <Typography.Paragraph key={paragraph} className={styles.paragraph}>
            <Inline text={paragraph} />
          </Typography.Paragraph>
        ))}
        <nav aria-label={LEGAL_TEXT.contents} className={styles.contents}>
          <h2 className={styles.contentsTitle}>{LEGAL_TEXT.contents}</h2>
          <ol>
            {text.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
      </Panel>
      <Panel>
        {text.sections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-heading`}
            className={styles.section}
          >
            <h2 id={`${section.id}-heading`} className={styles.heading}>
              {section.heading}
            </h2>
            {section.blocks.map((block, index) => (
              <Block key={index} block={block} />
            ))}
          </section>
        ))}
      </Panel>
    </SitePage>
  );
}
