import { describe, expect, it } from 'vitest';
import {
  DEMO_FALLBACK_PATH,
  decideRoute,
  isDemoRestricted,
  isRealOnly,
  loginPathFor,
  requiresLogin,
  safeReturnPath,
} from './route-guard.ts';
import { ROUTES, isKeptAlive, normalizePath, showsTabBar } from './routes.ts';

describe('route table', () => {
  it('declares every route of the contract once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/',
      '/trade',
      '/order',
      '/user',
      '/news',
      '/news/detail',
      '/rank',
      '/feedback',
      '/login',
      '/register',
      '/forgot',
      '/product',
      '/mine/auth',
      '/mine/invite',
      '/mine/email',
      '/mine/announcement',
      '/mine/password',
      '/mine/history',
      '/mine/charge',
      '/mine/withdraw',
      '/mine/chat',
      '/mine/system',
      '/mine/wallet',
      '/mine/bank-card-list',
      '/mine/coin-address-list',
      '/mine/withdraw-way',
      '/language',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('keeps the footer pages alive and shows the tab bar there and on every tab target', () => {
    for (const path of ['/', '/trade', '/order', '/user', '/news', '/rank']) {
      expect(isKeptAlive(path)).toBe(true);
      expect(showsTabBar(path)).toBe(true);
    }
    for (const path of ['/product', '/language', '/mine/system', '/login', '/feedback']) {
      expect(isKeptAlive(path)).toBe(false);
    }
    expect(showsTabBar('/feedback')).toBe(true);
    for (const path of ['/product', '/language', '/mine/system', '/login', '/news/detail'])
      expect(showsTabBar(path)).toBe(false);
  });

  it('normalises trailing slashes', () => {
    expect(normalizePath('/trade/')).toBe('/trade');
    expect(normalizePath('')).toBe('/');
    expect(normalizePath('/')).toBe('/');
  });
});

describe('login guard', () => {
  it('requires login for /order, /user and /mine/* except /mine/system', () => {
    expect(requiresLogin('/order')).toBe(true);
    expect(requiresLogin('/user')).toBe(true);
    for (const r of ROUTES.filter((x) => x.path.startsWith('/mine/'))) {
      expect(requiresLogin(r.path)).toBe(r.path !== '/mine/system');
    }
    for (const path of [
      '/',
      '/trade',
      '/news',
      '/rank',
      '/login',
      '/register',
      '/product',
      '/language',
      '/feedback',
    ]) {
      expect(requiresLogin(path)).toBe(false);
    }
  });

  it('sends a visitor to /login with the intended path and query', () => {
    expect(decideRoute({ pathname: '/order', search: '' }, false)).toEqual({
      kind: 'redirect',
      to: '/login?from=%2Forder',
    });
    expect(decideRoute({ pathname: '/mine/withdraw-way', search: '?type=2' }, false)).toEqual({
      kind: 'redirect',
      to: `/login?from=${encodeURIComponent('/mine/withdraw-way?type=2')}`,
    });
  });

  it('lets signed-in users and public routes through', () => {
    expect(decideRoute({ pathname: '/order' }, true)).toEqual({ kind: 'allow' });
    expect(decideRoute({ pathname: '/mine/system' }, false)).toEqual({ kind: 'allow' });
    expect(decideRoute({ pathname: '/' }, false)).toEqual({ kind: 'allow' });
  });

  it('treats unknown paths as public (the not-found page handles them)', () => {
    expect(decideRoute({ pathname: '/nowhere' }, false)).toEqual({ kind: 'allow' });
  });

  it('builds login paths from normalised paths', () => {
    expect(loginPathFor('/user/')).toBe('/login?from=%2Fuser');
  });

  it('only returns to paths inside the app', () => {
    expect(safeReturnPath('/order')).toBe('/order');
    expect(safeReturnPath('/mine/withdraw-way?type=1')).toBe('/mine/withdraw-way?type=1');
    expect(safeReturnPath('//evil.example')).toBe('/');
    expect(safeReturnPath('https://evil.example')).toBe('/');
    expect(safeReturnPath(null)).toBe('/');
  });
});

describe('demo restriction', () => {
  const restricted = [
    '/mine/charge',
    '/mine/withdraw',
    '/mine/wallet',
    '/mine/bank-card-list',
    '/mine/coin-address-list',
    '/mine/withdraw-way',
    '/mine/auth',
    '/mine/password',
    // Changing the sign-in address: a demo account has none.
    '/mine/contact',
    '/mine/two-factor',
  ];

  it('marks exactly the money, wallet, identity, password and two-step sign-in screens as real-only', () => {
    expect(
      ROUTES.filter((r) => r.realOnly)
        .map((r) => r.path)
        .sort(),
    ).toEqual([...restricted].sort());
    for (const path of restricted) expect(requiresLogin(path)).toBe(true);
  });

  it('keeps a demo user out of each of them, direct addresses and queries included', () => {
    for (const path of restricted) {
      expect(decideRoute({ pathname: path, search: '' }, true, true)).toEqual({
        kind: 'demo-restricted',
        to: DEMO_FALLBACK_PATH,
      });
    }
    expect(decideRoute({ pathname: '/mine/withdraw-way/', search: '?type=1' }, true, true).kind).toBe(
      'demo-restricted',
    );
    expect(isDemoRestricted('/mine/withdraw-way?type=2', true)).toBe(true);
    expect(isRealOnly('/mine/charge?amount=5')).toBe(true);
  });

  it('lets a demo user use everything else', () => {
    for (const path of [
      '/',
      '/trade',
      '/order',
      '/user',
      '/mine/invite',
      '/mine/history',
      '/mine/system',
      '/mine/email',
    ]) {
      expect(decideRoute({ pathname: path }, true, true)).toEqual({ kind: 'allow' });
      expect(isDemoRestricted(path, true)).toBe(false);
    }
  });

  it('lets real users in and still sends visitors to /login first', () => {
    for (const path of restricted) {
      expect(decideRoute({ pathname: path }, true, false)).toEqual({ kind: 'allow' });
      expect(isDemoRestricted(path, false)).toBe(false);
      expect(decideRoute({ pathname: path }, false, false)).toEqual({
        kind: 'redirect',
        to: `/login?from=${encodeURIComponent(path)}`,
      });
    }
  });
});
