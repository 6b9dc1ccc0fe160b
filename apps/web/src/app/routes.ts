/**
 * Every route of the app (docs/CONTRACT.md "Screens and routes") and what the shell needs to know
 * about it. Pure data, so the guard and the layout rules are testable without a browser.
 */

export interface RouteInfo {
  path: string;
  /** Visitors are sent to /login?from=… instead. */
  requiresLogin: boolean;
  /**
   * Money, identity and password screens: a demo user is refused with 'Please register or log in
   * to a real account' (docs/CONTRACT.md "Demo accounts") and never reaches the page.
   */
  realOnly: boolean;
  /** Stays mounted (hidden) when left, so scroll, tabs and choices survive a round trip. */
  keepAlive: boolean;
  /** i18n key of the screen's title. */
  titleKey: string;
}

const route = (
  path: string,
  titleKey: string,
  flags: Partial<Pick<RouteInfo, 'requiresLogin' | 'keepAlive' | 'realOnly'>> = {},
): RouteInfo => ({
  path,
  titleKey,
  requiresLogin: flags.requiresLogin ?? flags.realOnly ?? false,
  realOnly: flags.realOnly ?? false,
  keepAlive: flags.keepAlive ?? false,
});

export const ROUTES: readonly RouteInfo[] = [
  route('/', 'pages.market', { keepAlive: true }),
  route('/trade', 'pages.trade', { keepAlive: true }),
  route('/order', 'pages.orders', { keepAlive: true, requiresLogin: true }),
  route('/user', 'pages.user', { keepAlive: true, requiresLogin: true }),
  route('/news', 'pages.news', { keepAlive: true }),
  route('/news/detail', 'pages.newsDetail'),
  route('/rank', 'pages.rank', { keepAlive: true }),
  route('/feedback', 'pages.documentary'),
  route('/login', 'pages.login'),
  route('/register', 'pages.register'),
  route('/forgot', 'pages.forgot'),
  route('/product', 'pages.search'),
  // The stop-out explainer: ?id= a report, ?order= a position a stop-out closed.
  route('/stop-out', 'explainer.title', { requiresLogin: true }),
  route('/mine/auth', 'pages.auth', { realOnly: true }),
  route('/mine/invite', 'pages.invite', { requiresLogin: true }),
  route('/mine/email', 'pages.complaintEmail', { requiresLogin: true }),
  route('/mine/announcement', 'pages.announcement', { requiresLogin: true }),
  route('/mine/password', 'pages.password', { realOnly: true }),
  route('/mine/two-factor', 'twoFactor.title', { realOnly: true }),
  route('/mine/history', 'pages.accountHistory', { requiresLogin: true }),
  route('/mine/devices', 'sessions.title', { requiresLogin: true }),
  route('/mine/contact', 'contactChange.title', { realOnly: true }),
  route('/mine/statement', 'statement.title', { requiresLogin: true }),
  route('/mine/charge', 'pages.deposit', { realOnly: true }),
  route('/mine/withdraw', 'pages.withdraw', { realOnly: true }),
  route('/mine/chat', 'pages.chat', { requiresLogin: true }),
  // Display settings live here and visitors need them too, so this one /mine page is public.
  route('/mine/system', 'pages.settings'),
  route('/mine/wallet', 'pages.wallet', { realOnly: true }),
  route('/mine/bank-card-list', 'pages.bankAccounts', { realOnly: true }),
  route('/mine/coin-address-list', 'pages.cryptoAddresses', { realOnly: true }),
  route('/mine/withdraw-way', 'pages.payoutMethod', { realOnly: true }),
  route('/language', 'pages.language'),
  route('/notifications', 'notifications.title', { requiresLogin: true }),
  route('/notifications/settings', 'notifications.settingsTitle', { requiresLogin: true }),
  route('/alerts', 'alerts.title', { requiresLogin: true }),
];

/** The footer pages, in the tab bar's order (docs/CONTRACT.md "Screens and routes"). */
export const TAB_PATHS = ['/feedback', '/order', '/', '/rank', '/trade'] as const;

/** `/trade/` and `/trade` are the same screen. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

const byPath = new Map(ROUTES.map((r) => [r.path, r]));

export function routeInfo(pathname: string): RouteInfo | undefined {
  return byPath.get(normalizePath(pathname));
}

export function isKeptAlive(pathname: string): boolean {
  return routeInfo(pathname)?.keepAlive ?? false;
}

/**
 * The tab bar shows on the kept-alive footer pages, and on every page a tab leads to: the
 * Documentary placeholder is not kept alive, but without the bar it would be a dead end.
 */
export function showsTabBar(pathname: string): boolean {
  return isKeptAlive(pathname) || (TAB_PATHS as readonly string[]).includes(normalizePath(pathname));
}
