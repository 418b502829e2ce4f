import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CourseDetail, KnowledgeResource } from '../../../api/generated/types.gen';
import { learningEvents } from '../api/actions';
import { useMasteredIds } from '../api/queries';
import { flattenNodes, parseKpTree } from '../model';
import { exercisesOf, markOf, unmetChain, unmetPrerequisites, type PointMark } from './model';
import { useStudyHeartbeat } from './useStudyHeartbeat';

/** A signed-in member's learning in a course they may read, as the learner view shows it. */
export interface CourseLearningView {
  mastered: ReadonlySet<number>;
  opened: ReadonlySet<number>;
  /** The server's suggestion: the first point in reading order not mastered whose prerequisites are. */
  next: number | null;
  /** Every point of the course mastered. */
  complete: boolean;
  markOf: (kpId: number) => PointMark;
  /** The unmastered prerequisites to go through first, in learning order (see unmetChain). */
  chainOf: (kpId: number) => number[];
  unmetOf: (kpId: number) => number[];
  exercisesOf: (kpId: number) => KnowledgeResource[];
  /** A point's name: the course's points and their prerequisites (other courses' too) are all in the detail. */
  nameOf: (kpId: number) => string;
  /** The server recorded the point as opened (so it may be marked learned). */
  noteOpened: (kpId: number) => void;
}

/**
 * The learning state of a course for a signed-in member who may read it; null for a guest or a
 * course not bought (nothing to record, and the purchase comes first). course_detail carries the
 * mastery of the course's own points; when a prerequisite lies in another course, the member's
 * mastered list says whether it is mastered.
 */
export function useCourseLearning(detail: CourseDetail, viewer: string | null): CourseLearningView | null {
  const active = viewer !== null && detail.readable;
  const coursePoints = useMemo(
    () => new Set(flattenNodes(parseKpTree(detail.course.kpTree)).map((node) => node.kpID)),
    [detail.course.kpTree],
  );
  const crossesCourses = detail.prerequisites.some((link) => !coursePoints.has(link.parentKpId));
  const elsewhere = useMasteredIds(viewer, active && crossesCourses);
  const [openedHere, setOpenedHere] = useState<ReadonlySet<number>>(() => new Set());

  const mastered = useMemo(
    () => new Set([...detail.learning.mastered, ...(elsewhere.data ?? [])]),
    [detail.learning.mastered, elsewhere.data],
  );
  const opened = useMemo(
    () => new Set([...detail.learning.opened, ...openedHere]),
    [detail.learning.opened, openedHere],
  );
  const noteOpened = useCallback(
    (kpId: number) => setOpenedHere((current) => (current.has(kpId) ? current : new Set([...current, kpId]))),
    [],
  );

  return useMemo(() => {
    if (!active) return null;
    const names = new Map(detail.points.map((point) => [point.kpId, point.name]));
    const ownPoints = [...coursePoints].filter((kpId) => kpId > 0);
    return {
      mastered,
      opened,
      next: detail.learning.next ?? null,
      complete: ownPoints.length > 0 && ownPoints.every((kpId) => mastered.has(kpId)),
      markOf: (kpId) => markOf(kpId, detail.prerequisites, mastered),
      chainOf: (kpId) => unmetChain(kpId, detail.prerequisites, mastered),
      unmetOf: (kpId) => unmetPrerequisites(kpId, detail.prerequisites, mastered),
      exercisesOf: (kpId) => exercisesOf(kpId, detail.relations, detail.resources),
      nameOf: (kpId) => names.get(kpId) ?? '',
      noteOpened,
    };
  }, [active, coursePoints, detail, mastered, opened, noteOpened]);
}

/**
 * The member is on a point: it is recorded as opened once, and its study time counted by
 * heartbeats while the page is visible. `kpId` null (a guest, a point not readable) records nothing.
 */
export function usePointVisit(kpId: number | null, onOpened: ((kpId: number) => void) | undefined) {
  const opened = useRef(onOpened);
  opened.current = onOpened;
  useEffect(() => {
    if (kpId === null) return;
    learningEvents
      .open(kpId)
      .then(() => opened.current?.(kpId))
      // Not recorded (the session ended, a network slip): the learner still reads the point.
      .catch(() => undefined);
  }, [kpId]);
  useStudyHeartbeat(kpId);
}
