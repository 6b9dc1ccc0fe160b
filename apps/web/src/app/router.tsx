/**
 * Hash routing (docs/CONTRACT.md "Screens and routes") with every route declared. Screens that
 * later issues build show an honest "coming soon" page until then.
 *
 * The router is react-router's declarative one (`HashRouter` and `useRoutes`), not its data
 * router: no screen loads data through the router (TanStack Query does), and the data router's
 * loaders, actions and fetchers were about 18 kB gzipped of the first load's JavaScript.
 */
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { HashRouter, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { ROUTES } from './routes.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorBoundary, NotFoundPage } from './route-error.tsx';
import { attachNavigator } from './app-navigation.ts';
import { HomePage } from '../features/quotes/home-page.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { loadRemainingTexts } from '../i18n/index.ts';
import { prepareOverlays } from '../ui/overlays.ts';

/**
 * A screen whose code loads when it is first opened, behind the page's loading state. Every screen
 * but the quote list is one: the first load carries the quote list's code only (on a slow phone
 * network each kilobyte counts), and the chart library and the QR codes come with their screens.
 * The texts the quote list does not show travel alongside the first of them (i18n/index.ts), and
 * so does the renderer of antd-mobile's toasts and dialogs, which screens show (ui/overlays.ts).
 */
function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>, props: P = {} as P): ReactNode {
  const Screen = lazy(async () => {
    const [screen] = await Promise.all([load(), loadRemainingTexts(), prepareOverlays()]);
    return { default: screen };
  });
  return (
    <Suspense fallback={<PageLoading />}>
      <Screen {...props} />
    </Suspense>
  );
}

const money = () => import('../features/money/wallet-pages.tsx');
const notices = () => import('../features/service/notice-pages.tsx');

const BUILT: Record<string, ReactNode> = {
  '/': <HomePage />,
  '/trade': lazyScreen(async () => (await import('../features/chart/trade-page.tsx')).default),
  '/login': lazyScreen(async () => (await import('../features/auth/login-page.tsx')).LoginPage),
  '/register': lazyScreen(async () => (await import('../features/auth/register-page.tsx')).RegisterPage),
  '/forgot': lazyScreen(async () => (await import('../features/auth/forgot-page.tsx')).ForgotPage),
  '/order': lazyScreen(async () => (await import('../features/orders/orders-page.tsx')).OrdersPage),
  '/user': lazyScreen(async () => (await import('../features/user/user-page.tsx')).UserPage),
  '/mine/history': lazyScreen(
    async () => (await import('../features/user/account-history-page.tsx')).AccountHistoryPage,
  ),
  '/mine/statement': lazyScreen(
    async () => (await import('../features/statement/statement-page.tsx')).StatementPage,
  ),
  '/mine/invite': lazyScreen(async () => (await import('../features/user/invite-page.tsx')).default),
  '/mine/password': lazyScreen(async () => (await import('../features/user/password-page.tsx')).PasswordPage),
  '/mine/two-factor': lazyScreen(
    async () => (await import('../features/two-factor/two-factor-page.tsx')).TwoFactorPage,
  ),
  '/mine/auth': lazyScreen(async () => (await import('../features/money/identity-page.tsx')).IdentityPage),
  '/mine/charge': lazyScreen(async () => (await import('../features/money/deposit-page.tsx')).default),
  '/mine/withdraw': lazyScreen(
    async () => (await import('../features/money/withdraw-page.tsx')).WithdrawPage,
  ),
  '/mine/wallet': lazyScreen(async () => (await money()).WalletPage),
  '/mine/devices': lazyScreen(
    async () => (await import('../features/sessions/devices-page.tsx')).DevicesPage,
  ),
  '/mine/contact': lazyScreen(
    async () => (await import('../features/sessions/contact-page.tsx')).ContactPage,
  ),
  '/mine/coin-address-list': lazyScreen(async () => (await money()).PayoutMethodsPage, { type: 1 }),
  '/mine/bank-card-list': lazyScreen(async () => (await money()).PayoutMethodsPage, { type: 2 }),
  '/mine/withdraw-way': lazyScreen(
    async () => (await import('../features/money/bind-method-page.tsx')).BindMethodPage,
  ),
  '/mine/chat': lazyScreen(async () => (await import('../features/service/chat-page.tsx')).ChatPage),
  '/news': lazyScreen(async () => (await import('../features/news/news-page.tsx')).NewsPage),
  '/news/detail': lazyScreen(
    async () => (await import('../features/news/news-detail-page.tsx')).NewsDetailPage,
  ),
  '/rank': lazyScreen(async () => (await import('../features/rank/rank-page.tsx')).RankPage),
  '/feedback': lazyScreen(
    async () => (await import('../features/rank/documentary-page.tsx')).DocumentaryPage,
  ),
  '/mine/announcement': lazyScreen(async () => (await notices()).AnnouncementPage),
  '/mine/email': lazyScreen(async () => (await notices()).ComplaintEmailPage),
  '/stop-out': lazyScreen(async () => (await import('../features/explainer/stop-out-page.tsx')).StopOutPage),
  '/product': lazyScreen(async () => (await import('../features/company/product-route.tsx')).ProductRoute),
  '/mine/system': lazyScreen(async () => (await import('../features/settings/system-page.tsx')).SystemPage),
  '/language': lazyScreen(async () => (await import('../features/settings/language-page.tsx')).LanguagePage),
  '/notifications': lazyScreen(
    async () => (await import('../features/notifications/notifications-page.tsx')).NotificationsPage,
  ),
  '/notifications/settings': lazyScreen(
    async () =>
      (await import('../features/notifications/notification-settings-page.tsx')).NotificationSettingsPage,
  ),
  '/alerts': lazyScreen(async () => (await import('../features/alerts/alerts-page.tsx')).AlertsPage),
};

const children: RouteObject[] = ROUTES.map((route) => {
  const element = BUILT[route.path];
  // Every route of routes.ts has its screen; one added without a screen fails at start, not silently.
  if (!element) throw new Error(`The route ${route.path} has no screen`);
  return { path: route.path, element };
});

const routes: RouteObject[] = [
  { element: <RootLayout />, children: [...children, { path: '*', element: <NotFoundPage /> }] },
];

/** Lends the router's navigate and location to code outside React (app-navigation.ts). */
function NavigatorBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    attachNavigator({ location: () => location, navigate: (to, options) => void navigate(to, options) });
    return () => attachNavigator(undefined);
  }, [navigate, location]);
  return null;
}

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Navigations are not transitions: a tap on a tab moves the highlight and shows the new screen's
 * loading state at once. As transitions (react-router's default), React kept the old screen, and
 * with it the old tab's highlight, for up to seconds while a screen's code loaded, and a second
 * tap on that still-highlighted tab was taken for a tap on the current screen and did nothing.
 */
export function AppRouter() {
  return (
    <HashRouter useTransitions={false}>
      <NavigatorBridge />
      <RouteErrorBoundary>
        <AppRoutes />
      </RouteErrorBoundary>
    </HashRouter>
  );
}
