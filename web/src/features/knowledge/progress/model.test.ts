import { describe, expect, it } from 'vitest';
import { kp } from '../testing';
import { courseStep, formatHours, PROGRESS_COLOURS, progressColour, twoLevels, whenDue } from './model';

describe('progressColour', () => {
  it('follows spec 3: at least 80 green, at least 60 amber, at least 40 red, else grey', () => {
    expect(progressColour(100)).toBe(PROGRESS_COLOURS.green);
    expect(progressColour(80)).toBe(PROGRESS_COLOURS.green);
    expect(progressColour(79)).toBe(PROGRESS_COLOURS.amber);
    expect(progressColour(60)).toBe(PROGRESS_COLOURS.amber);
    expect(progressColour(59)).toBe(PROGRESS_COLOURS.red);
    expect(progressColour(40)).toBe(PROGRESS_COLOURS.red);
    expect(progressColour(39)).toBe(PROGRESS_COLOURS.grey);
    expect(progressColour(0)).toBe(PROGRESS_COLOURS.grey);
  });
});

describe('formatHours', () => {
  it('gives hours with one decimal', () => {
    expect(formatHours(0)).toBe('0.0');
    expect(formatHours(5400)).toBe('1.5');
    expect(formatHours(179)).toBe('0.0');
    expect(formatHours(180)).toBe('0.1');
    expect(formatHours(36_000 + 1_799)).toBe('10.5');
    expect(formatHours(-30)).toBe('0.0');
  });
});

describe('courseStep', () => {
  it('starts a course nothing of which was opened, continues one otherwise', () => {
    expect(courseStep(0)).toBe('start');
    expect(courseStep(3)).toBe('continue');
  });
});

describe('twoLevels', () => {
  it('keeps the top level and its children, nothing deeper', () => {
    const tree = [kp(1, '1', '依恋', [kp(2, '1.1', '安全型', [kp(3, '1.1.1', '细节')])]), kp(4, '2', '吸引')];
    expect(twoLevels(tree)).toEqual([kp(1, '1', '依恋', [kp(2, '1.1', '安全型')]), kp(4, '2', '吸引')]);
  });
});

describe('whenDue', () => {
  it('says a time for today and a date for later days', () => {
    const now = new Date(2026, 10, 25, 9, 30).getTime();
    expect(whenDue(new Date(2026, 10, 25, 9, 40).getTime() / 1000, now)).toBe('今天 09:40');
    expect(whenDue(new Date(2026, 11, 3, 8, 0).getTime() / 1000, now)).toBe('2026-12-03');
  });
});
