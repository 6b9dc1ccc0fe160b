/**
 * Trading calls of product-spec section 7 (Forex and account): orders, positions, account figures,
 * the ledger and the demo reset. Every money-changing call takes an `Idempotency-Key` header (or
 * `client_order_id` on submit): a retry with the same key gets the first answer and changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountFiguresSchema,
  envelopeOf,
  ledgerPageSchema,
  myDealQuerySchema,
  myDealResultSchema,
  orderIdBodySchema,
  orderRowSchema,
  ResponseCode,
  pageQuerySchema,
  setStopsBodySchema,
  submitOrderBodySchema,
} from '@omp/protocol';
import type { CommandResult } from '@omp/engine';
import { AppError, notFound, refused } from '../http/app-error.ts';
import { idempotentRequestOf } from '../http/idempotency-key.ts';
import { TokenBuckets } from '../http/token-buckets.ts';
import { requireUser } from '../http/auth-plugin.ts';
import { ok } from '../http/envelope-plugin.ts';
import type { TradingQueries } from '../services/trading-queries.ts';
import { lotsOf, pointsOf } from '../services/trading-inputs.ts';
import { money } from '../services/trading-wire.ts';
import type { TradingService } from '../services/trading-service.ts';

export interface TradingRouteDeps {
  trading: TradingService;
  /** Money held by the user's withdrawals under review (shown as withdraw_hold). */
  moneyRepository?: { heldByWithdrawals(userId: number): Promise<bigint> };
  queries: TradingQueries;
  now: () => number;
  config: { orderRatePerSecond: number; orderBurst: number };
}

const tags = ['trading'];
const form = 'Form-encoded or JSON. Send an `Idempotency-Key` header to make a retry safe.';

