import { describe, expect, it } from 'vitest';
import {
  ageFrom,
  buildCommentThreads,
  canDeleteComment,
  imageLayout,
  parseComments,
  parseLikes,
  type MomentComment,
} from './model';

const comment = (
  commentId: number,
  nickname: string,
  parentId = 0,
  parentNickname = '',
  uuid = `u-${nickname}`,
): MomentComment => ({ commentId, nickname, content: `${nickname} says`, uuid, parentId, parentNickname });

describe('imageLayout', () => {
  it.each([
    [0, 'none', 0],
    [1, 'single', 1],
    [2, 'grid', 2],
    [3, 'grid', 2],
    [4, 'grid', 2],
    [5, 'grid', 3],
    [9, 'grid', 3],
  ])('%i images → %s with %i columns', (count, kind, columns) => {
    expect(imageLayout(count)).toEqual({ kind, columns });
  });
});

describe('parseLikes', () => {
  it('reads the JSON text of {uuid, nickname}', () => {
    expect(parseLikes('[{"uuid":"a","nickname":"小美"},{"uuid":"b","nickname":"阿杰"}]')).toEqual([
      { uuid: 'a', nickname: '小美' },
      { uuid: 'b', nickname: '阿杰' },
    ]);
  });

  it.each([['not json'], [''], ['{"uuid":"a"}'], ['null'], [null], [undefined], ['[1, "x", null]']])(
    'turns %j into no likers instead of failing',
    (text) => {
      expect(parseLikes(text)).toEqual([]);
    },
  );
});

describe('parseComments', () => {
  it('maps the capitalised server fields', () => {
    const text = JSON.stringify([
      { CommentId: 7, Nickname: '小美', Content: '好看', Uuid: 'u1', ParentId: 0, ParentNickname: '' },
      { CommentId: 8, Nickname: '阿杰', Content: '谢谢', Uuid: 'u2', ParentId: 7, ParentNickname: '小美' },
    ]);
    expect(parseComments(text)).toEqual([
      { commentId: 7, nickname: '小美', content: '好看', uuid: 'u1', parentId: 0, parentNickname: '' },
      { commentId: 8, nickname: '阿杰', content: '谢谢', uuid: 'u2', parentId: 7, parentNickname: '小美' },
    ]);
  });

  it('gives an empty list for bad JSON, and skips entries without an id', () => {
    expect(parseComments('[{"CommentId":')).toEqual([]);
    expect(parseComments('[{"Nickname":"x"}]')).toEqual([]);
  });
});

describe('buildCommentThreads', () => {
  it('puts replies, and replies to replies, under their top-level comment in order', () => {
    const threads = buildCommentThreads([
      comment(1, '小美'),
      comment(2, '阿杰'),
      comment(3, '阿杰', 1, '小美'),
      comment(4, '小美', 3, '阿杰'),
      comment(5, '大伟', 2, '阿杰'),
    ]);
    expect(threads.map((t) => [t.comment.commentId, t.replies.map((r) => r.commentId)])).toEqual([
      [1, [3, 4]],
      [2, [5]],
    ]);
    expect(threads[0].replies[1]).toMatchObject({ nickname: '小美', parentNickname: '阿杰' });
  });

  it('names the parent from the parent comment when the server left ParentNickname empty', () => {
    const [thread] = buildCommentThreads([comment(1, '小美'), comment(2, '阿杰', 1, '')]);
    expect(thread.replies[0].parentNickname).toBe('小美');
  });

  it('keeps a reply whose parent is gone as its own thread', () => {
    const threads = buildCommentThreads([comment(1, '小美'), comment(9, '阿杰', 42, '某人')]);
    expect(threads.map((t) => t.comment.commentId)).toEqual([1, 9]);
  });
});

describe('canDeleteComment', () => {
  const mine = comment(1, '小美', 0, '', 'me');
  const theirs = comment(2, '阿杰', 0, '', 'other');
  it('lets the author and the moment author delete, nobody else', () => {
    expect(canDeleteComment(mine, 'someone', 'me')).toBe(true);
    expect(canDeleteComment(theirs, 'me', 'me')).toBe(true);
    expect(canDeleteComment(theirs, 'someone', 'me')).toBe(false);
    expect(canDeleteComment(theirs, 'someone', undefined)).toBe(false);
  });
});

describe('ageFrom', () => {
  it('is absent until the profile has a birth year', () => {
    expect(ageFrom(0, new Date(2026, 0, 1))).toBeNull();
    expect(ageFrom(1996, new Date(2026, 0, 1))).toBe(30);
  });
});
