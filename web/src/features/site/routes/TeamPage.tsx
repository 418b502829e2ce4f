import { Avatar, Typography } from 'antd';
import { SitePage } from '../components/SitePage';
import { TEAM_TEXT } from '../texts';
import styles from './TeamPage.module.css';

/** Spec 1 section 2: four fixed members, each with an initial for an avatar. */
export default function TeamPage() {
  return (
    <SitePage title={TEAM_TEXT.title} subtitle={TEAM_TEXT.subtitle} width={1040}>
      <ul aria-label={TEAM_TEXT.title} className={styles.members}>
        {TEAM_TEXT.members.map((member) => (
          <li key={member.name} className={styles.member}>
            <Avatar className={styles.avatar}>{member.name.slice(0, 1)}</Avatar>
            <Typography.Title level={2} className={styles.name}>
              {member.name}
            </Typography.Title>
            <Typography.Text strong className={styles.role}>
              {member.role}
            </Typography.Text>
            <Typography.Paragraph type="secondary" className={styles.bio}>
              {member.bio}
            </Typography.Paragraph>
          </li>
        ))}
      </ul>
    </SitePage>
  );
}
