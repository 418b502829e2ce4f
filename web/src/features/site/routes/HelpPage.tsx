import { BookOutlined, RocketOutlined, SettingOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import { Link } from 'react-router';
import { SitePage } from '../components/SitePage';
import { HELP_TEXT, HELP_TOPICS } from '../texts';

const CARDS = [
  { topic: HELP_TOPICS.gettingStarted, icon: <RocketOutlined /> },
  { topic: HELP_TOPICS.account, icon: <SettingOutlined /> },
  { topic: HELP_TOPICS.docs, icon: <BookOutlined /> },
];

/** Spec 1 section 2: three cards, Getting Started, Account Settings and Documentation. */
export default function HelpPage() {
  return (
    <SitePage title={HELP_TEXT.title} subtitle={HELP_TEXT.subtitle} width={1040}>
      <ul
        aria-label={HELP_TEXT.cardsLabel}
        style={{
          listStyle: 'none',
          padding: 0,
          margin: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
          gap: 20,
        }}
      >
        {CARDS.map(({ topic, icon }) => (
          <li key={topic.path}>
            <Link to={topic.path} aria-label={topic.title} style={{ display: 'block', height: '100%' }}>
              <Card hoverable style={{ height: '100%', borderColor: '#F6E3EA' }}>
                <span aria-hidden style={{ fontSize: 36, color: '#C2185B' }}>
                  {icon}
                </span>
                <Typography.Title level={2} style={{ fontSize: 20, margin: '12px 0 6px' }}>
                  {topic.title}
                </Typography.Title>
                <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
                  {topic.summary}
                </Typography.Paragraph>
                <Typography.Text style={{ color: '#C2185B' }}>{HELP_TEXT.read} →</Typography.Text>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
      <Typography.Paragraph style={{ marginTop: 28 }}>
        {HELP_TEXT.stillNeedHelp} <Link to="/faq">{HELP_TEXT.faqLink}</Link> ·{' '}
        <Link to="/contact">{HELP_TEXT.contactLink}</Link> · <Link to="/feedback">{HELP_TEXT.feedbackLink}</Link>
      </Typography.Paragraph>
    </SitePage>
  );
}
