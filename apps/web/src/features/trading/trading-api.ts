/**
 * The trading calls (docs/CONTRACT.md "Calls") and their queries. Keys carry the session token, so
 * one user's orders never show for the next user on the same phone. Every call that changes
 * money sends an Idempotency-Key (idempotency.ts) and blocks the screen with the spinner until
 * the server answers, so a second tap cannot race the first.
 */
import { useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import {
  IDEMPOTENCY_HEADER,
  type AccountFigures,
  type CloseAllResult,
  type ClosePartResult,
  type CloseScope,
  type LedgerRow,
  type MyDealResult,
  type OrderRow,
  type SubmitOrderBody,
} from '@omp/protocol';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useSession } from '../session/session-store.ts';
import { IdempotencyKeys } from '../../lib/idempotency.ts';

/** Rows per page of the order lists and the ledger. */
export const PAGE_SIZE = 20;

/** The order tabs of /order, with the status each one asks my_deal for. */
export const DealTab = { holding: 1, pending: 0, history: 3 } as const;
export type DealStatus = (typeof DealTab)[keyof typeof DealTab];

export interface LedgerPage {
  list: LedgerRow[];
  total: number;
  page: number;
}

export const tradingKeys = {
  all: ['trading'] as const,
  figures: (token: string) => ['trading', 'figures', token] as const,
  dealsAll: ['trading', 'deals'] as const,
  deals: (token: string, status: DealStatus) => ['trading', 'deals', token, status] as const,
  ledger: (token: string) => ['trading', 'ledger', token] as const,
};

/** Everything the trading screens show may have changed: fetch what is on screen again. */
export function refreshTrading(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: tradingKeys.all });
}

/** The next page to ask for, or undefined when every row is loaded. */
export function nextPageOf(last: { page: number; total: number }, loaded: number): number | undefined {
  return loaded < last.total ? last.page + 1 : undefined;
}

export function useAccountFigures() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: tradingKeys.figures(token),
    // Quiet: the figures refresh in the background and are pushed live; a toast on every hiccup
    // would only alarm. A dead session (999) still signs out.
    queryFn: ({ signal }) =>
      api.get<AccountFigures>('/v1/api/main/account/forexDetail', { signal, showErrorMessage: false }),
    enabled: token !== '',
    staleTime: 5_000,
  });
}

export function useDeals(status: DealStatus, enabled = true) {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: tradingKeys.deals(token, status),
    queryFn: ({ pageParam, signal }) =>
      api.get<MyDealResult>('/v1/api/forex/my_deal', {
        params: { status, page: pageParam, page_size: PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      nextPageOf(
        last,
        loadedRows(pages, (page) => page.data.length),
      ),
    enabled: enabled && token !== '',
    staleTime: 5_000,
  });
}

export function useLedger() {
  const token = useSession((s) => s.token);
  return useListPages<LedgerPage>(
    tradingKeys.ledger(token),
    '/v1/api/main/accountLog/forexChange',
    token !== '',
  );
}

/** The pages of a `{list, total, page}` call, PAGE_SIZE rows each, the next one while rows remain. */
export function useListPages<P extends { list: readonly unknown[]; total: number; page: number }>(
  queryKey: readonly unknown[],
  path: string,
  enabled: boolean,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api.get<P>(path, { params: { page: pageParam, page_size: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      nextPageOf(
        last,
        loadedRows(pages, (page) => page.list.length),
      ),
    enabled,
  });
}

function loadedRows<P>(pages: readonly P[], count: (page: P) => number): number {
  return pages.reduce((sum, page) => sum + count(page), 0);
}

export type DealPages = InfiniteData<MyDealResult, number>;

/** The body of /v1/api/forex/submit (decimals as text, exactly as typed or stepped). */
export type { SubmitOrderBody };

const keys = new IdempotencyKeys();

/**
 * A money-changing POST: one key per distinct request, spinner, the server's message on success.
 * Refused unsent while the app is offline (orders, closes, cancels and stops alike).
 */
function post<T>(path: string, body: Record<string, unknown>): Promise<T> {
  return keys.send(`${path} ${JSON.stringify(body)}`, (key) =>
    api.post<T>(path, body, {
      headers: { [IDEMPOTENCY_HEADER]: key },
      loading: true,
      successToast: true,
      requireOnline: true,
    }),
  );
}

async function thenRefresh<T>(call: Promise<T>): Promise<T> {
  const result = await call;
  void refreshTrading();
  return result;
}

export const submitOrder = (body: SubmitOrderBody) =>
  thenRefresh(post<OrderRow>('/v1/api/forex/submit', { ...body }));

export const closeOrder = (id: number) => thenRefresh(post<OrderRow>('/v1/api/forex/close', { id }));

/** Closes `cont` lots (decimal text on the lot grid) of a holding position; the rest stays open. */
export const closePartOrder = (id: number, cont: string) =>
  thenRefresh(post<ClosePartResult>('/v1/api/forex/close_part', { id, cont }));

/** Closes every position of a scope in one request; the answer is one summary. */
export const closeAllOrders = (scope: CloseScope, forexId?: number) =>
  thenRefresh(
    post<CloseAllResult>('/v1/api/forex/close_all', {
      scope,
      ...(forexId === undefined ? {} : { forex_id: forexId }),
    }),
  );

export const cancelOrder = (id: number) => thenRefresh(post<OrderRow>('/v1/api/forex/cancel_trade', { id }));

/**
 * Take profit, stop loss and the trailing distance in pips; '0' removes each. A trailing distance
 * left out keeps the order's (a dragged chart line changes a price, not the trailing).
 */
export const setStops = (id: number, takeProfit: string, stopLoss: string, trailingPips?: string) =>
  thenRefresh(
    post<OrderRow>('/v1/api/forex/set_stop_price', {
      id,
      target_profit_price: takeProfit,
      stop_loss_price: stopLoss,
      ...(trailingPips === undefined ? {} : { trailing_stop: trailingPips }),
    }),
  );

/** A pending order's new target price, as text at the instrument's precision. */
export const movePending = (id: number, targetPrice: string) =>
  thenRefresh(post<OrderRow>('/v1/api/forex/update_pending', { id, target_price: targetPrice }));

/** Demo accounts: everything closed or cancelled, the demo balance restored. */
export const resetDemoAccount = () =>
  thenRefresh(
    api.get<AccountFigures>('/v1/api/main/user/resetForexDemoAccount', { loading: true, successToast: true }),
  );
