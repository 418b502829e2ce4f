import type { MomentItem } from '../../api/generated/types.gen';

/** A feed item exactly as the server sends it (spec 1 section 3); the cache keeps this shape. */
export type Moment = MomentItem;

export interface Liker {
  uuid: string;
  nickname: string;
}

export interface MomentComment {
  commentId: number;
  nickname: string;
  content: string;
  uuid: string;
  /** 0 for a top-level comment. */
  parentId: number;
  parentNickname: string;
}

/** A top-level comment with every reply below it (replies to replies included), oldest first. */
export interface CommentThread {
  comment: MomentComment;
  replies: MomentComment[];
}

/** Spec 1 section 9: content 2000 characters, 9 images of 5 MB, comments 500 characters. */
export const MOMENT_LIMITS = {
  contentChars: 2000,
  images: 9,
  imageBytes: 5 * 1024 * 1024,
  commentChars: 500,
} as const;

function parseList(text: unknown): unknown[] {
  if (typeof text !== 'string' || text.trim() === '') return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const asText = (value: unknown): string => (typeof value === 'string' ? value : '');
const asNumber = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The likes field is JSON text of [{uuid, nickname}]; anything unreadable is no likers rather than a crash. */
export function parseLikes(text: unknown): Liker[] {
  return parseList(text)
    .map(asRecord)
    .map((item) => ({ uuid: asText(item.uuid), nickname: asText(item.nickname) }))
    .filter((liker) => liker.uuid !== '' || liker.nickname !== '');
}

/** The comments field is JSON text of [{CommentId, Nickname, Content, Uuid, ParentId, ParentNickname}]. */
export function parseComments(text: unknown): MomentComment[] {
  return parseList(text)
    .map(asRecord)
    .map((item) => ({
      commentId: asNumber(item.CommentId),
      nickname: asText(item.Nickname),
      content: asText(item.Content),
      uuid: asText(item.Uuid),
      parentId: asNumber(item.ParentId),
      parentNickname: asText(item.ParentNickname),
    }))
    .filter((comment) => comment.commentId > 0);
}

/**
 * Groups replies under the top-level comment they belong to, however deep the reply chain, keeping
 * the server's oldest-first order. A reply names the one it answers ("A 回复 B"); when the server left
 * ParentNickname empty it is taken from the parent. A reply whose parent is gone stands on its own.
 */
export function buildCommentThreads(comments: readonly MomentComment[]): CommentThread[] {
  const byId = new Map(comments.map((comment) => [comment.commentId, comment]));
  const rootOf = (comment: MomentComment): MomentComment => {
    let current = comment;
    const seen = new Set<number>();
    while (current.parentId !== 0 && byId.has(current.parentId) && !seen.has(current.commentId)) {
      seen.add(current.commentId);
      current = byId.get(current.parentId)!;
    }
    return current;
  };

  const threads = new Map<number, CommentThread>();
  for (const comment of comments) {
    const root = rootOf(comment);
    if (root === comment) {
      threads.set(comment.commentId, { comment, replies: threads.get(comment.commentId)?.replies ?? [] });
      continue;
    }
    const parent = byId.get(comment.parentId);
    const reply = { ...comment, parentNickname: comment.parentNickname || parent?.nickname || '' };
    const thread = threads.get(root.commentId) ?? { comment: root, replies: [] };
    thread.replies.push(reply);
    threads.set(root.commentId, thread);
  }
  return [...threads.values()];
}

export type ImageLayout =
  { kind: 'none'; columns: 0 } | { kind: 'single'; columns: 1 } | { kind: 'grid'; columns: 2 | 3 };

/** Spec 1 section 2: 1 image single; 2 to 4 images two by two; more than 4 three by three. */
export function imageLayout(count: number): ImageLayout {
  if (count <= 0) return { kind: 'none', columns: 0 };
  if (count === 1) return { kind: 'single', columns: 1 };
  if (count <= 4) return { kind: 'grid', columns: 2 };
  return { kind: 'grid', columns: 3 };
}

/** Who may delete a comment: its author, and the author of the moment it is on. */
export function canDeleteComment(comment: MomentComment, momentAuthor: string, me: string | undefined): boolean {
  return me !== undefined && me !== '' && (comment.uuid === me || momentAuthor === me);
}

/** Age from a birth year; the profile fields are 0 until a member fills them in. */
export function ageFrom(birthyear: number, now = new Date()): number | null {
  if (!birthyear || birthyear < 1900) return null;
  const age = now.getFullYear() - birthyear;
  return age > 0 && age < 130 ? age : null;
}

/** Characters as a person counts them (an emoji is one), the way the server counts. */
export const charCount = (text: string): number => [...text].length;
