import { Typography } from 'antd';
import chenMo from '../assets/team/chen-mo.svg';
import linXiao from '../assets/team/lin-xiao.svg';
import xuAnran from '../assets/team/xu-anran.svg';
import zhouNing from '../assets/team/zhou-ning.svg';
import { SitePage } from '../components/SitePage';
import { TEAM_TEXT } from '../texts';
import styles from './TeamPage.module.css';

/** Painted portraits (hand-drawn SVG), one per member. */
const PORTRAITS: Record<(typeof TEAM_TEXT.members)[number]['name'], string> = {
  林晓: linXiao,
  许安然: xuAnran,
  陈默: chenMo,
  周宁: zhouNing,
};

/** Spec 1 section 2: four fixed members, each with a portrait, a role and a few words. */
export default function TeamPage() {
  return (
    <SitePage title={TEAM_TEXT.title} subtitle={TEAM_TEXT.subtitle} width={1040}>
      <ul aria-label={TEAM_TEXT.title} className={styles.members}>
        {TEAM_TEXT.members.map((member) => (
          <li key={member.name} className={styles.member}>
            <img
              src={PORTRAITS[member.name]}
              alt={TEAM_TEXT.portraitAlt(member.name)}
              width={112}
              height={112}
              className={styles.portrait}
            />
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
