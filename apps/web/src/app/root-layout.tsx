import { useLocation } from 'react-router';
import { useSession, isSignedIn } from '../features/session/session-store.ts';
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

/** The shell around every screen: guard, kept-alive pages, tab bar, connection state. */
export function RootLayout() {
  const location = useLocation();
  const signedIn = useSession(isSignedIn);
  const decision = decideRoute(location, signedIn);
  const tabBar = showsTabBar(location.pathname) && decision.kind === 'allow';

  useNavigationEffects();
  useLiveQuotesFeed();
  useReconnectOnWake();
  useSocketSession();
  // Market status and day figures may have changed while the connection was down.
  useOnReconnect(() => void queryClient.invalidateQueries({ queryKey: marketKeys.tradeListAll }));

  return (
    <div className={`app-shell ${tabBar ? 'app-shell--tabs' : ''}`}>
      <ConnectionIndicator />
      <main className="app-main">
        <KeepAliveOutlet signedIn={signedIn} redirectTo={decision.kind === 'redirect' ? decision.to : null} />
      </main>
      {tabBar && <TabBar />}
    </div>
  );
}
