import { ArrowLeftOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { Link } from 'react-router';
import { HELP_TEXT, HELP_TOPICS } from '../texts';
import styles from './HelpArticle.module.css';
import { Panel, PanelTitle, SitePage } from './SitePage';

/** One help topic: its sections, each with paragraphs and, where it has them, numbered steps. */
export function HelpArticle({ topic }: { topic: keyof typeof HELP_TOPICS }) {
  const { title, summary, sections } = HELP_TOPICS[topic];
  return (
    <SitePage title={title} subtitle={summary}>
      <Typography.Paragraph>
        <Link to="/help">
          <ArrowLeftOutlined aria-hidden /> {HELP_TEXT.backToHelp}
        </Link>
      </Typography.Paragraph>
      {sections.map((section) => (
        <Panel key={section.heading}>
          <PanelTitle>{section.heading}</PanelTitle>
          {section.paragraphs.map((paragraph) => (
            <Typography.Paragraph key={paragraph} className={styles.paragraph}>
              {paragraph}
            </Typography.Paragraph>
          ))}
          {'steps' in section && (
            <ol className={styles.steps}>
              {section.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          )}
        </Panel>
      ))}
      {topic === 'docs' && (
        <Typography.Paragraph>
          {/* A plain link: /api/docs is served by the server, not by this app's router. */}
          <a href={HELP_TEXT.apiDocsPath} target="_blank" rel="noreferrer">
            {HELP_TEXT.apiDocsLink}（{HELP_TEXT.apiDocsPath}）
          </a>
        </Typography.Paragraph>
      )}
    </SitePage>
  );
}
