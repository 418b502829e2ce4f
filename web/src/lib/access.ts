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
