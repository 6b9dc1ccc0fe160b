/**
 * The trading notices the app shows over every screen, fed by the order answers and the socket
 * (live-trading-feed.ts): the last fill, with what it cost (fill-notice.tsx), and the last
 * position a trailing stop closed (trailing-closed-banner.tsx). Also the order a notice asked
 * /order to open, since the order detail lives in that page's list.
 */
import { create } from 'zustand';
import type { OrderRow, TrailingStopClosedPush } from '@omp/protocol';
import { addIds, type IdSet } from '../trading/order-merge.ts';

export interface TrailingClosedNotice {
  id: number;
  forexId: number;
  closePrice: number;
  profit: number;
  /** The server's sentence, for an instrument the list does not know (any more). */
  message: string;
}

/** A request to open an order's detail on /order, on the tab that lists it. */
export interface OrderToOpen {
  id: number;
  tab: 'holding' | 'history';
  /** Date.now() of the request: one the list could not honour soon is forgotten (ORDER_OPEN_WAIT_MS). */
  at: number;
}

/** How long /order may take to list the order a notice asked it to open. */
export const ORDER_OPEN_WAIT_MS = 15_000;

interface TradingNoticesState {
  fill: OrderRow | null;
  /** Fills already announced: the answer to an order and its push show it once. */
  announced: IdSet;
  trailingClosed: TrailingClosedNotice | null;
  orderToOpen: OrderToOpen | null;
  /** Shows the fill unless this order's fill was shown already; the newest fill replaces the last. */
  announceFill(row: OrderRow): void;
  dismissFill(): void;
  announceTrailingClosed(push: Omit<TrailingStopClosedPush, 'type'>): void;
  dismissTrailingClosed(): void;
  openOrder(id: number, tab: OrderToOpen['tab']): void;
  forgetOrderToOpen(): void;
  reset(): void;
}

export const useTradingNotices = create<TradingNoticesState>()((set) => ({
  fill: null,
  announced: {},
  trailingClosed: null,
  orderToOpen: null,
  announceFill: (row) =>
    set((state) =>
      state.announced[row.Id] ? state : { fill: row, announced: addIds(state.announced, [row.Id]) },
    ),
  dismissFill: () => set({ fill: null }),
  announceTrailingClosed: (push) =>
    set({
      trailingClosed: {
        id: push.id,
        forexId: push.forex_id,
        closePrice: push.close_price,
        profit: push.profit,
        message: push.msg,
      },
    }),
  dismissTrailingClosed: () => set({ trailingClosed: null }),
  openOrder: (id, tab) => set({ orderToOpen: { id, tab, at: Date.now() } }),
  forgetOrderToOpen: () => set({ orderToOpen: null }),
  reset: () => set({ fill: null, announced: {}, trailingClosed: null, orderToOpen: null }),
}));
