import { describe, expect, it } from 'vitest';
import {
  STORAGE_KEYS,
  currentSession,
  currentToken,
  renewSession,
  restoreSession,
  startSession,
  type GrantedSession,
} from './session';

const NOW = 1_750_000_000_000;
const granted: GrantedSession = {
  accessToken: 'first-token',
  accessExpire: NOW / 1000 + 3600,
  uuid: 'u1',
  username: 'mei',
  nickname: '小美',
  avatar: '/static/a.png',
  sysRole: 'user',
  orgs: ['org-1'],
};

describe('session', () => {
  it('stores token, user, uuid, expiry in milliseconds and role', () => {
    startSession(granted);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('first-token');
    expect(localStorage.getItem(STORAGE_KEYS.expiresAt)).toBe(String(granted.accessExpire * 1000));
    expect(localStorage.getItem(STORAGE_KEYS.uuid)).toBe('u1');
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBe('user');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toMatchObject({ nickname: '小美', orgs: ['org-1'] });
  });

  it('sends the token only while the expiry is in the future', () => {
    startSession(granted);
    const expiresAt = granted.accessExpire * 1000;
    expect(currentToken(expiresAt - 1)).toBe('first-token');
    expect(currentToken(expiresAt)).toBeNull();
  });

  it('restores a live session at start', () => {
    startSession(granted);
    expect(restoreSession(NOW)?.token).toBe('first-token');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('first-token');
  });

  it('clears an expired session at start', () => {
    startSession(granted);
    expect(restoreSession(granted.accessExpire * 1000 + 1)).toBeNull();
    expect(currentSession()).toBeNull();
    Object.values(STORAGE_KEYS).forEach((key) => expect(localStorage.getItem(key)).toBeNull());
  });

  it('clears a half-written session at start', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'orphan');
    localStorage.setItem(STORAGE_KEYS.role, 'admin');
    expect(restoreSession(NOW)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBeNull();
  });

  it('renewal replaces token, expiry and user info but keeps what keeplogin does not send', () => {
    startSession(granted);
    renewSession({
      accessToken: 'second-token',
      accessExpire: granted.accessExpire + 600,
      uuid: 'u1',
      username: 'mei',
      nickname: '小美美',
      sysRole: 'admin',
      permissions: ['blog:edit'],
    });
    const session = currentSession()!;
    expect(session.token).toBe('second-token');
    expect(session.expiresAt).toBe((granted.accessExpire + 600) * 1000);
    expect(session.user).toMatchObject({
      nickname: '小美美',
      sysRole: 'admin',
      permissions: ['blog:edit'],
      avatar: '/static/a.png',
      orgs: ['org-1'],
    });
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBe('admin');
  });
});
