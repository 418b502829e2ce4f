import type { BlogItem } from '../api/generated/types.gen';
import { isSessionLive, type Session } from './session';

export interface AccessFlags {
  isLoggedIn: boolean;
  /** admin or superadmin: the back-office menus and admin routes. */
  canAdmin: boolean;
  isSuperAdmin: boolean;
}

const ADMIN_ROLES = new Set(['admin', 'superadmin']);

/** Everything the screens may show or open, from the stored user alone (the server checks again). */
export function accessOf(session: Session | null, now: number): AccessFlags {
  if (!isSessionLive(session, now)) {
    return { isLoggedIn: false, canAdmin: false, isSuperAdmin: false };
  }
  const role = session.user.sysRole;
  return { isLoggedIn: true, canAdmin: ADMIN_ROLES.has(role), isSuperAdmin: role === 'superadmin' };
}

/** Anything written by a list of members: a blog article (authors are usernames, authorId the creator's uuid). */
export type Authored = Pick<BlogItem, 'authors' | 'authorId'>;

export interface ArticleAccess {
  /** The viewer is one of the authors (or created it). */
  isAuthor: boolean;
  /** Spec 1 section 6: edit from the detail page is for an author or a superadmin. */
  canEditFromDetail: boolean;
  /** Spec 1 section 6: delete from the detail page is for a superadmin only. */
  canDeleteFromDetail: boolean;
  /** Spec 1 section 2: admins get an edit button on every card of the blog list. */
  canEditFromList: boolean;
  /** Spec 1 section 2: the extra 管理员编辑 button of the management list, on other people's articles. */
  canAdminEditOthers: boolean;
}

export function articleAccess(session: Session | null, article: Authored, now: number): ArticleAccess {
  const flags = accessOf(session, now);
  const isAuthor =
    flags.isLoggedIn &&
    session !== null &&
    (article.authors.includes(session.user.username) || article.authorId === session.user.uuid);
  return {
    isAuthor,
    canEditFromDetail: isAuthor || flags.isSuperAdmin,
    canDeleteFromDetail: flags.isSuperAdmin,
    canEditFromList: flags.canAdmin,
    canAdminEditOthers: flags.canAdmin && !isAuthor,
  };
}
