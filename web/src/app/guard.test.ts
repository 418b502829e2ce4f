import { describe, expect, it } from 'vitest';
import type { AccessFlags } from '../lib/access';
import { decideGuard, type GuardInput } from './guard';
import { ROUTES } from './routeTable';

const GUEST: AccessFlags = { isLoggedIn: false, canAdmin: false, isSuperAdmin: false };
const MEMBER: AccessFlags = { isLoggedIn: true, canAdmin: false, isSuperAdmin: false };
const ADMIN: AccessFlags = { isLoggedIn: true, canAdmin: true, isSuperAdmin: false };

function decide(overrides: Partial<GuardInput>) {
  return decideGuard({
    access: 'auth',
    flags: GUEST,
    currentPath: '/user/account',
    isWeChat: false,
    wechatOfficialLogin: false,
    ...overrides,
  });
}

describe('decideGuard', () => {
  it('lets anyone into an open route', () => {
    expect(decide({ access: 'none' })).toEqual({ kind: 'enter' });
  });

  it('sends a guest to /login with the current path as href', () => {
    expect(decide({ currentPath: '/search?q=x' })).toEqual({ kind: 'redirect', to: '/login?href=%2Fsearch%3Fq%3Dx' });
  });

  it('sends a guest inside WeChat to the official-account login when the site has it', () => {
    expect(decide({ isWeChat: true, wechatOfficialLogin: true, currentPath: '/visite?page=2' })).toEqual({
      kind: 'leave',
      url: '/api/v1/wechat/official/login?href=%2Fvisite%3Fpage%3D2',
    });
  });

  it('sends a guest inside WeChat to /login when official-account login is off', () => {
    expect(decide({ isWeChat: true, wechatOfficialLogin: false })).toEqual({
      kind: 'redirect',
      to: '/login?href=%2Fuser%2Faccount',
    });
  });

  it('waits for the site configuration before choosing a WeChat guest’s login', () => {
    expect(decide({ isWeChat: true, wechatOfficialLogin: undefined })).toEqual({ kind: 'wait' });
  });

  it('does not wait for the configuration outside WeChat', () => {
    expect(decide({ wechatOfficialLogin: undefined }).kind).toBe('redirect');
  });

  it('lets a member into an auth route', () => {
    expect(decide({ flags: MEMBER })).toEqual({ kind: 'enter' });
  });

  it('tells a member on an admin route that it needs admin rights, instead of sending them to /login', () => {
    expect(decide({ access: 'admin', flags: MEMBER, currentPath: '/admin/users' })).toEqual({ kind: 'forbidden' });
  });

  it('tells a member inside WeChat the same, without a login round trip', () => {
    expect(decide({ access: 'admin', flags: MEMBER, isWeChat: true, wechatOfficialLogin: true })).toEqual({
      kind: 'forbidden',
    });
  });

  it('lets an admin into an admin route', () => {
    expect(decide({ access: 'admin', flags: ADMIN })).toEqual({ kind: 'enter' });
  });

  it('treats a guest on an admin route like any auth route', () => {
    expect(decide({ access: 'admin', currentPath: '/admin/users' })).toEqual({
      kind: 'redirect',
      to: '/login?href=%2Fadmin%2Fusers',
    });
  });
});

describe('route table', () => {
  const accessOfPath = (path: string) => ROUTES.find((route) => route.path === path)?.access;

  it('keeps the access flags of spec 3', () => {
    expect(accessOfPath('/knowledge/courses')).toBe('none');
    expect(accessOfPath('/user/info')).toBe('none');
    expect(accessOfPath('/user/account')).toBe('auth');
    expect(accessOfPath('/admin')).toBe('auth');
    expect(accessOfPath('/knowledge/graph/editor/jointjs')).toBe('auth');
    expect(accessOfPath('/admin/images')).toBe('admin');
    expect(accessOfPath('/admin/feedback')).toBe('admin');
    expect(accessOfPath('/admin/audit-log')).toBe('admin');
    expect(accessOfPath('/admin/moderation')).toBe('admin');
    expect(accessOfPath('/admin/sensitive-words')).toBe('admin');
    expect(accessOfPath('/knowledge/resource/admin')).toBe('admin');
    expect(accessOfPath('/register')).toBe('none');
    expect(accessOfPath('/agreement')).toBe('none');
    expect(accessOfPath('/privacy')).toBe('none');
  });

  it('gives only the knowledge point and resource admin their own notice for members (spec 3 section 2)', () => {
    const own = ROUTES.filter((route) => route.forbidden).map((route) => route.path);
    expect(own.sort()).toEqual(['/knowledge/points/admin', '/knowledge/resource/admin']);
    expect(ROUTES.filter((route) => route.forbidden).every((route) => route.access === 'admin')).toBe(true);
  });

  it('lists each path once', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('has exactly the routes of spec 3, /register, the help pages of spec 1, the sandbox payment page and the legal pages', () => {
    const spec3 = [
      '/',
      '/about',
      '/login',
      '/wechatcallback',
      '/officialcallback',
      '/moment',
      '/blog',
      '/blog/create',
      '/blog/:id',
      '/feedback',
      '/faq',
      '/help',
      '/team',
      '/contact',
      '/user/info',
      '/mentaltest',
      '/testlist',
      '/people',
      '/like',
      '/my',
      '/moment/create',
      '/blog/edit/:id',
      '/exam/create',
      '/exam/:id',
      '/exam/edit/:id',
      '/profile/:id',
      '/ai-chat',
      '/knowledge/demo',
      '/knowledge/courses/display/:courseId',
      '/blog/list/my',
      '/user/account',
      '/exam/take/:id',
      '/exam/result/list/:id',
      '/exam/result/:id',
      '/visite',
      '/blacklist',
      '/search',
      '/admin',
      '/real-name-verification',
      '/recharge',
      '/recharge/list',
      '/transactions',
      '/knowledge/progress',
      '/knowledge/graph/editor',
      '/knowledge/graph/editor/jointjs',
      '/admin/users',
      '/admin/user-audit',
      '/admin/idcard-audit',
      '/admin/blogs',
      '/admin/images',
      '/knowledge/courses/admin',
      '/knowledge/points/admin',
      '/knowledge/resource/admin',
      '/knowledge/courses',
    ];
    // The sandbox provider's payment page (issue 11): what its QR code opens.
    // The user agreement and privacy policy accepted at registration (issue 12).
    // The conversation list (issue 14) beside spec 2's /chat/{uuid}.
    // Spec 2 section 2 names /exam/list beside /testlist (the same list).
    // The back office's feedback list, audit log, moderation queue and sensitive words, beside the dashboard's five pages.
    const extra = [
      '/exam/list',
      '/chat',
      '/chat/:uuid',
      '/register',
      '/password/forgot',
      '/help/getting-started',
      '/help/account',
      '/help/docs',
      '/recharge/sandbox/:orderNo',
      '/agreement',
      '/privacy',
      '/admin/feedback',
      '/admin/audit-log',
      '/admin/moderation',
      '/admin/sensitive-words',
    ];
    expect(ROUTES.map((route) => route.path).sort()).toEqual([...spec3, ...extra].sort());
  });
});
