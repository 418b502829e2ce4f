import CameraOutlined from '@ant-design/icons-svg/es/asn/CameraOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import ExperimentOutlined from '@ant-design/icons-svg/es/asn/ExperimentOutlined';
import ReadOutlined from '@ant-design/icons-svg/es/asn/ReadOutlined';
import RobotOutlined from '@ant-design/icons-svg/es/asn/RobotOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { Link } from 'react-router';
import { Icon } from '../../../components/Icon';
import { SECTION_TITLE_STYLE } from './sectionTitle';
import { FEATURES_TEXT } from './showcaseTexts';

const ICONS: Record<string, IconDefinition> = {
  '/moment': CameraOutlined,
  '/blog': EditOutlined,
  '/testlist': ExperimentOutlined,
  '/knowledge/courses': ReadOutlined,
  '/people': TeamOutlined,
  '/ai-chat': RobotOutlined,
};

/** Spec 1 section 2: six feature icons, each leading to its part of the site. */
export function FeatureGrid() {
  return (
    <section aria-labelledby="home-features" style={{ maxWidth: 1120, margin: '48px auto 0' }}>
      <h2 id="home-features" style={SECTION_TITLE_STYLE}>
        {FEATURES_TEXT.title}
      </h2>
      <ul
        aria-label={FEATURES_TEXT.listLabel}
        style={{
          listStyle: 'none',
          padding: 0,
          margin: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          gap: 16,
        }}
      >
        {FEATURES_TEXT.items.map((feature) => (
          <li key={feature.path}>
            <Link
              to={feature.path}
              style={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                textAlign: 'center',
                gap: 6,
                height: '100%',
                padding: '22px 12px',
                background: '#FFFFFF',
                border: '1px solid #F6E3EA',
                borderRadius: 16,
                color: '#2B1B22',
              }}
            >
              <Icon
                icon={ICONS[feature.path]}
                style={{
                  width: 56,
                  height: 56,
                  borderRadius: '50%',
                  background: 'var(--xq-primary-soft)',
                  color: 'var(--xq-primary)',
                  fontSize: 26,
                  justifyContent: 'center',
                }}
              />
              <strong style={{ fontSize: 16 }}>{feature.title}</strong>
              <span style={{ color: '#8c6b78', fontSize: 13 }}>{feature.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
