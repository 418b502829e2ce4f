import { FormOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Empty, Result } from 'antd';
import type { ReactNode } from 'react';
import type { CourseDetail, KnowledgePoint, KnowledgeResource } from '../../../api/generated/types.gen';
import { learningEvents } from '../api/actions';
import { PointLearning } from '../learning/PointLearning';
import type { CourseLearningView } from '../learning/useCourseLearning';
import { prerequisiteIdsOf, resourcesOf, type KeyedNode } from '../model';
import { KNOWLEDGE_TEXT, LEARNING_TEXT } from '../texts';
import { LevelTag } from './LevelTag';
import { LockedNotice } from './LockedNotice';
import { PointContent } from './PointContent';
import styles from './PointDetail.module.css';
import { ResourceView } from './ResourceView';

interface PointDetailProps {
  node: KeyedNode | null;
  detail: CourseDetail;
  /** A prerequisite's node key when it is in this course (so it can be opened), else null. */
  keyOfPoint: (kpId: number) => string | null;
  onOpen: (key: string) => void;
  previousKey: string | null;
  nextKey: string | null;
  /** The way to buy, beside every locked area. */
  buyAction: ReactNode;
  /** A signed-in member's learning in this course; null for guests and courses not bought. */
  learning?: CourseLearningView | null;
  /** Opens an exercise (a resource with questions) to take. */
  onPractice?: (resource: KnowledgeResource) => void;
}

/** Spec 3 section 2: the detail panel of the chosen tree node, or why there is nothing to show. */
export function PointDetail({
  node,
  detail,
  keyOfPoint,
  onOpen,
  previousKey,
  nextKey,
  buyAction,
  learning = null,
  onPractice,
}: PointDetailProps) {
  if (!node) return <Empty className={styles.empty} description={KNOWLEDGE_TEXT.choosePoint} />;
  if (node.kpID <= 0) return <Result status="info" title={KNOWLEDGE_TEXT.nodeUnlinked} />;
  const point = detail.points.find((candidate) => candidate.kpId === node.kpID);
  if (!point) return <Result status="warning" title={KNOWLEDGE_TEXT.pointMissing} />;

  return (
    <article className={styles.point} aria-labelledby="point-name">
      <header className={styles.header}>
        {node.seqname && <span className={styles.seq}>{node.seqname}</span>}
        <h2 id="point-name" className={styles.name}>
          {point.name}
        </h2>
        <div className={styles.tags}>
          <LevelTag level={point.level} />
          {point.category.trim() && <span className={styles.category}>{point.category}</span>}
        </div>
      </header>

      {learning && !point.locked && (
        <PointLearning kpId={point.kpId} learning={learning} keyOfPoint={keyOfPoint} onOpen={onOpen} />
      )}

      {point.description && (
        <Section title={KNOWLEDGE_TEXT.description}>
          <p className={styles.description}>{point.description}</p>
        </Section>
      )}

      <Section title={KNOWLEDGE_TEXT.prerequisites}>
        <Prerequisites point={point} detail={detail} keyOfPoint={keyOfPoint} onOpen={onOpen} />
      </Section>

      <Section title={KNOWLEDGE_TEXT.content}>
        {point.locked ? (
          <LockedNotice text={KNOWLEDGE_TEXT.lockedContent} action={buyAction} />
        ) : point.content.trim() ? (
          <PointContent html={point.content} />
        ) : (
          <p className={styles.muted}>{KNOWLEDGE_TEXT.noContent}</p>
        )}
      </Section>

      {!point.locked && point.examples.length > 0 && (
        <Section title={KNOWLEDGE_TEXT.examples}>
          <ul className={styles.examples}>
            {point.examples.map((example, index) => (
              <li key={index}>{example}</li>
            ))}
          </ul>
        </Section>
      )}

      {!point.locked && point.references.length > 0 && (
        <Section title={KNOWLEDGE_TEXT.references}>
          <ol className={styles.references}>
            {point.references.map((reference, index) => (
              <li key={index}>{reference}</li>
            ))}
          </ol>
        </Section>
      )}

      <Section title={KNOWLEDGE_TEXT.resources}>
        <Resources
          kpId={point.kpId}
          detail={detail}
          buyAction={buyAction}
          learning={learning !== null && !point.locked}
          onPractice={onPractice}
        />
      </Section>

      <nav className={styles.steps} aria-label={KNOWLEDGE_TEXT.structureTitle}>
        <Button
          icon={<LeftOutlined aria-hidden />}
          disabled={!previousKey}
          onClick={() => previousKey && onOpen(previousKey)}
        >
          {KNOWLEDGE_TEXT.previous}
        </Button>
        <Button disabled={!nextKey} onClick={() => nextKey && onOpen(nextKey)}>
          {KNOWLEDGE_TEXT.next} <RightOutlined aria-hidden />
        </Button>
      </nav>
    </article>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      {children}
    </section>
  );
}

interface PrerequisitesProps {
  point: KnowledgePoint;
  detail: CourseDetail;
  keyOfPoint: (kpId: number) => string | null;
  onOpen: (key: string) => void;
}

/** The points to learn first: a link when the point is in this course, its name (and where it is) otherwise. */
function Prerequisites({ point, detail, keyOfPoint, onOpen }: PrerequisitesProps) {
  const parents = prerequisiteIdsOf(point.kpId, detail.prerequisites)
    .map((id) => detail.points.find((candidate) => candidate.kpId === id))
    .filter((parent): parent is KnowledgePoint => parent !== undefined);
  if (parents.length === 0) return <p className={styles.muted}>{KNOWLEDGE_TEXT.noPrerequisites}</p>;
  return (
    <ul className={styles.prerequisites}>
      {parents.map((parent) => {
        const key = keyOfPoint(parent.kpId);
        return (
          <li key={parent.kpId}>
            {key ? (
              <Button size="small" shape="round" onClick={() => onOpen(key)}>
                {parent.name}
              </Button>
            ) : (
              <span className={styles.outside}>
                {parent.name}
                <span className={styles.muted}>{KNOWLEDGE_TEXT.outsidePrerequisite}</span>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

interface ResourcesProps {
  kpId: number;
  detail: CourseDetail;
  buyAction: ReactNode;
  /** A member learning here: playing is recorded and exercises can be taken. */
  learning: boolean;
  onPractice?: (resource: KnowledgeResource) => void;
}

function Resources({ kpId, detail, buyAction, learning, onPractice }: ResourcesProps) {
  const resources = resourcesOf(kpId, detail.relations, detail.resources);
  if (resources.length === 0) return <p className={styles.muted}>{KNOWLEDGE_TEXT.noResources}</p>;
  return (
    <div className={styles.resources}>
      {resources.map((resource) => (
        <ResourceView
          key={resource.krId}
          resource={resource}
          lockedAction={buyAction}
          action={
            learning && onPractice && resource.questionCount > 0 ? (
              <>
                <Button
                  type="primary"
                  shape="round"
                  icon={<FormOutlined aria-hidden />}
                  onClick={() => onPractice(resource)}
                >
                  {LEARNING_TEXT.practice}
                </Button>
                <span className={styles.muted}>{LEARNING_TEXT.questionCount(resource.questionCount)}</span>
              </>
            ) : undefined
          }
          onPlayProgress={
            learning
              ? (progress) => {
                  // How far was played only feeds the progress page; a lost report is not worth a word.
                  learningEvents.play(resource.krId, progress).catch(() => undefined);
                }
              : undefined
          }
        />
      ))}
    </div>
  );
}
