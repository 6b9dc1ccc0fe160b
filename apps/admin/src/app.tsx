/**
 * The back office: providers (queries, theme, the component library's language), and hash
 * routes, so the server's one index.html at /admin/ serves every screen.
 */
import { lazy, type ReactNode } from 'react';
import { createHashRouter, Navigate, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { App as AntApp, ConfigProvider, Result, theme as antdTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import type { StaffRole } from '@omp/protocol';
import { LoginPage } from './auth/login-page.tsx';
import { Shell } from './layout/shell.tsx';
import { SCREENS } from './layout/navigation.ts';
import { allows, useSession } from './lib/session.ts';
import { usePreferences, type AdminLanguage } from './lib/preferences.ts';
import { queryClient } from './lib/query-client.ts';
import { ScreenError } from './ui/screen-error.tsx';

const DashboardPage = lazy(() => import('./pages/dashboard-page.tsx'));
const UsersPage = lazy(() => import('./pages/users-page.tsx'));
const IdentityPage = lazy(() => import('./pages/identity-page.tsx'));
const DepositsPage = lazy(() => import('./pages/deposits-page.tsx'));
const WithdrawalsPage = lazy(() => import('./pages/withdrawals-page.tsx'));
const RiskPage = lazy(() => import('./pages/risk-page.tsx'));
const InstrumentsPage = lazy(() => import('./pages/instruments-page.tsx'));
const MessagesPage = lazy(() => import('./pages/messages-page.tsx'));
const PaymentsPage = lazy(() => import('./pages/payments-page.tsx'));
const NewsPage = lazy(() => import('./pages/news-page.tsx'));
const ContentPage = lazy(() => import('./pages/content-page.tsx'));
const SettingsPage = lazy(() => import('./pages/settings-page.tsx'));
const StaffPage = lazy(() => import('./pages/staff-page.tsx'));
const AuditPage = lazy(() => import('./pages/audit-page.tsx'));
const SessionsPage = lazy(() => import('./pages/sessions-page.tsx'));

const ANTD_LOCALES: Record<AdminLanguage, typeof enUS> = { en: enUS, 'zh-CN': zhCN, 'zh-TW': zhTW };

/** A screen the member's roles do not open says so; the server would refuse its calls anyway. */
function Allowed({ roles, children }: { roles: readonly StaffRole[]; children: ReactNode }) {
  const { t } = useTranslation();
  const { staff } = useSession();
  if (!allows(staff, roles))
    return (
      <Result
        status="403"
        title={t('common.not_allowed')}
        subTitle={t('common.not_allowed_detail', { roles: roles.map((r) => t(`role.${r}`)).join(', ') })}
      />
    );
  return children;
}

const PAGES: Record<string, ReactNode> = {
  '/': <DashboardPage />,
  '/users': <UsersPage />,
  '/identity': <IdentityPage />,
  '/deposits': <DepositsPage />,
  '/withdrawals': <WithdrawalsPage />,
  '/risk': <RiskPage />,
  '/instruments': <InstrumentsPage />,
  '/messages': <MessagesPage />,
  '/payments': <PaymentsPage />,
  '/news': <NewsPage />,
  '/content': <ContentPage />,
  '/settings': <SettingsPage />,
  '/staff': <StaffPage />,
  '/audit': <AuditPage />,
  '/sessions': <SessionsPage />,
};

const router = createHashRouter([
  { path: '/login', element: <LoginPage />, errorElement: <ScreenError /> },
  {
    path: '/',
    element: <Shell />,
    errorElement: <ScreenError />,
    // A screen's own error element keeps the shell, so its menu leads on to the other screens.
    children: SCREENS.map((screen) => ({
      ...(screen.path === '/' ? { index: true } : { path: screen.path.slice(1) }),
      element: <Allowed roles={screen.roles}>{PAGES[screen.path]}</Allowed>,
      errorElement: <ScreenError />,
    })),
  },
  { path: '*', element: <Navigate to="/" replace /> },
]);

/**
 * Staff whose system asks for less motion get dialogs and drawers that appear without zooming or
 * sliding (and a dialog's buttons hold still from the first frame).
 */
const reducedMotion =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

export function BackOffice() {
  const { lang, theme } = usePreferences();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={ANTD_LOCALES[lang]}
        theme={{
          algorithm: theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
          token: { fontSize: 13, borderRadius: 4, motion: !reducedMotion },
          components: { Table: { cellPaddingBlockSM: 4 } },
        }}
      >
        <AntApp>
          <div className={`theme-${theme}`}>
            <RouterProvider router={router} />
          </div>
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
