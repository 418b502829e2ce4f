import { describe, expect, it } from 'vitest';
import { accessOf, articleAccess } from './access';
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

describe('articleAccess', () => {
  const article = { authors: ['mei', 'jie'], authorId: 'u-creator' };
  const as = (username: string, sysRole: string, uuid = `u-${username}`): Session => ({
    token: 'token',
    expiresAt: NOW + 60_000,
    user: { uuid, username, nickname: username, avatar: '', sysRole, orgs: [], permissions: [] },
  });

  it('lets an author edit from the detail page but not delete there', () => {
    expect(articleAccess(as('jie', 'user'), article, NOW)).toEqual({
      isAuthor: true,
      canEditFromDetail: true,
      canDeleteFromDetail: false,
      canEditFromList: false,
      canAdminEditOthers: false,
    });
  });

  it('counts the creator as an author even when dropped from the list', () => {
    expect(articleAccess(as('renamed', 'user', 'u-creator'), article, NOW).isAuthor).toBe(true);
  });

  it('gives a superadmin edit and delete, and the admin buttons on others’ articles', () => {
    expect(articleAccess(as('boss', 'superadmin'), article, NOW)).toEqual({
      isAuthor: false,
      canEditFromDetail: true,
      canDeleteFromDetail: true,
      canEditFromList: true,
      canAdminEditOthers: true,
    });
  });

  it('gives an admin the list buttons but not the detail page’s edit or delete', () => {
    expect(articleAccess(as('zhou', 'admin'), article, NOW)).toEqual({
      isAuthor: false,
      canEditFromDetail: false,
      canDeleteFromDetail: false,
      canEditFromList: true,
      canAdminEditOthers: true,
    });
    expect(articleAccess(as('mei', 'admin'), article, NOW).canAdminEditOthers).toBe(false);
  });

  it('gives another member, a guest and an expired author nothing', () => {
    const nothing = {
      isAuthor: false,
      canEditFromDetail: false,
      canDeleteFromDetail: false,
      canEditFromList: false,
      canAdminEditOthers: false,
    };
    expect(articleAccess(as('hao', 'user'), article, NOW)).toEqual(nothing);
    expect(articleAccess(null, article, NOW)).toEqual(nothing);
    expect(articleAccess({ ...as('mei', 'superadmin'), expiresAt: NOW }, article, NOW)).toEqual(nothing);
  });
});
