import { useSyncExternalStore } from 'react';
import type { LoginData, RefreshedSession, Role, SessionGrant } from '../api/generated/types.gen';
import { MS_PER_SECOND } from './constants';

/** A stored role may be anything the browser kept; only the server's roles grant access. */
export type SysRole = Role | (string & {});

export interface SessionUser {
  uuid: string;
  username: string;
  nickname: string;
  avatar: string;
  sysRole: SysRole;
  orgs: string[];
  permissions: string[];
}

export interface Session {
  token: string;
  /** Epoch milliseconds after which the token is no longer accepted. */
  expiresAt: number;
  user: SessionUser;
}

/** What login, registration and keeplogin answer with; login has avatar and orgs, keeplogin has permissions. */
export type GrantedSession = SessionGrant &
  Partial<Pick<LoginData, 'avatar' | 'orgs'>> &
  Partial<Pick<RefreshedSession, 'permissions'>>;

/**
 * Spec 1 section 3 keeps token, user info, uuid, expire time and role in the browser; spec 2
 * names the keys jwt_token, uuid, user_info and user_role (the expiry's key is not named).
 */
export const STORAGE_KEYS = {
  token: 'jwt_token',
  user: 'user_info',
  uuid: 'uuid',
  expiresAt: 'expire_time',
  role: 'user_role',
} as const;

export function isSessionLive(session: Session | null, now: number): session is Session {
  return session !== null && session.token !== '' && session.expiresAt > now;
}

function readStored(): Session | null {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const expiresAt = Number(localStorage.getItem(STORAGE_KEYS.expiresAt));
  const userText = localStorage.getItem(STORAGE_KEYS.user);
  if (!token || !Number.isFinite(expiresAt) || !userText) return null;
  try {
    return { token, expiresAt, user: JSON.parse(userText) as SessionUser };
  } catch {
    return null;
  }
}

function write(session: Session): void {
  localStorage.setItem(STORAGE_KEYS.token, session.token);
  localStorage.setItem(STORAGE_KEYS.expiresAt, String(session.expiresAt));
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
  localStorage.setItem(STORAGE_KEYS.uuid, session.user.uuid);
  localStorage.setItem(STORAGE_KEYS.role, session.user.sysRole);
}

let current: Session | null = null;
const listeners = new Set<() => void>();

function publish(next: Session | null): void {
  current = next;
  listeners.forEach((listener) => listener());
}

/** Application start: a missing or expired session clears whatever was stored. */
export function restoreSession(now = Date.now()): Session | null {
  const stored = readStored();
  if (isSessionLive(stored, now)) {
    publish(stored);
  } else {
    clearSession();
  }
  return current;
}

/** Sign-in (login or registration): replaces everything stored. */
export function startSession(granted: GrantedSession): Session {
  const session: Session = {
    token: granted.accessToken,
    expiresAt: granted.accessExpire * MS_PER_SECOND,
    user: {
      uuid: granted.uuid,
      username: granted.username,
      nickname: granted.nickname,
      avatar: granted.avatar ?? '',
      sysRole: granted.sysRole,
      orgs: granted.orgs ?? [],
      permissions: granted.permissions ?? [],
    },
  };
  write(session);
  publish(session);
  return session;
}

/** A keeplogin reply replaces token, expiry and user info, keeping what the reply does not carry. */
export function renewSession(granted: GrantedSession): Session {
  const previous = current?.user;
  return startSession({
    ...granted,
    avatar: granted.avatar ?? previous?.avatar,
    orgs: granted.orgs ?? previous?.orgs,
    permissions: granted.permissions ?? previous?.permissions,
  });
}

export function clearSession(): void {
  Object.values(STORAGE_KEYS).forEach((key) => localStorage.removeItem(key));
  publish(null);
}

export function currentSession(): Session | null {
  return current;
}

/** The token to send, only while the session has not expired. */
export function currentToken(now = Date.now()): string | null {
  return isSessionLive(current, now) ? current.token : null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, currentSession);
}
