/** The back office's screens and the roles the server lets see them (admin sees all). */
import type { StaffRole } from '@omp/protocol';

export interface Screen {
  path: string;
  /** i18n key of the menu entry and page title. */
  title: string;
  roles: readonly StaffRole[];
}

export const SCREENS: readonly Screen[] = [
  { path: '/', title: 'nav.dashboard', roles: [] },
  { path: '/users', title: 'nav.users', roles: [] },
  { path: '/identity', title: 'nav.identity', roles: ['compliance', 'support'] },
  { path: '/deposits', title: 'nav.deposits', roles: ['finance', 'support'] },
  { path: '/withdrawals', title: 'nav.withdrawals', roles: ['finance', 'support'] },
  { path: '/risk', title: 'nav.risk', roles: [] },
  { path: '/instruments', title: 'nav.instruments', roles: [] },
  { path: '/payments', title: 'nav.payments', roles: ['finance'] },
  { path: '/news', title: 'nav.news', roles: ['admin'] },
  { path: '/content', title: 'nav.content', roles: ['admin'] },
  { path: '/messages', title: 'nav.messages', roles: [] },
  { path: '/settings', title: 'nav.settings', roles: ['admin'] },
  { path: '/staff', title: 'nav.staff', roles: ['admin'] },
  { path: '/audit', title: 'nav.audit', roles: ['admin'] },
  { path: '/sessions', title: 'nav.sessions', roles: [] },
];
