import { BookOutlined, RocketOutlined, SettingOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import { Link } from 'react-router';
import { SitePage } from '../components/SitePage';
import { HELP_TEXT, HELP_TOPICS } from '../texts';
import styles from './HelpPage.module.css';

const CARDS = [
  { topic: HELP_TOPICS.gettingStarted, icon: <RocketOutlined /> },
  { topic: HELP_TOPICS.account, icon: <SettingOutlined /> },
  { topic: HELP_TOPICS.docs, icon: <BookOutlined /> },
];

/** Spec 1 section 2: three cards, Getting Started, Account Settings and Documentation. */
export default function HelpPage() {
  return (
    <SitePage title={HELP_TEXT.title} subtitle={HELP_TEXT.subtitle} width={1040}>
      <ul aria-label={HELP_TEXT.cardsLabel} className={styles.cards}>
        {CARDS.map(({ topic, icon }) => (
          <li key={topic.path}>
            <Link to={topic.path} aria-label={topic.title} className={styles.link}>
              <Card hoverable className={styles.card}>
                <span aria-hidden className={styles.icon}>
                  {icon}
                </span>
                <Typography.Title level={2} className={styles.title}>
                  {topic.title}
                </Typography.Title>
                <Typography.Paragraph type="secondary" className={styles.summary}>
                  {topic.summary}
                </Typography.Paragraph>
                <Typography.Text className={styles.read}>{HELP_TEXT.read} →</Typography.Text>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
      <Typography.Paragraph className={styles.more}>
        {HELP_TEXT.stillNeedHelp} <Link to="/faq">{HELP_TEXT.faqLink}</Link> ·{' '}
        <Link to="/contact">{HELP_TEXT.contactLink}</Link> · <Link to="/feedback">{HELP_TEXT.feedbackLink}</Link>
      </Typography.Paragraph>
    </SitePage>
  );
}
