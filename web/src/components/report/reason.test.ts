import { describe, expect, it } from 'vitest';
import { composeReason, DETAILS_MAX, needsDetails, REASON_MAX } from './reason';
import { REPORT_REASONS } from './texts';

describe('composeReason', () => {
  it('sends the preset alone when nothing was added', () => {
    expect(composeReason('色情低俗', '')).toBe('色情低俗');
    expect(composeReason('广告推销', '  \n ')).toBe('广告推销');
  });

  it('adds the member’s words, trimmed, after a full-width colon', () => {
    expect(composeReason('骚扰或辱骂', '  一直发骚扰消息\n')).toBe('骚扰或辱骂：一直发骚扰消息');
  });

  it('leaves room for the longest preset, so no choice goes over the server’s 200 characters', () => {
    const longest = REPORT_REASONS.reduce((a, b) => ([...a].length >= [...b].length ? a : b));
    expect([...composeReason(longest, '字'.repeat(DETAILS_MAX))]).toHaveLength(REASON_MAX);
  });

  it('asks for words only with 其他', () => {
    expect(REPORT_REASONS.filter(needsDetails)).toEqual(['其他']);
    expect(needsDetails(undefined)).toBe(false);
  });
});
