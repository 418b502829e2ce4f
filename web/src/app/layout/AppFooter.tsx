import { Col, Layout, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { COPYRIGHT_YEAR } from '../../lib/constants';
import { useSiteConfig } from '../../lib/siteConfig';
import { FOOTER_ABOUT, FOOTER_SUPPORT, LAYOUT_TEXT, type NavEntry } from './navigation';

const TEXT_COLOR = '#F3E3E9';
const HEADING_COLOR = '#FFFFFF';

function LinkColumn({ title, entries }: { title: string; entries: readonly NavEntry[] }) {
  return (
    <nav aria-label={title}>
      <Typography.Title level={3} style={{ color: HEADING_COLOR, fontSize: 16 }}>
        {title}
      </Typography.Title>
      <ul style={{ listStyle: 'none', padding: 0, margin: 0, lineHeight: 2 }}>
        {entries.map((entry) => (
          <li key={entry.path}>
            <Link to={entry.path} style={{ color: TEXT_COLOR }}>
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AppFooter() {
  const { data: config } = useSiteConfig();
  return (
    <Layout.Footer style={{ color: TEXT_COLOR, padding: '40px 24px 24px' }}>
      <div style={{ maxWidth: 1080, margin: '0 auto' }}>
        <Row gutter={[32, 24]}>
          <Col xs={24} md={9}>
            <Typography.Title level={2} style={{ color: HEADING_COLOR, marginTop: 0, fontSize: 20 }}>
              心桥 Xinqiao
            </Typography.Title>
            <Typography.Paragraph style={{ color: TEXT_COLOR }}>{LAYOUT_TEXT.tagline}</Typography.Paragraph>
          </Col>
          <Col xs={12} md={5}>
            <LinkColumn title={LAYOUT_TEXT.footerAbout} entries={FOOTER_ABOUT} />
          </Col>
          <Col xs={12} md={5}>
            <LinkColumn title={LAYOUT_TEXT.footerSupport} entries={FOOTER_SUPPORT} />
          </Col>
          <Col xs={24} md={5}>
            <Typography.Title level={3} style={{ color: HEADING_COLOR, fontSize: 16 }}>
              {LAYOUT_TEXT.footerFollow}
            </Typography.Title>
            <Typography.Text style={{ color: TEXT_COLOR }}>{LAYOUT_TEXT.followWeChat}</Typography.Text>
          </Col>
        </Row>
        <div
          style={{
            borderTop: '1px solid rgba(255,255,255,0.18)',
            marginTop: 32,
            paddingTop: 16,
            display: 'flex',
            flexWrap: 'wrap',
            gap: '8px 24px',
            justifyContent: 'center',
            fontSize: 13,
          }}
        >
          <span>{LAYOUT_TEXT.copyright(COPYRIGHT_YEAR)}</span>
          {config?.filingNumber && <span>{config.filingNumber}</span>}
        </div>
      </div>
    </Layout.Footer>
  );
}
