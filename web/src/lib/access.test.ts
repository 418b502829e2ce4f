import { describe, expect, it } from 'vitest';
import { accessOf } from './access';
import type { Session } from './session';

const NOW = 1_750_000_000_000;

function sessionWith(sysRole: string, expiresAt = NOW + 60_000): Session {
  return {
    token: 'token',
    expiresAt,
    user: { uuid: 'u1', username: 'mei', nickname: '小美', avatar: '', sysRole, orgs: [], permissions: [] },
  };
}

describe('accessOf', () => {
  it('gives a guest nothing', () => {
    expect(accessOf(null, NOW)).toEqual({ isLoggedIn: false, canAdmin: false, isSuperAdmin: false });
  });

  it('treats an expired session as a guest, whatever its role', () => {
    expect(accessOf(sessionWith('superadmin', NOW), NOW)).toEqual({
      isLoggedIn: false,
      canAdmin: false,
      isSuperAdmin: false,
    });
  });

  it('lets a member in but not into the back office', () => {
    expect(accessOf(sessionWith('user'), NOW)).toEqual({ isLoggedIn: true, canAdmin: false, isSuperAdmin: false });
  });

  it('gives admin the back office but not superadmin powers', () => {
    expect(accessOf(sessionWith('admin'), NOW)).toEqual({ isLoggedIn: true, canAdmin: true, isSuperAdmin: false });
  });

  it('gives superadmin everything', () => {
    expect(accessOf(sessionWith('superadmin'), NOW)).toEqual({ isLoggedIn: true, canAdmin: true, isSuperAdmin: true });
  });

  it('does not take an unknown role for an admin one', () => {
    expect(accessOf(sessionWith('Admin'), NOW).canAdmin).toBe(false);
  });
});
