/**
 * What the socket tells about the signed-in user's trading, between fetches: live price and P/L
 * of holding orders, orders that just closed, and the last margin call. The account figures
 * themselves go into the query cache (live-trading-feed.ts), where every screen already reads them.
 */
import { create } from 'zustand';
import type { AccountRisk, ForexTradePush, LiveOrder, MarginCallPush, StopOutPush } from '@omp/protocol';
import { addIds, liveFiguresOf, type IdSet, type LiveById } from './order-merge.ts';

/** A holding order's distances to the margin call and the stop-out, from the last trade push. */
export type PositionDanger = Pick<
  LiveOrder,
  'MarginCallPrice' | 'MarginCallMove' | 'StopOutPrice' | 'StopOutMove'
>;

export interface MarginCallWarning {
  marginLevel: number;
  marginCallLevel: number;
  stopOutLevel: number;
  /** The server's sentence in the user's language. */
  message: string;
  /** The report that explains it (/stop-out?id=), when the server named one. */
  reportId?: number | undefined;
}

/** A stop-out just closed positions: shown until dismissed or opened. */
export interface StopOutNotice {
  reportId: number;
  closedCount: number;
  marginLevel: number;
}

interface LiveTradingState {
  live: LiveById;
  /** By order id; absent for an order the last push did not list. */
  dangers: Readonly<Record<number, PositionDanger>>;
  /** The account's nearest margin call and stop-out; null before the first push. */
  accountRisk: AccountRisk | null;
  closed: IdSet;
  marginCall: MarginCallWarning | null;
  stopOut: StopOutNotice | null;
  applyTrade(push: Pick<ForexTradePush, 'orders' | 'account' | 'risk'>): void;
  applyClosed(ids: readonly number[]): void;
  applyMarginCall(push: Omit<MarginCallPush, 'type'>): void;
  dismissMarginCall(): void;
  applyStopOut(push: Omit<StopOutPush, 'type'>): void;
  dismissStopOut(): void;
  reset(): void;
}

export const useLiveTrading = create<LiveTradingState>()((set) => ({
  live: {},
  dangers: {},
  accountRisk: null,
  closed: {},
  marginCall: null,
  stopOut: null,
  applyTrade: (push) =>
    set((state) => {
      const level = push.account.margin_level;
      // The warning stays until the account is out of the danger zone, not merely until the
      // next tick: a margin call is something to act on.
      const warning = state.marginCall;
      const recovered = warning !== null && (level === null || level > push.account.margin_call_level);
      // While it stays, the warning shows the newest level, the figure the account strip shows.
      const marginCall = warning === null || recovered ? null : { ...warning, marginLevel: level ?? 0 };
      return {
        live: liveFiguresOf(push.orders),
        dangers: dangersOf(push.orders),
        accountRisk: push.risk,
        marginCall,
      };
    }),
  applyClosed: (ids) => set((state) => ({ closed: addIds(state.closed, ids) })),
  applyMarginCall: (push) =>
    set({
      marginCall: {
        marginLevel: push.margin_level,
        marginCallLevel: push.margin_call_level,
        stopOutLevel: push.stop_out_level,
        message: push.msg,
        reportId: push.report_id,
      },
    }),
  dismissMarginCall: () => set({ marginCall: null }),
  // A stop-out ends the margin call it followed: the warning gives way to what happened.
  applyStopOut: (push) =>
    set({
      marginCall: null,
      stopOut: { reportId: push.report_id, closedCount: push.closed.length, marginLevel: push.margin_level },
    }),
  dismissStopOut: () => set({ stopOut: null }),
  reset: () => set({ live: {}, dangers: {}, accountRisk: null, closed: {}, marginCall: null, stopOut: null }),
}));

function dangersOf(orders: readonly LiveOrder[]): Record<number, PositionDanger> {
  const byId: Record<number, PositionDanger> = {};
  for (const { Id, MarginCallPrice, MarginCallMove, StopOutPrice, StopOutMove } of orders)
    byId[Id] = { MarginCallPrice, MarginCallMove, StopOutPrice, StopOutMove };
  return byId;
}
