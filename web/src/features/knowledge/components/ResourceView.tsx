import { LinkOutlined, LockOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useRef, type ReactNode } from 'react';
import type { KnowledgeResource } from '../../../api/generated/types.gen';
import { formatDate } from '../../../lib/format';
import { difficultyLabel, resourceTypeLabel } from '../labels';
import { useMediaProgress } from '../learning/useMediaProgress';
import { KNOWLEDGE_TEXT } from '../texts';
import { HlsPlayer } from './HlsPlayer';
import { frameSandboxOf, isSafeAddress, mediaKindOf } from './media';
import styles from './ResourceView.module.css';

export type ViewedResource = Pick<
  KnowledgeResource,
  'krId' | 'name' | 'content' | 'url' | 'iframe' | 'type' | 'difficulty' | 'createdAt' | 'locked'
>;

interface ResourceViewProps {
  resource: ViewedResource;
  /** Beside the locked notice: the way to buy the course (the learner view), nothing in the back office. */
  lockedAction?: ReactNode;
  /** Below an open resource: what the learner can do with it (an exercise's 开始练习). */
  action?: ReactNode;
  /** A signed-in learner's playing of its audio or video, 0 to 1, throttled (see useMediaProgress). */
  onPlayProgress?: (progress: number) => void;
}

/**
 * One learning resource as spec 3 shows it: its name, type and date, then its text, and its url
 * as what it is (a streaming video, an audio player, a video file or a link) and its embedded
 * page in a sandboxed frame. A locked resource (bought courses only) shows no content at all.
 */
export function ResourceView({ resource, lockedAction, action, onPlayProgress }: ResourceViewProps) {
  const articleRef = useRef<HTMLElement>(null);
  useMediaProgress(articleRef, resource.locked ? undefined : onPlayProgress);
  return (
    <article ref={articleRef} className={styles.resource} aria-label={resource.name} data-kr-id={resource.krId}>
      <header className={styles.header}>
        <h4 className={styles.name}>{resource.name}</h4>
        <div className={styles.meta}>
          <Tag color="magenta" className={styles.tag}>
            {resourceTypeLabel(resource.type)}
          </Tag>
          <span>{KNOWLEDGE_TEXT.difficulty(difficultyLabel(resource.difficulty))}</span>
          {resource.createdAt > 0 && <span>{KNOWLEDGE_TEXT.createdOn(formatDate(resource.createdAt))}</span>}
        </div>
      </header>
      {resource.locked ? (
        <div className={styles.locked} role="note">
          <LockOutlined aria-hidden className={styles.lockIcon} />
          <span>{KNOWLEDGE_TEXT.locked}</span>
          {lockedAction}
        </div>
      ) : (
        <>
          <ResourceBody resource={resource} />
          {action && <div className={styles.action}>{action}</div>}
        </>
      )}
    </article>
  );
}

function ResourceBody({ resource }: { resource: ViewedResource }) {
  const url = resource.url.trim();
  const iframe = resource.iframe.trim();
  const kind = mediaKindOf(resource);
  return (
    <div className={styles.body}>
      {resource.content.trim() && <p className={styles.content}>{resource.content}</p>}
      {kind === 'hlsVideo' && <HlsPlayer kind="video" src={url} title={resource.name} />}
      {kind === 'hlsAudio' && <HlsPlayer kind="audio" src={url} title={resource.name} />}
      {kind === 'audio' && (
        <audio className={styles.audio} controls preload="metadata" src={url} aria-label={resource.name} />
      )}
      {kind === 'video' && (
        <video className={styles.video} controls preload="metadata" src={url} aria-label={resource.name} />
      )}
      {kind === 'link' && (
        <a className={styles.link} href={url} target="_blank" rel="noopener noreferrer">
          <LinkOutlined aria-hidden /> {KNOWLEDGE_TEXT.openLink}
          <span className={styles.address}>{url}</span>
        </a>
      )}
      {iframe && isSafeAddress(iframe) && (
        <iframe
          className={styles.frame}
          src={iframe}
          title={KNOWLEDGE_TEXT.embeddedTitle(resource.name)}
          // Scripts may run (an interactive exercise needs them), but the page may not navigate
          // ours, open pop-ups or submit forms, and one of this site's pages runs in an opaque
          // origin; no referrer tells it where the learner came from.
          sandbox={frameSandboxOf(iframe, window.location.origin)}
          referrerPolicy="no-referrer"
          loading="lazy"
        />
      )}
    </div>
  );
}
