/**
 * Trading calls (docs/CONTRACT.md "Calls"): orders, positions, account figures,
 * the ledger and the demo reset. Every money-changing call takes an `Idempotency-Key` header (or
 * `client_order_id` on submit): a retry with the same key gets the first answer and changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountFiguresSchema,
  closeAllBodySchema,
  closeAllResultSchema,
  closePartBodySchema,
  closePartResultSchema,
  envelopeOf,
  movePendingBodySchema,
  ledgerPageSchema,
  myDealQuerySchema,
  myDealResultSchema,
  orderIdBodySchema,
  orderRowSchema,
  ResponseCode,
  pageQuerySchema,
  riskPreviewQuerySchema,
  riskPreviewSchema,
  setStopsBodySchema,
  submitOrderBodySchema,
} from '@omp/protocol';
import type { OrderRow } from '@omp/protocol';
import { DomainError } from '../domain/errors.ts';
import { idempotentRequestOf } from '../http/idempotency-key.ts';
import { inMemoryRateLimits, type RateLimits } from '../http/rate-limits.ts';
import { requireUser } from '../http/auth-plugin.ts';
import { ok } from '../http/envelope-plugin.ts';
import type { TradingQueries } from '../services/trading-queries.ts';
import type { IdempotentRequest } from '../services/idempotency.ts';
import type { TradingUser } from '../inputs/trading-inputs.ts';
import { money } from '../wire/trading-wire.ts';
import type { TradingService } from '../services/trading-service.ts';
import { SESSION_SECURITY } from '../http/session-guard.ts';

export interface TradingRouteDeps {
  trading: TradingService;
  /** Money held by the user's withdrawals under review (shown as withdraw_hold). */
  money?: { heldByWithdrawals(userId: number): Promise<bigint> };
  queries: TradingQueries;
  now: () => number;
  config: { orderRatePerSecond: number; orderBurst: number };
  /** Where the order buckets live: Redis on a cluster, so one user has one limit; else this process. */
  rateLimits?: RateLimits;
}

const tags = ['trading'];
const form = 'Form-encoded or JSON. Send an `Idempotency-Key` header to make a retry safe.';

const security = SESSION_SECURITY;

