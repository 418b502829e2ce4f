import { Collapse, Typography } from 'antd';
import { Link } from 'react-router';
import { SitePage } from '../components/SitePage';
import { FAQ_TEXT, HELP_TEXT } from '../texts';
import styles from './FaqPage.module.css';

/** Spec 1 section 2: five fixed questions; every answer is open so the page reads (and prints) in full. */
export default function FaqPage() {
  return (
    <SitePage title={FAQ_TEXT.title} subtitle={FAQ_TEXT.subtitle}>
      <Collapse
        size="large"
        defaultActiveKey={FAQ_TEXT.entries.map((_, index) => index)}
        className={styles.questions}
        items={FAQ_TEXT.entries.map((entry, index) => ({
          key: index,
          label: <strong>{entry.question}</strong>,
          children: <Typography.Paragraph className={styles.answer}>{entry.answer}</Typography.Paragraph>,
        }))}
      />
      <Typography.Paragraph className={styles.more}>
        {HELP_TEXT.stillNeedHelp} <Link to="/feedback">{HELP_TEXT.feedbackLink}</Link> ·{' '}
        <Link to="/help">{HELP_TEXT.title}</Link>
      </Typography.Paragraph>
    </SitePage>
  );
}
