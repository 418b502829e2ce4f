import { describe, expect, it } from 'vitest';
import { loginPathFor, otherAuthPagePath, safeReturnTarget } from './returnTarget';

describe('safeReturnTarget', () => {
  it.each([
    ['/user/account', '/user/account'],
    ['/blog/3?tab=comments#c1', '/blog/3?tab=comments#c1'],
  ])('keeps the site path %s', (href, expected) => {
    expect(safeReturnTarget(href)).toBe(expected);
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    'user/account',
    '/search?q=a b',
    '/search?q=\u3000',
    `/${'a'.repeat(2048)}`,
  ])('sends %j home instead of off the site', (href) => {
    expect(safeReturnTarget(href)).toBe('/');
  });
});

describe('loginPathFor', () => {
  it('encodes the return path into the href query', () => {
    expect(loginPathFor('/user/account')).toBe('/login?href=%2Fuser%2Faccount');
    expect(loginPathFor('/search?q=a&b=1')).toBe('/login?href=%2Fsearch%3Fq%3Da%26b%3D1');
  });
});

describe('otherAuthPagePath', () => {
  it('carries the way back between login and registration', () => {
    expect(otherAuthPagePath('/register', '/moment?tab=new')).toBe('/register?href=%2Fmoment%3Ftab%3Dnew');
    expect(otherAuthPagePath('/login', '/blog/create')).toBe('/login?href=%2Fblog%2Fcreate');
  });

  it('leaves the href out when the way back is the home page', () => {
    expect(otherAuthPagePath('/login', '/')).toBe('/login');
    expect(otherAuthPagePath('/register', '/')).toBe('/register');
  });
});