export async function tradingRoutes(app: FastifyInstance, deps: TradingRouteDeps) {
  const { trading, queries, now } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const orderCalls = (deps.rateLimits ?? inMemoryRateLimits(now)).limiter('orders', {
    ratePerSecond: deps.config.orderRatePerSecond,
    burst: deps.config.orderBurst,
  });
  /** One user's flood must not queue everybody else's orders behind it in the book's writer. */
  const throttle = async (userId: number) => {
    const waitMs = await orderCalls.take(String(userId));
    if (waitMs > 0) {
      throw new DomainError(ResponseCode.rateLimited, 'order_rate_limited', {
        seconds: Math.ceil(waitMs / 1000),
      });
    }
  };

  api.post(
    '/v1/api/forex/submit',
    {
      config: { idempotent: true },
      schema: {
        security,
        tags,
        summary: 'Place a market (status 1) or pending (status 0) order',
        description: `${form} Refusals name the rule: market closed, leverage, lot size, target, stale quote, stop side, free margin.`,
        body: submitOrderBodySchema,
        response: { 200: envelopeOf(orderRowSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await throttle(user.id);
      const { body } = request;
      const idempotent = idempotentRequestOf(request, user.id, 'submit', 'client_order_id');
      const row = await trading.placeOrder(user, body, idempotent);
      if (row.Status === 0) return ok(request, row, 'order.placed_pending');
      // What happened, as the trader reads it: "Bought 0.10 EUR/USD at 1.16459".
      return ok(request, row, row.OrderType === 1 ? 'order.bought' : 'order.sold', {
        lots: lotsText(row.Quantity),
        symbol: row.ForexTradeLists.ShowCode,
        price: row.OriginPrice.toFixed(row.ForexTradeLists.PricePrecision),
      });
    },
  );

  /** Close and cancel: one order id in, the order's final row out. */
  const orderAction = (
    url: string,
    summary: string,
    route: string,
    act: (user: TradingUser, id: number, idempotent?: IdempotentRequest) => Promise<OrderRow>,
    doneKey: string,
  ) =>
    api.post(
      url,
      {
        config: { idempotent: true },
        schema: {
          security,
          tags,
          summary,
          description: form,
          body: orderIdBodySchema,
          response: { 200: envelopeOf(orderRowSchema) },
        },
      },
      async (request) => {
        const user = await requireUser(request);
        await throttle(user.id);
        const row = await act(user, request.body.id, idempotentRequestOf(request, user.id, route));
        return ok(request, row, doneKey);
      },
    );
  orderAction(
    '/v1/api/forex/close',
    'Close a holding order at the market',
    'close',
    (user, id, idempotent) => trading.closeOrder(user, id, idempotent),
    'order.closed',
  );
  orderAction(
    '/v1/api/forex/cancel_trade',
    'Cancel a pending order',
    'cancel',
    (user, id, idempotent) => trading.cancelOrder(user, id, idempotent),
    'order.cancelled',
  );

  api.post(
    '/v1/api/forex/close_part',
    {
      config: { idempotent: true },
      schema: {
        security,
        tags,
        summary: 'Close part of a holding order at the market',
        description:
          `${form} \`cont\` lots close as a new closed order (SplitFromId = the position); the position ` +
          'keeps its id, stops and the rest, with margin and fee split in proportion. Refusals name the ' +
          'rule: lot step, minimum, not less than the position, remainder below the minimum, market closed.',
        body: closePartBodySchema,
        response: { 200: envelopeOf(closePartResultSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await throttle(user.id);
      const idempotent = idempotentRequestOf(request, user.id, 'close_part');
      const result = await trading.closing.closePart(user, request.body, idempotent);
      return ok(request, result, 'order.closed_part', {
        lots: lotsText(result.closed.Quantity),
        rest: lotsText(result.position.Quantity),
      });
    },
  );

  api.post(
    '/v1/api/forex/close_all',
    {
      config: { idempotent: true },
      schema: {
        security,
        tags,
        summary: 'Close all holding orders, those of one instrument, the winners or the losers',
        description:
          `${form} One decision: every position the scope takes closes at the market, except those ` +
          'whose market is closed or quote stale, which stay open and are listed in `skipped`. A retry ' +
          'with the same key answers the same summary and closes nothing more.',
        body: closeAllBodySchema,
        response: { 200: envelopeOf(closeAllResultSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await throttle(user.id);
      const idempotent = idempotentRequestOf(request, user.id, 'close_all');
      const summary = await trading.closing.closeAll(user, request.body, idempotent);
      return ok(request, summary, 'order.closed_many', { count: summary.closed.length });
    },
  );

  api.post(
    '/v1/api/forex/set_stop_price',
    {
      config: { idempotent: true },
      schema: {
        security,
        tags,
        summary: 'Set take profit and stop loss of a holding or pending order',
        description: `${form} A field left out keeps its value; 0 removes it.`,
        body: setStopsBodySchema,
        response: { 200: envelopeOf(orderRowSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await throttle(user.id);
      const idempotent = idempotentRequestOf(request, user.id, 'set_stop_price');
      return ok(request, await trading.setStops(user, request.body, idempotent), 'order.stops_updated');
    },
  );

  api.post(
    '/v1/api/forex/update_pending',
    {
      config: { idempotent: true },
      schema: {
        security,
        tags,
        summary: "Move a pending order's target price",
        description:
          `${form} The order is judged as a new pending order at the new price: refused at the ` +
          'market price, outside market hours, while trading is halted, or when its stop loss or ' +
          'take profit would be on the wrong side of the new price. Its kind follows the new ' +
          'price (a buy limit moved above the ask becomes a buy stop).',
        body: movePendingBodySchema,
        response: { 200: envelopeOf(orderRowSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await throttle(user.id);
      const idempotent = idempotentRequestOf(request, user.id, 'update_pending');
      return ok(request, await trading.movePending(user, request.body, idempotent), 'order.pending_moved');
    },
  );

  api.get(
    '/v1/api/forex/my_deal',
    {
      schema: {
        security,
        tags,
        summary: 'The user’s orders: status 0 pending, 1 holding, 3 history (closed and cancelled)',
        querystring: myDealQuerySchema,
        response: { 200: envelopeOf(myDealResultSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { status, page, page_size } = request.query;
      return ok(request, await queries.myDeal(user, status as 0 | 1 | 3, page, page_size));
    },
  );

  api.get(
    '/v1/api/forex/risk_preview',
    {
      schema: {
        security,
        tags,
        summary: 'Before sending: where the stop-out and margin call would come, and the stop loss’s cost',
        description:
          'The account with this market order filled now, every other price held (a preview: nothing changes). ' +
          'Refusals name the rule: unknown instrument, stale quote, leverage not offered, lots.',
        querystring: riskPreviewQuerySchema,
        response: { 200: envelopeOf(riskPreviewSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, await trading.riskPreview(user, request.query));
    },
  );

  const figuresRoute = (url: string, summary: string) =>
    api.get(
      url,
      {
        schema: {
          security,
          tags,
          summary,
          response: { 200: envelopeOf(accountFiguresSchema) },
        },
      },
      async (request) => {
        const user = await requireUser(request);
        const figures = await trading.accountFigures(user);
        const held = (await deps.money?.heldByWithdrawals(user.id)) ?? 0n;
        return ok(request, { ...figures, withdraw_hold: money(held) });
      },
    );
  figuresRoute(
    '/v1/api/main/account/forexDetail',
    'Account figures: balance, used margin, equity, free margin, margin level',
  );
  figuresRoute('/v1/api/main/wallet/getBalance', 'The balance and the other account figures');

  api.get(
    '/v1/api/main/accountLog/forexChange',
    {
      schema: {
        security,
        tags,
        summary: 'The ledger, newest first: every change of the balance with its reason',
        querystring: pageQuerySchema,
        response: { 200: envelopeOf(ledgerPageSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await trading.account(user);
      const { page, page_size } = request.query;
      return ok(request, await queries.ledger(user.id, request.lang, page, page_size));
    },
  );

  api.get(
    '/v1/api/main/user/resetForexDemoAccount',
    {
      schema: {
        security,
        tags,
        summary: 'Demo accounts: close and cancel everything and restore the demo balance',
        response: { 200: envelopeOf(accountFiguresSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, await trading.resetDemo(user), 'demo_reset_ok');
    },
  );
}

/** Lots as traders write them: at least two decimals (0.10), more when the size has them (0.015). */
function lotsText(lots: number): string {
  const decimals = String(lots).split('.')[1]?.length ?? 0;
  return lots.toFixed(Math.min(Math.max(2, decimals), 8));
}
