/**
 * Start-up: the stored theme (before anything paints), the language tables, the request layer,
 * then the app. Desktop visitors may be sent to the desktop site meanwhile.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// antd-mobile by its component paths, here and in everything the quote list imports: its index
// would tag every component as needed by the first screen, and the build would ship them all
// before the first quote. Its global styles and CSS variables came with the index: imported alone.
import 'antd-mobile/es/global';
import { initI18n } from './i18n/index.ts';
import { loadAntdLocale } from './i18n/antd-locales.ts';
import { useSettings } from './features/settings/settings-store.ts';
import { applyStoredTheme } from './features/settings/theme.ts';
import { loginPathFor } from './app/route-guard.ts';
import { wireApi } from './app/api-wiring.ts';
import { redirectDesktopVisitor } from './app/desktop-redirect.ts';
import { appNavigation } from './app/app-navigation.ts';
import { prefetchQuoteList } from './features/quotes/market-queries.ts';
import { loadLastPrices } from './features/quotes/last-prices.ts';
import { registerServiceWorker } from './app/service-worker.ts';
import { followSignInsWithPush } from './features/push/push-device.ts';
import { markOpenedNotificationsRead } from './features/notifications/live-notifications.ts';
import { App } from './app/app.tsx';
import './ui/base.css';
import './ui/components.css';
import './ui/notice-banner.css';
import './app/layout.css';
import './features/quotes/quotes.css';
import './features/chart/trade.css';
import './features/ticket/ticket.css';
import './features/notices/notices.css';
import './features/orders/orders.css';
import './features/explainer/explainer.css';
import './features/closing/closing.css';
import './features/settings/settings.css';
import './features/auth/auth.css';
import './features/money/money.css';
import './features/service/service.css';
import './features/news/news.css';
import './features/rank/rank.css';
import './features/company/company.css';
import './features/user/user.css';
import './features/statement/statement.css';
import './features/onboarding/onboarding.css';
import './features/two-factor/two-factor.css';
import './features/risk/risk.css';

applyStoredTheme();

/** Whether the app opens on the quote list (`/`, with or without a query). */
function opensOnQuoteList(): boolean {
  const route = window.location.hash.replace(/^#/, '').split('?')[0] ?? '';
  return route === '' || route === '/';
}

async function start(): Promise<void> {
  const { lang } = useSettings.getState();
  // The socket signs out by itself when the session store empties (use-socket-session.ts).
  wireApi(() => {
    const { pathname, search } = appNavigation.location();
    appNavigation.navigate(pathname === '/login' ? '/login' : loginPathFor(pathname, search), {
      replace: true,
    });
  });
  // The first screen's quotes are asked for now, to travel while the language tables load.
  if (opensOnQuoteList()) prefetchQuoteList(lang);
  // The language tables load before the first render, so no screen ever shows raw keys; the last
  // prices seen live meanwhile, for a start with no network.
  await Promise.all([initI18n(lang), loadAntdLocale(lang), loadLastPrices()]);
  void redirectDesktopVisitor();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
registerServiceWorker();
followSignInsWithPush();
markOpenedNotificationsRead();
