import type { KnowledgePrerequisite, KnowledgeRelation, KnowledgeResource } from '../../../api/generated/types.gen';
import { prerequisiteIdsOf, resourcesOf } from '../model';

type Links = readonly Pick<KnowledgePrerequisite, 'parentKpId' | 'childKpId'>[];

/** How the tree marks a point for a signed-in member: mastered (✓), locked (a prerequisite is not mastered) or neither. */
export type PointMark = 'mastered' | 'locked' | null;

/** The point's prerequisites the member has not mastered, in the order the server lists the links. */
export function unmetPrerequisites(kpId: number, links: Links, mastered: ReadonlySet<number>): number[] {
  return prerequisiteIdsOf(kpId, links).filter((parent) => !mastered.has(parent));
}

/**
 * The way back from a locked point to something learnable now, in learning order: starting at the
 * point's first unmastered prerequisite, each step goes to that point's first unmastered
 * prerequisite, until one whose own prerequisites are all mastered (or unknown: a point of
 * another course, whose links the course does not carry). Empty when the point is not locked.
 * A loop in the links (an editor's mistake the server refuses, but older data may hold) ends the walk.
 */
export function unmetChain(kpId: number, links: Links, mastered: ReadonlySet<number>): number[] {
  const walked: number[] = [];
  const seen = new Set([kpId]);
  let current = kpId;
  for (;;) {
    const next = unmetPrerequisites(current, links, mastered).find((parent) => !seen.has(parent));
    if (next === undefined) break;
    walked.push(next);
    seen.add(next);
    current = next;
  }
  return walked.reverse();
}

export function markOf(kpId: number, links: Links, mastered: ReadonlySet<number>): PointMark {
  if (mastered.has(kpId)) return 'mastered';
  return unmetPrerequisites(kpId, links, mastered).length > 0 ? 'locked' : null;
}

/**
 * The point's resources with questions: a point with one is mastered by passing it, never by
 * marking it learned (the server refuses that).
 */
export function exercisesOf<R extends Pick<KnowledgeResource, 'krId' | 'questionCount'>>(
  kpId: number,
  relations: readonly Pick<KnowledgeRelation, 'kpId' | 'krId'>[],
  resources: readonly R[],
): R[] {
  return resourcesOf(kpId, relations, resources).filter((resource) => resource.questionCount > 0);
}

/** The score the server passes an exercise at (its answer says passScore; this is its fixed value). */
export const PASS_SCORE = 80;

/** The submissions of one exercise the server takes from a member in an hour. */
export const ATTEMPTS_PER_HOUR = 5;

/**
 * A question answered and whether rightly, as the server marked it. The right option is known
 * only after a pass: a failed try says which answers were wrong, not what the right ones are.
 */
export interface MarkedAnswer {
  chosen: number | undefined;
  right: number | undefined;
  correct: boolean;
}

export function markAnswers(
  chosen: readonly (number | undefined)[],
  correct: readonly boolean[],
  right?: readonly number[],
): MarkedAnswer[] {
  return correct.map((isRight, index) => ({ chosen: chosen[index], right: right?.[index], correct: isRight }));
}

export type PlayEventType = 'play' | 'timeupdate' | 'pause' | 'ended';

/** While playing, at most one report every this many milliseconds. */
export const PLAY_REPORT_INTERVAL_MS = 10_000;

/**
 * When a player's progress is worth sending: on pause and at the end, and while playing at most
 * once every 10 s (counted from the start of playing). The same position twice (the pause a
 * browser fires just before `ended`) is sent once.
 */
export function createPlayThrottle(intervalMs = PLAY_REPORT_INTERVAL_MS) {
  let lastAt = Number.NEGATIVE_INFINITY;
  let lastProgress: number | null = null;
  return (type: PlayEventType, progress: number, now: number): boolean => {
    if (type === 'play') {
      lastAt = now;
      return false;
    }
    if (type === 'timeupdate' && now - lastAt < intervalMs) return false;
    lastAt = now;
    if (progress === lastProgress) return false;
    lastProgress = progress;
    return true;
  };
}

/** How far a player is, 0 to 1; null while its length is unknown (metadata not loaded, a live stream). */
export function playedFraction(currentTime: number, duration: number): number | null {
  if (!Number.isFinite(duration) || duration <= 0 || !Number.isFinite(currentTime)) return null;
  return Math.min(1, Math.max(0, currentTime / duration));
}
