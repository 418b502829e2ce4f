import { AppstoreOutlined, ReadOutlined, SettingOutlined } from '@ant-design/icons';
import { Skeleton, Typography } from 'antd';
import { LinkButton } from '../../../components/LinkButton';
import { accessOf } from '../../../lib/access';
import type { PageProps } from '../../../lib/page';
import { useSession } from '../../../lib/session';
import { useCourses } from '../api/queries';
import { KNOWLEDGE_PATHS } from '../paths';
import { KNOWLEDGE_TEXT } from '../texts';
import styles from './KnowledgeDemoPage.module.css';

/**
 * /knowledge/demo (spec 3 section 2): what the knowledge section is made of, with the ways into
 * course management and into a course's learner view (the first course of the catalogue, or the
 * catalogue itself while there is none or it cannot be read).
 */
export default function KnowledgeDemoPage({ title }: PageProps) {
  const session = useSession();
  const signedIn = accessOf(session, Date.now()).isLoggedIn;
  const courses = useCourses(signedIn ? (session?.user.uuid ?? null) : null);
  const first = courses.data?.[0] ?? null;

  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <Typography.Title level={2} className={styles.title}>
          {title}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className={styles.intro}>
          {KNOWLEDGE_TEXT.demoIntro}
        </Typography.Paragraph>
      </header>

      <div className={styles.entries}>
        <section className={styles.entry} aria-labelledby="demo-display">
          <ReadOutlined aria-hidden className={styles.icon} />
          <h3 id="demo-display" className={styles.entryTitle}>
            {KNOWLEDGE_TEXT.demoDisplayTitle}
          </h3>
          {courses.isPending ? (
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          ) : (
            <p className={styles.entryText}>
              {first ? KNOWLEDGE_TEXT.demoDisplayDetail(first.name) : KNOWLEDGE_TEXT.demoDisplayFallback}
            </p>
          )}
          <div className={styles.entryActions}>
            <LinkButton
              to={first ? KNOWLEDGE_PATHS.display(first.kcId) : KNOWLEDGE_PATHS.catalogue}
              type="primary"
              shape="round"
            >
              {KNOWLEDGE_TEXT.demoDisplayLink}
            </LinkButton>
            <LinkButton to={KNOWLEDGE_PATHS.catalogue} shape="round" icon={<AppstoreOutlined aria-hidden />}>
              {KNOWLEDGE_TEXT.demoCatalogueLink}
            </LinkButton>
          </div>
        </section>
        <section className={styles.entry} aria-labelledby="demo-admin">
          <SettingOutlined aria-hidden className={styles.icon} />
          <h3 id="demo-admin" className={styles.entryTitle}>
            {KNOWLEDGE_TEXT.demoAdminTitle}
          </h3>
          <p className={styles.entryText}>{KNOWLEDGE_TEXT.demoAdminDetail}</p>
          <div className={styles.entryActions}>
            <LinkButton to={KNOWLEDGE_PATHS.courseAdmin} shape="round">
              {KNOWLEDGE_TEXT.demoAdminLink}
            </LinkButton>
          </div>
        </section>
      </div>

      <section className={styles.concepts} aria-labelledby="demo-concepts">
        <h3 id="demo-concepts" className={styles.conceptsTitle}>
          {KNOWLEDGE_TEXT.demoConceptsTitle}
        </h3>
        <dl className={styles.list}>
          {KNOWLEDGE_TEXT.demoConcepts.map(({ term, detail }) => (
            <div key={term} className={styles.concept}>
              <dt>{term}</dt>
              <dd>{detail}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
