import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/apiError';
import {
  bannerFileProblem,
  boundPointsText,
  failureMessage,
  isResourceUrl,
  linesOf,
  matchesWords,
  priceText,
  truncate,
} from './model';

describe('truncate', () => {
  it('keeps a text of at most 50 characters and cuts a longer one to 50 plus an ellipsis', () => {
    const fifty = '安'.repeat(50);
    expect(truncate(fifty)).toBe(fifty);
    expect(truncate(`${fifty}全型`)).toBe(`${fifty}…`);
    expect(truncate('')).toBe('');
  });

  it('never cuts an emoji in half', () => {
    expect(truncate(`${'a'.repeat(49)}😊😊`)).toBe(`${'a'.repeat(49)}😊…`);
  });
});

describe('failureMessage', () => {
  it('words 401 and 403 as spec 3 does, whatever the server said', () => {
    expect(failureMessage(new ApiError(401, 'token expired'), '操作失败')).toBe('登录已过期，请重新登录');
    expect(failureMessage(new ApiError(403, 'forbidden'), '操作失败')).toBe('权限不足，需要管理员权限才能执行此操作');
  });

  it('shows the server’s message, or the screen’s text without one', () => {
    expect(failureMessage(new ApiError(409, '已有会员购买该课程，不能删除；可以修改课程内容'), '删除课程失败')).toBe(
      '已有会员购买该课程，不能删除；可以修改课程内容',
    );
    expect(failureMessage(new ApiError(500, ''), '删除课程失败')).toBe('删除课程失败');
    expect(failureMessage(new ApiError(null, ''), '绑定失败')).toBe('绑定失败');
    expect(failureMessage(new Error('boom'), '绑定失败')).toBe('绑定失败');
  });
});

describe('isResourceUrl', () => {
  it('takes nothing, a site path or an http(s) address, as the server does', () => {
    for (const good of ['', '  ', '/media/knowledge/intro/index.m3u8', 'https://example.com/a.mp3', 'http://a.cn']) {
      expect(isResourceUrl(good)).toBe(true);
    }
    for (const bad of ['javascript:alert(1)', '//evil.example/x', 'ftp://a.cn/x', 'www.example.com', '/a b']) {
      expect(isResourceUrl(bad)).toBe(false);
    }
  });
});

describe('boundPointsText', () => {
  const names = new Map([
    [1, '依恋类型'],
    [2, '安全型依恋'],
  ]);

  it('joins the names, says 未绑定 for none and 未知知识点 for an unknown id', () => {
    expect(boundPointsText([1, 2], names)).toBe('依恋类型，安全型依恋');
    expect(boundPointsText([], names)).toBe('未绑定');
    expect(boundPointsText([2, 99], names)).toBe('安全型依恋，未知知识点');
  });
});

describe('the small helpers', () => {
  it('shows a price in yuan, or 免费', () => {
    expect(priceText(1990)).toBe('¥19.90');
    expect(priceText(0)).toBe('免费');
  });

  it('takes one item a line, dropping blank lines', () => {
    expect(linesOf(' 第一条 \r\n\n第二条\n  ')).toEqual(['第一条', '第二条']);
    expect(linesOf(undefined)).toEqual([]);
  });

  it('accepts a banner that is an image under 2 MB', () => {
    expect(bannerFileProblem({ type: 'image/png', size: 1024 })).toBeNull();
    expect(bannerFileProblem({ type: 'application/pdf', size: 1024 })).toBe('只能上传图片文件!');
    expect(bannerFileProblem({ type: 'image/jpeg', size: 2 * 1024 * 1024 })).toBe('图片大小不能超过 2MB!');
  });

  it('matches words in any field, ignoring case', () => {
    expect(matchesWords('mbti', '人格', 'MBTI 入门')).toBe(true);
    expect(matchesWords('', '任何')).toBe(true);
    expect(matchesWords('沟通', '情绪', '心理学')).toBe(false);
  });
});
