import {
  CameraOutlined,
  EditOutlined,
  ExperimentOutlined,
  ReadOutlined,
  RobotOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FEATURES_TEXT } from './showcaseTexts';

const ICONS: Record<string, ReactNode> = {
  '/moment': <CameraOutlined />,
  '/blog': <EditOutlined />,
  '/testlist': <ExperimentOutlined />,
  '/knowledge/courses': <ReadOutlined />,
  '/people': <TeamOutlined />,
  '/ai-chat': <RobotOutlined />,
};

/** Spec 1 section 2: six feature icons, each leading to its part of the site. */
export function FeatureGrid() {
  return (
    <section aria-labelledby="home-features" style={{ maxWidth: 1120, margin: '48px auto 0' }}>
      <Typography.Title level={2} id="home-features" style={{ fontSize: 24, marginBottom: 16 }}>
        {FEATURES_TEXT.title}
      </Typography.Title>
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
              <span
                aria-hidden
                style={{
                  width: 56,
                  height: 56,
                  borderRadius: '50%',
                  background: '#FCE4EC',
                  color: '#C2185B',
                  fontSize: 26,
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                }}
              >
                {ICONS[feature.path]}
              </span>
              <strong style={{ fontSize: 16 }}>{feature.title}</strong>
              <span style={{ color: '#8c6b78', fontSize: 13 }}>{feature.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
