import type { BlogItem, SaveBlogRequest } from '../../api/generated/types.gen';
import { BLOG_TEXT } from './texts';

/** An article as the server sends it (spec 1 section 3); isPublished is 0 草稿, 1 已发布. */
export type Blog = BlogItem;

/** Spec 1 sections 5 and 9. */
export const BLOG_LIMITS = {
  pageSize: 9,
  lookupPageSize: 100,
  titleMin: 3,
  titleMax: 100,
  contentMin: 10,
  bannerBytes: 2 * 1024 * 1024,
} as const;

export const isPublished = (blog: Pick<Blog, 'isPublished'>): boolean => blog.isPublished === 1;

/** What the form edits; the request bodies of create and update are built from it. */
export interface BlogDraft {
  title: string;
  tags: string[];
  categories: string[];
  banner: string;
  twitterAuthor: string;
  authors: string[];
  summary: string;
  content: string;
  published: boolean;
}

const cleanList = (values: readonly string[]): string[] => [
  ...new Set(values.map((value) => value.trim()).filter((value) => value !== '')),
];

/** The body of POST /blog/create (and, with an id, /blog/update). */
export function blogRequest(draft: BlogDraft): SaveBlogRequest {
  return {
    title: draft.title.trim(),
    tags: cleanList(draft.tags),
    categories: cleanList(draft.categories),
    banner: draft.banner,
    twitterAuthor: draft.twitterAuthor.trim(),
    authors: cleanList(draft.authors),
    summary: draft.summary.trim(),
    content: draft.content,
    isPublished: draft.published ? 1 : 0,
  };
}

export function draftOf(blog: Blog): BlogDraft {
  return {
    title: blog.title,
    tags: blog.tags,
    categories: blog.categories,
    banner: blog.banner,
    twitterAuthor: blog.twitterAuthor,
    // The form names everyone asked to write it: saving keeps the open invitations, and
    // leaving a name out withdraws that one.
    authors: [...blog.authors, ...blog.invitedAuthors],
    summary: blog.summary,
    content: blog.content,
    published: isPublished(blog),
  };
}

const charCount = (text: string): number => [...text].length;

/** Spec 1 section 5: 请输入标题, then 长度在 3 到 100 个字符. Null when the title is fine. */
export function titleError(title: string | undefined): string | null {
  const text = (title ?? '').trim();
  if (text === '') return BLOG_TEXT.titleRequired;
  const length = charCount(text);
  if (length < BLOG_LIMITS.titleMin || length > BLOG_LIMITS.titleMax) return BLOG_TEXT.titleLength;
  return null;
}

/** Spec 1 section 5: 请输入内容, then 内容至少需要 10 个字符. */
export function contentError(content: string | undefined): string | null {
  const text = (content ?? '').trim();
  if (text === '') return BLOG_TEXT.contentRequired;
  if (charCount(text) < BLOG_LIMITS.contentMin) return BLOG_TEXT.contentTooShort;
  return null;
}

/** Spec 1 section 5: the banner must be an image of at most 2 MB (the server decodes it again). */
export function bannerFileError(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return BLOG_TEXT.notAnImage;
  if (file.size > BLOG_LIMITS.bannerBytes) return BLOG_TEXT.bannerTooLarge;
  return null;
}

/** The name a card shows: the authors, or a neutral name when the list is empty. */
export const authorLine = (blog: Pick<Blog, 'authors'>): string =>
  blog.authors.length > 0 ? blog.authors.join('、') : BLOG_TEXT.unknownAuthor;
