import { Typography } from 'antd';
import type { ReactNode } from 'react';
import page from '../page.module.css';
import { MemberOnly } from './MemberOnly';

interface PeoplePageProps {
  title: string;
  subtitle: string;
  /** The screen for the signed-in member `viewer` (keyed by them, so a new member starts afresh). */
  children: (viewer: string) => ReactNode;
}

/** The frame of a people screen: its heading, and the screen for members only. */
export function PeoplePage({ title, subtitle, children }: PeoplePageProps) {
  return (
    <div className={page.page}>
      <div className={page.heading}>
        <Typography.Title level={2} className={page.title}>
          {title}
        </Typography.Title>
        <Typography.Text type="secondary">{subtitle}</Typography.Text>
      </div>
      <MemberOnly>{children}</MemberOnly>
    </div>
  );
}
