import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession, isSignedIn, isDemoUser } from '../features/session/session-store.ts';
import { showDemoRestriction } from '../features/user/demo-restriction.ts';
import { useSocketSession } from '../features/session/use-socket-session.ts';
import { useLiveQuotesFeed } from '../features/quotes/live-quotes-feed.ts';
import { decideRoute } from './route-guard.ts';
import { showsTabBar } from './routes.ts';
import { KeepAliveOutlet } from './keep-alive-outlet.tsx';
import { TabBar } from './tab-bar.tsx';
import { ConnectionIndicator } from './connection-indicator.tsx';
import { useNavigationEffects } from './navigation-effects.ts';
import { useOnReconnect, useReconnectOnWake } from '../lib/use-socket-events.ts';
import { queryClient } from '../lib/query-client.ts';
import { marketKeys } from '../features/quotes/market-queries.ts';
import { useLiveTradingFeed } from '../features/trading/live-trading-feed.ts';
import { MarginCallBanner } from '../features/trading/margin-call-banner.tsx';
import { StopOutBanner } from '../features/explainer/stop-out-banner.tsx';
import { FillNotice } from '../features/notices/fill-notice.tsx';
import { TrailingClosedBanner } from '../features/notices/trailing-closed-banner.tsx';
import { HeaderBellContext, HeaderMarkContext } from '../ui/page-header.tsx';
import { NotificationBell } from '../features/notifications/notification-bell.tsx';
import { useLiveNotifications } from '../features/notifications/live-notifications.ts';
import { DemoMark } from '../features/session/demo-mark.tsx';
import { Onboarding } from '../features/onboarding/onboarding.tsx';

/** The shell around every screen: guard, kept-alive pages, tab bar, connection state. */
export function RootLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useSession(isSignedIn);
  const demo = useSession(isDemoUser);
  const decision = decideRoute(location, signedIn, demo);
  const tabBar = showsTabBar(location.pathname) && decision.kind === 'allow';
  // One element per state, so the headers re-render only when the account kind changes.
  const headerMark = useMemo(() => (demo ? <DemoMark /> : null), [demo]);
  const headerBell = useMemo(() => (signedIn ? <NotificationBell /> : null), [signedIn]);

  // A demo user who opened a restricted address lands on the user center with the explanation.
  // Once per navigation: the location object is new for each (a typed address has no unique key).
  const explained = useRef<object | null>(null);
  const restricted = decision.kind === 'demo-restricted';
  useEffect(() => {
    if (!restricted || explained.current === location) return;
    explained.current = location;
    showDemoRestriction((to) => void navigate(to), location.pathname + location.search);
  }, [restricted, location, navigate]);

  useNavigationEffects();
  useLiveQuotesFeed();
  useReconnectOnWake();
  useSocketSession();
  // After the socket sign-in, so the trade subscriptions follow the login on the wire.
  useLiveTradingFeed();
  useLiveNotifications();
  // Market status and day figures may have changed while the connection was down.
  useOnReconnect(() => void queryClient.invalidateQueries({ queryKey: marketKeys.tradeListAll }));

  return (
    <div className={`app-shell ${tabBar ? 'app-shell--tabs' : ''}`}>
      <ConnectionIndicator />
      {signedIn && <MarginCallBanner />}
      {signedIn && <StopOutBanner />}
      {signedIn && <TrailingClosedBanner />}
      {signedIn && <FillNotice />}
      <main className="app-main">
        {/* Every screen's header says DEMO while the money on it is a demo account's. */}
        <HeaderMarkContext value={headerMark}>
          <HeaderBellContext value={headerBell}>
            <KeepAliveOutlet
              signedIn={signedIn}
              redirectTo={decision.kind === 'allow' ? null : decision.to}
            />
          </HeaderBellContext>
        </HeaderMarkContext>
      </main>
      {tabBar && <TabBar />}
      <Onboarding />
    </div>
  );
}
