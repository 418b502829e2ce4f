import { Avatar, Typography } from 'antd';
import { SitePage } from '../components/SitePage';
import { TEAM_TEXT } from '../texts';

const AVATAR_COLOURS = ['#C2185B', '#7B1FA2', '#AD1457', '#6A1B9A'];

/** Spec 1 section 2: four fixed members, each with an initial for an avatar. */
export default function TeamPage() {
  return (
    <SitePage title={TEAM_TEXT.title} subtitle={TEAM_TEXT.subtitle} width={1040}>
      <ul
        aria-label={TEAM_TEXT.title}
        style={{
          listStyle: 'none',
          padding: 0,
          margin: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
          gap: 20,
        }}
      >
        {TEAM_TEXT.members.map((member, index) => (
          <li
            key={member.name}
            style={{
              background: '#FFFFFF',
              border: '1px solid #F6E3EA',
              borderRadius: 16,
              padding: 24,
              textAlign: 'center',
            }}
          >
            <Avatar size={72} style={{ background: AVATAR_COLOURS[index % AVATAR_COLOURS.length], fontSize: 30 }}>
              {member.name.slice(0, 1)}
            </Avatar>
            <Typography.Title level={2} style={{ fontSize: 20, margin: '14px 0 4px' }}>
              {member.name}
            </Typography.Title>
            <Typography.Text strong style={{ color: '#C2185B' }}>
              {member.role}
            </Typography.Text>
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, textAlign: 'left' }}>
              {member.bio}
            </Typography.Paragraph>
          </li>
        ))}
      </ul>
    </SitePage>
  );
}
