/**
 * Hash routing (docs/CONTRACT.md "Screens and routes") with every route declared. Screens that
 * later issues build show an honest "coming soon" page until then.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { createHashRouter, type RouteObject } from 'react-router';
import { ROUTES } from './routes.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteError, NotFoundPage } from './route-error.tsx';
import { HomePage } from '../features/quotes/home-page.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { RegisterPage } from '../features/auth/register-page.tsx';
import { ForgotPage } from '../features/auth/forgot-page.tsx';
import { UserPage } from '../features/user/user-page.tsx';
import { PasswordPage } from '../features/user/password-page.tsx';
import { AccountHistoryPage } from '../features/user/account-history-page.tsx';
import { OrdersPage } from '../features/orders/orders-page.tsx';
import { SystemPage } from '../features/settings/system-page.tsx';
import { LanguagePage } from '../features/settings/language-page.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { IdentityPage } from '../features/money/identity-page.tsx';
import { WithdrawPage } from '../features/money/withdraw-page.tsx';
import { PayoutMethodsPage, WalletPage } from '../features/money/wallet-pages.tsx';
import { BindMethodPage } from '../features/money/bind-method-page.tsx';
import { ChatPage } from '../features/service/chat-page.tsx';
import { NewsPage } from '../features/news/news-page.tsx';
import { NewsDetailPage } from '../features/news/news-detail-page.tsx';
import { RankPage } from '../features/rank/rank-page.tsx';
import { DocumentaryPage } from '../features/rank/documentary-page.tsx';
import { ProductRoute } from '../features/company/product-route.tsx';
import { AnnouncementPage, ComplaintEmailPage } from '../features/service/notice-pages.tsx';

// The chart library is the biggest dependency; the home screen should not wait for it.
const TradePage = lazy(() => import('../features/chart/trade-page.tsx'));
// The QR code library is needed on the invite screen only.
const InvitePage = lazy(() => import('../features/user/invite-page.tsx'));
const DepositPage = lazy(() => import('../features/money/deposit-page.tsx'));

const BUILT: Record<string, ReactNode> = {
  '/': <HomePage />,
  '/trade': (
    <Suspense fallback={<PageLoading />}>
      <TradePage />
    </Suspense>
  ),
  '/login': <LoginPage />,
  '/register': <RegisterPage />,
  '/forgot': <ForgotPage />,
  '/order': <OrdersPage />,
  '/user': <UserPage />,
  '/mine/history': <AccountHistoryPage />,
  '/mine/invite': (
    <Suspense fallback={<PageLoading />}>
      <InvitePage />
    </Suspense>
  ),
  '/mine/password': <PasswordPage />,
  '/mine/auth': <IdentityPage />,
  '/mine/charge': (
    <Suspense fallback={<PageLoading />}>
      <DepositPage />
    </Suspense>
  ),
  '/mine/withdraw': <WithdrawPage />,
  '/mine/wallet': <WalletPage />,
  '/mine/coin-address-list': <PayoutMethodsPage type={1} />,
  '/mine/bank-card-list': <PayoutMethodsPage type={2} />,
  '/mine/withdraw-way': <BindMethodPage />,
  '/mine/chat': <ChatPage />,
  '/news': <NewsPage />,
  '/news/detail': <NewsDetailPage />,
  '/rank': <RankPage />,
  '/feedback': <DocumentaryPage />,
  '/mine/announcement': <AnnouncementPage />,
  '/mine/email': <ComplaintEmailPage />,
  '/product': <ProductRoute />,
  '/mine/system': <SystemPage />,
  '/language': <LanguagePage />,
};

const children: RouteObject[] = ROUTES.map((route) => {
  const element = BUILT[route.path];
  // Every route of routes.ts has its screen; one added without a screen fails at start, not silently.
  if (!element) throw new Error(`The route ${route.path} has no screen`);
  return { path: route.path, element };
});

export const router = createHashRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [...children, { path: '*', element: <NotFoundPage /> }],
  },
]);
