import { describe, expect, it } from 'vitest';
import { resource } from '../testing';
import {
  createPlayThrottle,
  exercisesOf,
  markAnswers,
  markOf,
  playedFraction,
  unmetChain,
  unmetPrerequisites,
} from './model';

const link = (parentKpId: number, childKpId: number) => ({ parentKpId, childKpId });

// 1 → 2 → 3 → 5 and 4 → 5 (4 comes from another course: nothing is known of its own links).
const LINKS = [link(1, 2), link(2, 3), link(3, 5), link(4, 5)];

describe('unmetChain', () => {
  it('walks back from a locked point to the first one learnable now, in learning order', () => {
    expect(unmetChain(5, LINKS, new Set())).toEqual([1, 2, 3]);
    expect(unmetChain(5, LINKS, new Set([1]))).toEqual([2, 3]);
    expect(unmetChain(3, LINKS, new Set([1]))).toEqual([2]);
  });

  it('takes the next unmastered prerequisite when the first is mastered, and stops at an outside point', () => {
    expect(unmetChain(5, LINKS, new Set([1, 2, 3]))).toEqual([4]);
    expect(unmetChain(5, LINKS, new Set([4]))).toEqual([1, 2, 3]);
  });

  it('is empty for a point whose prerequisites are mastered, or that has none', () => {
    expect(unmetChain(5, LINKS, new Set([3, 4]))).toEqual([]);
    expect(unmetChain(1, LINKS, new Set())).toEqual([]);
  });

  it('ends at a loop instead of walking forever', () => {
    expect(unmetChain(1, [link(2, 1), link(1, 2)], new Set())).toEqual([2]);
    expect(unmetChain(3, [link(1, 2), link(2, 1), link(2, 3)], new Set())).toEqual([1, 2]);
  });
});

describe('unmetPrerequisites and markOf', () => {
  it('lists every unmastered direct prerequisite', () => {
    expect(unmetPrerequisites(5, LINKS, new Set([3]))).toEqual([4]);
    expect(unmetPrerequisites(5, LINKS, new Set())).toEqual([3, 4]);
  });

  it('marks mastered over locked, and nothing for a point free to learn', () => {
    expect(markOf(2, LINKS, new Set([2]))).toBe('mastered');
    expect(markOf(2, LINKS, new Set())).toBe('locked');
    expect(markOf(2, LINKS, new Set([1]))).toBeNull();
    expect(markOf(1, LINKS, new Set())).toBeNull();
  });
});

describe('exercisesOf', () => {
  it('keeps the point’s resources that hold questions', () => {
    const resources = [resource(1, { questionCount: 5 }), resource(2), resource(3, { questionCount: 2 })];
    const relations = [
      { kpId: 7, krId: 1 },
      { kpId: 7, krId: 2 },
      { kpId: 8, krId: 3 },
    ];
    expect(exercisesOf(7, relations, resources).map((r) => r.krId)).toEqual([1]);
    expect(exercisesOf(9, relations, resources)).toEqual([]);
  });
});

describe('markAnswers', () => {
  it('marks each question as the server did, with the right options only when it gave them (a pass)', () => {
    expect(markAnswers([1, 0, undefined], [true, false, false], [1, 2, 0])).toEqual([
      { chosen: 1, right: 1, correct: true },
      { chosen: 0, right: 2, correct: false },
      { chosen: undefined, right: 0, correct: false },
    ]);
    expect(markAnswers([1, 0], [true, false])).toEqual([
      { chosen: 1, right: undefined, correct: true },
      { chosen: 0, right: undefined, correct: false },
    ]);
  });
});

describe('createPlayThrottle', () => {
  it('reports every 10 s while playing, counted from the start', () => {
    const shouldSend = createPlayThrottle();
    expect(shouldSend('play', 0, 0)).toBe(false);
    expect(shouldSend('timeupdate', 0.01, 250)).toBe(false);
    expect(shouldSend('timeupdate', 0.2, 9_999)).toBe(false);
    expect(shouldSend('timeupdate', 0.21, 10_000)).toBe(true);
    expect(shouldSend('timeupdate', 0.3, 15_000)).toBe(false);
    expect(shouldSend('timeupdate', 0.42, 20_000)).toBe(true);
  });

  it('reports a pause and the end at once, the same position once', () => {
    const shouldSend = createPlayThrottle();
    shouldSend('play', 0, 0);
    expect(shouldSend('pause', 0.05, 1_000)).toBe(true);
    shouldSend('play', 0.05, 2_000);
    expect(shouldSend('pause', 1, 3_000)).toBe(true);
    expect(shouldSend('ended', 1, 3_001)).toBe(false);
  });
});

describe('playedFraction', () => {
  it('is the share played, or null while the length is unknown', () => {
    expect(playedFraction(2, 8)).toBe(0.25);
    expect(playedFraction(9, 8)).toBe(1);
    expect(playedFraction(0, Number.NaN)).toBeNull();
    expect(playedFraction(3, Number.POSITIVE_INFINITY)).toBeNull();
    expect(playedFraction(0, 0)).toBeNull();
  });
});