export async function tradingRoutes(app: FastifyInstance, deps: TradingRouteDeps) {
  const { trading, queries, now } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const orderCalls = new TokenBuckets<number>({
    ratePerSecond: deps.config.orderRatePerSecond,
    burst: deps.config.orderBurst,
    now,
  });
  /** One user's flood must not queue everybody else's orders behind it in the book's writer. */
  const throttle = (userId: number) => {
    const waitMs = orderCalls.take(userId);
    if (waitMs > 0) {
      throw new AppError(ResponseCode.rateLimited, 'order_rate_limited', {
        seconds: Math.ceil(waitMs / 1000),
      });
    }
  };

  api.post(
    '/v1/api/forex/submit',
    {
      schema: {
        tags,
        summary: 'Place a market (status 1) or pending (status 0) order',
        description: `${form} Refusals name the rule: market closed, leverage, lot size, target, stale quote, stop side, free margin.`,
        body: submitOrderBodySchema,
        response: { 200: envelopeOf(orderRowSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      throttle(user.id);
      const body = request.body;
      const idempotent = idempotentRequestOf(request, user.id, 'submit', body.client_order_id);
      const row = await trading.once(idempotent, async (idempotent) => {
        await trading.account(user);
        const spec = trading.board.instrument(body.forex_id);
        if (!spec) throw notFound('instrument_not_found', { id: body.forex_id });
        const market = body.status === 1;
        const targetPoints = market ? 0 : pointsOf(body.target_price, 'target_price', spec);
        const command = {
          instrumentId: spec.id,
          side: body.type === 1 ? ('buy' as const) : ('sell' as const),
          market,
          lots: lotsOf(body.cont),
          leverage: body.multiple ?? spec.leverageOptions[0] ?? 0,
          ...(targetPoints > 0 ? { targetPoints } : {}),
          stopLossPoints: pointsOf(body.stop_loss_price, 'stop_loss_price', spec),
          takeProfitPoints: pointsOf(body.target_profit_price, 'target_profit_price', spec),
        };
        // Decide and commit without an await in between: the book is the one source of truth.
        const result = trading.engine.placeOrder(user.id, command, now());
        return trading.commit(result, (outcome) => trading.orderRow(outcome.orders[0]!), { idempotent });
      });
      return ok(request, row, row.Status === 0 ? 'order.placed_pending' : 'order.placed');
    },
  );

  /** Close and cancel: one order id in, the order's final row out. */
  const orderAction = (
    url: string,
    summary: string,
    route: string,
    decide: (userId: number, id: number) => CommandResult,
    finishedKey: string,
    doneKey: string,
  ) =>
    api.post(
      url,
      {
        schema: {
          tags,
          summary,
          description: form,
          body: orderIdBodySchema,
          response: { 200: envelopeOf(orderRowSchema) },
        },
      },
      async (request) => {
        const user = await requireUser(request);
        throttle(user.id);
        const { id } = request.body;
        const idempotent = idempotentRequestOf(request, user.id, route);
        const row = await trading.once(idempotent, async (idempotent) => {
          await trading.account(user);
          const result = decide(user.id, id);
          if (!result.ok && result.rejection === 'order_not_found')
            await refuseMissing(user.id, id, finishedKey);
          return trading.commit(
            result,
            (outcome) => trading.orderRow(outcome.orders.find((o) => o.id === id)!),
            { idempotent },
          );
        });
        return ok(request, row, doneKey);
      },
    );
  orderAction(
    '/v1/api/forex/close',
    'Close a holding order at the market',
    'close',
    (userId, id) => trading.engine.closePosition(userId, id, 'user', now()),
    'order.order_not_holding',
    'order.closed',
  );
  orderAction(
    '/v1/api/forex/cancel_trade',
    'Cancel a pending order',
    'cancel',
    (userId, id) => trading.engine.cancelOrder(userId, id, 'user', now()),
    'order.order_not_pending',
    'order.cancelled',
  );

  api.post(
    '/v1/api/forex/set_stop_price',
    {
      schema: {
        tags,
        summary: 'Set take profit and stop loss of a holding or pending order',
        description: `${form} A field left out keeps its value; 0 removes it.`,
        body: setStopsBodySchema,
        response: { 200: envelopeOf(orderRowSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      throttle(user.id);
      const body = request.body;
      const row = await trading.once(
        idempotentRequestOf(request, user.id, 'set_stop_price'),
        async (idempotent) => {
          const account = await trading.account(user);
          const order = account.orders.get(body.id);
          if (!order) await refuseMissing(user.id, body.id, 'order.order_not_holding');
          const spec = trading.board.instrument(order!.instrumentId)!;
          const stops = {
            stopLossPoints:
              body.stop_loss_price === undefined
                ? order!.stopLossPoints
                : pointsOf(body.stop_loss_price, 'stop_loss_price', spec),
            takeProfitPoints:
              body.target_profit_price === undefined
                ? order!.takeProfitPoints
                : pointsOf(body.target_profit_price, 'target_profit_price', spec),
          };
          const result = trading.engine.setStops(user.id, body.id, stops, now());
          return trading.commit(result, (outcome) => trading.orderRow(outcome.orders[0]!), { idempotent });
        },
      );
      return ok(request, row, 'order.stops_updated');
    },
  );

  /** An id the book does not hold: someone else's or unknown (404), or this user's but finished. */
  async function refuseMissing(userId: number, id: number, finishedKey: string): Promise<never> {
    if (await queries.ownsOrder(userId, id)) throw refused(finishedKey);
    throw notFound('order.order_not_found');
  }

  api.get(
    '/v1/api/forex/my_deal',
    {
      schema: {
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

  const figuresRoute = (url: string, summary: string) =>
    api.get(
      url,
      { schema: { tags, summary, response: { 200: envelopeOf(accountFiguresSchema) } } },
      async (request) => {
        const user = await requireUser(request);
        const figures = trading.figures(await trading.account(user));
        const held = (await deps.moneyRepository?.heldByWithdrawals(user.id)) ?? 0n;
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
        tags,
        summary: 'Demo accounts: close and cancel everything and restore the demo balance',
        response: { 200: envelopeOf(accountFiguresSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      if (!user.isDemo) throw refused('order.not_a_demo_account');
      const account = await trading.account(user);
      const result = trading.engine.resetDemo(user.id, trading.demoBalance, now());
      await trading.commit(result, () => null);
      return ok(request, trading.figures(account), 'demo_reset_ok');
    },
  );
}
