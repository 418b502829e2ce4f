import type { Role } from '../../api/generated/types.gen';
import { startSession } from '../../lib/session';
import type { Blog } from './model';

/** An article as the server answers it; tests override what they look at. */
export function blog(id: number, overrides: Partial<Blog> = {}): Blog {
  return {
    id,
    title: `第 ${id} 篇文章`,
    summary: `摘要 ${id}`,
    content: `## 正文 ${id}\n\n一段足够长的正文内容。`,
    banner: '',
    tags: ['交友'],
    categories: ['情感'],
    authors: ['other'],
    invitedAuthors: [],
    authorId: 'uuid-other',
    twitterAuthor: '',
    avatar: '',
    createdAt: 1_750_000_000,
    isPublished: 1,
    ...overrides,
  };
}

/** Signs in as `username` with a role; the uuid is `uuid-<username>`. */
export function signInAs(username: string, sysRole: Role = 'user') {
  startSession({
    accessToken: `token-${username}`,
    accessExpire: Math.floor(Date.now() / 1000) + 3600,
    uuid: `uuid-${username}`,
    username,
    nickname: username,
    sysRole,
  });
}
