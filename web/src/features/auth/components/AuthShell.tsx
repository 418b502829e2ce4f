import { CheckCircleFilled } from '@ant-design/icons';
import { Card, Grid, Typography } from 'antd';
import type { ReactNode } from 'react';
import { BrandMark } from '../../../components/BrandMark';
import { AUTH_TEXT } from '../texts';

interface AuthShellProps {
  title: string;
  subtitle: string;
  children: ReactNode;
}

/** The frame shared by login and registration: a warm brand panel beside the form on wide screens. */
export function AuthShell({ title, subtitle, children }: AuthShellProps) {
  const screens = Grid.useBreakpoint();
  const wide = screens.md ?? false;
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: wide ? '48px 16px' : '16px 12px' }}>
      <Card
        style={{
          width: '100%',
          maxWidth: wide ? 880 : 440,
          overflow: 'hidden',
          boxShadow: '0 12px 40px rgba(194, 24, 91, 0.10)',
        }}
        styles={{ body: { padding: 0 } }}
      >
        <div style={{ display: 'flex' }}>
          {wide && (
            <div
              style={{
                flex: '0 0 44%',
                padding: '48px 36px',
                color: '#fff',
                background: 'linear-gradient(150deg, #C2185B 0%, #9C1450 55%, #6D0E3A 100%)',
              }}
            >
              <Typography.Title level={2} style={{ color: '#fff', marginTop: 0 }}>
                {AUTH_TEXT.brandHeadline}
              </Typography.Title>
              <ul style={{ listStyle: 'none', padding: 0, margin: '32px 0 0', lineHeight: 2.4, fontSize: 15 }}>
                {AUTH_TEXT.brandLines.map((line) => (
                  <li key={line}>
                    <CheckCircleFilled style={{ marginRight: 10 }} aria-hidden />
                    {line}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div style={{ flex: 1, padding: wide ? '40px 44px' : '28px 20px' }}>
            <BrandMark size={18} />
            <Typography.Title level={3} style={{ margin: '16px 0 4px' }}>
              {title}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 24 }}>
              {subtitle}
            </Typography.Paragraph>
            {children}
          </div>
        </div>
      </Card>
    </div>
  );
}
