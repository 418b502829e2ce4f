import { describe, expect, it } from 'vitest';
import { commentError, imageFileError, momentDraftError, toCoordinate } from './validation';

describe('momentDraftError', () => {
  it('asks for content or an image', () => {
    expect(momentDraftError({ content: '  \n ', imageCount: 0, uploading: 0 })).toBe('请输入内容或至少上传一张图片');
    expect(momentDraftError({ content: '', imageCount: 1, uploading: 0 })).toBeNull();
    expect(momentDraftError({ content: '今天天气很好', imageCount: 0, uploading: 0 })).toBeNull();
  });

  it('allows 2000 characters and refuses 2001, counting an emoji as one', () => {
    expect(momentDraftError({ content: '😀'.repeat(2000), imageCount: 0, uploading: 0 })).toBeNull();
    expect(momentDraftError({ content: '字'.repeat(2001), imageCount: 0, uploading: 0 })).toBe(
      '内容不能超过 2000 个字符',
    );
  });

  it('allows 9 images and refuses 10', () => {
    expect(momentDraftError({ content: '', imageCount: 9, uploading: 0 })).toBeNull();
    expect(momentDraftError({ content: '', imageCount: 10, uploading: 0 })).toBe('最多上传 9 张图片');
  });

  it('waits for images still uploading', () => {
    expect(momentDraftError({ content: 'hi', imageCount: 1, uploading: 1 })).toBe('图片还在上传，请稍候');
  });
});

describe('imageFileError', () => {
  it('accepts images up to 5 MB only', () => {
    expect(imageFileError({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(imageFileError({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('图片大小不能超过 5MB!');
    expect(imageFileError({ type: 'application/pdf', size: 10 })).toBe('只能上传图片文件!');
    expect(imageFileError({ type: '', size: 10 })).toBe('只能上传图片文件!');
  });
});

describe('commentError', () => {
  it('needs 1 to 500 characters', () => {
    expect(commentError('   ')).toBe('请输入评论内容');
    expect(commentError('好'.repeat(500))).toBeNull();
    expect(commentError('好'.repeat(501))).toBe('评论不能超过 500 个字符');
  });
});

describe('toCoordinate', () => {
  it('sends degrees as integers of degrees × 10000, and nothing when empty', () => {
    expect(toCoordinate(116.4074)).toBe(1164074);
    expect(toCoordinate(-33.86882)).toBe(-338688);
    expect(toCoordinate(null)).toBeNull();
    expect(toCoordinate(undefined)).toBeNull();
  });
});
