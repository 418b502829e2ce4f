import { describe, expect, it } from 'vitest';
import { decisionText, subjectLabel, wordsError, wordsOf } from './moderationModel';

describe('moderation model', () => {
  it('names every subject in Chinese, and an unknown one as sent', () => {
    expect(['profile', 'moment', 'comment', 'article', 'message', 'photo'].map(subjectLabel)).toEqual([
      '资料',
      '动态',
      '评论',
      '文章',
      '私信',
      '照片',
    ]);
    expect(subjectLabel('poll')).toBe('poll');
  });

  it('reads the decision the server recorded', () => {
    expect(decisionText({ status: 'open', decision: '' })).toBe('');
    expect(decisionText({ status: 'kept', decision: 'keep' })).toBe('已保留');
    expect(decisionText({ status: 'removed', decision: 'remove' })).toBe('已删除');
    expect(decisionText({ status: 'removed', decision: 'remove, suspend 30 days' })).toBe('已删除，暂停账号 30 天');
  });

  it('turns the editor’s lines into words, trimmed, without blanks or repeats', () => {
    expect(wordsOf(' 加微信 \n\n转账\n加微信\n  \n刷单')).toEqual(['加微信', '转账', '刷单']);
    expect(wordsOf('')).toEqual([]);
  });

  it('refuses a word over 20 characters and more than 500 words, as the server would', () => {
    expect(wordsError(['加微信'])).toBeNull();
    expect(wordsError(['字'.repeat(20)])).toBeNull();
    expect(wordsError(['字'.repeat(21)])).toBe(`敏感词不能超过 20 个字符：${'字'.repeat(21)}`);
    expect(wordsError(Array.from({ length: 501 }, (_, n) => `词${n}`))).toBe('敏感词最多 500 个');
  });
});
