/**
 * Feeds the per-user socket pushes into the screens for as long as someone is signed in:
 *
 * - FOREX_TRADE (about once a second while anything is open): live price and P/L of holding
 *   orders into the live store, the account figures straight into the query cache, so the
 *   ticket's available funds, the /order strip and the /user balance all move together; when the
 *   positions it names still differ from the fetched list a push later, the lists are fetched
 *   again (a change was missed);
 * - FOREX_ORDER (an order placed, filled, closed or cancelled) and FOREX_CLOSED: the lists are
 *   fetched again, and closed ids leave the open lists at once; a fresh fill (a pending order
 *   reaching its target, a market order) shows its notice;
 * - TRAILING_STOP_CLOSED (sent unasked): the notice of the position a trailing stop closed;
 * - MARGIN_CALL (sent unasked to a signed-in socket): the warning banner;
 * - STOP_OUT (sent unasked too): the stop-out notice, which leads to its explanation;
 * - ACCOUNT_CHANGED (staff decided something of the user's): records, balance and profile again.
 *
 * Each time the socket signs in (the first time, and after a reconnect) everything is fetched again:
 * pushes start only then, so a list read before it may have missed one.
 */
import { useEffect } from 'react';
import type { InfiniteData } from '@tanstack/react-query';
import {
  ACCOUNT_CHANGED_MESSAGE,
  type MyDealResult,
  MARGIN_CALL_MESSAGE,
  STOP_OUT_MESSAGE,
  TRAILING_STOP_CLOSED_MESSAGE,
  Topic,
} from '@omp/protocol';
import { getSocket } from '../../lib/socket.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useOnSocketSignIn } from '../../lib/use-socket-events.ts';
import { moneyKeys } from '../money/money-api.ts';
import { useSession } from '../session/session-store.ts';
import { isFreshFill } from '../notices/fill-rules.ts';
import { useTradingNotices } from '../notices/trading-notices.ts';
import { useLiveTrading } from './live-trading-store.ts';
import { DealTab, refreshTrading, tradingKeys } from './trading-api.ts';
import { holdingListDisagrees } from './order-merge.ts';

/** The FOREX_ORDER push type; it rides on the FOREX_TRADE subscription. */
export const FOREX_ORDER_MESSAGE = 'FOREX_ORDER' as const;

export function useLiveTradingFeed(): void {
  const token = useSession((s) => s.token);

  useEffect(() => {
    const store = useLiveTrading.getState();
    store.reset();
    useTradingNotices.getState().reset();
    if (!token) return;
    const socket = getSocket();
    let disagreedLastPush = false;
    const offs = [
      socket.subscribe(Topic.forexTrade, (message) => {
        if (message.type !== 'FOREX_TRADE') return;
        // Just after a switch between the real and the own demo account, a push of the account
        // left may still be on its way: it must not show as the other one's figures.
        const user = useSession.getState().user;
        if (user && message.account.is_demo !== user.is_demo) return;
        useLiveTrading.getState().applyTrade(message);
        queryClient.setQueryData(tradingKeys.figures(token), message.account);
        // A list still at odds with the pushed positions a whole push later missed a change.
        const disagrees = holdingListDisagrees(
          message.orders.map((order) => order.Id),
          fetchedHolding(token),
        );
        if (
          disagrees &&
          disagreedLastPush &&
          queryClient.isFetching({ queryKey: tradingKeys.dealsAll }) === 0
        )
          void refreshTrading();
        disagreedLastPush = disagrees;
      }),
      socket.subscribe(Topic.forexClosed, (message) => {
        if (message.type !== 'FOREX_CLOSED') return;
        useLiveTrading.getState().applyClosed(message.id);
        void refreshTrading();
      }),
      socket.listen(FOREX_ORDER_MESSAGE, (message) => {
        const nowSeconds = Date.now() / 1000;
        for (const row of message.orders)
          if (isFreshFill(row, nowSeconds)) useTradingNotices.getState().announceFill(row);
        void refreshTrading();
      }),
      socket.listen(TRAILING_STOP_CLOSED_MESSAGE, (message) =>
        useTradingNotices.getState().announceTrailingClosed(message),
      ),
      socket.listen(MARGIN_CALL_MESSAGE, (message) => useLiveTrading.getState().applyMarginCall(message)),
      socket.listen(STOP_OUT_MESSAGE, (message) => useLiveTrading.getState().applyStopOut(message)),
      // Staff decided a deposit, a withdrawal, the identity check or a balance change: the records,
      // the balance and the profile on screen are fetched again at once.
      socket.listen(ACCOUNT_CHANGED_MESSAGE, () => {
        void refreshTrading();
        void queryClient.invalidateQueries({ queryKey: moneyKeys.all });
        void queryClient.invalidateQueries({ queryKey: ['user_info'] });
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [token]);

  useOnSocketSignIn(() => {
    if (useSession.getState().token) void refreshTrading();
  });
}

/** The holding list as fetched (its total and the ids of the loaded rows), if fetched. */
function fetchedHolding(token: string): { total: number; loadedIds: number[] } | undefined {
  const pages = queryClient.getQueryData<InfiniteData<MyDealResult>>(
    tradingKeys.deals(token, DealTab.holding),
  );
  if (!pages?.pages[0]) return undefined;
  return {
    total: pages.pages[0].total,
    loadedIds: pages.pages.flatMap((page) => page.data.map((row) => row.Id)),
  };
}
