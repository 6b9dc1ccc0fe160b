/**
 * Closing part of a position (`close_part`) and closing many at once (`close_all`), decided by the
 * engine (packages/engine/SPEC.md PC1–PC7) and committed like every other order command: one unit
 * of work per idempotency key, run on the book's owner (owner-calls.ts), answered after the
 * commit. A retry with the same key gets the first summary and closes nothing more.
 *
 * The trading service lends this module its book and its commit path (`ClosingPorts`), so these
 * commands share its single writer and rebuild-on-failure without growing it.
 */
import type { Account, CloseFilter, Order, Outcome, TradingBook } from '@omp/engine';
import type { CloseAllBody, CloseAllResult, ClosePartBody, ClosePartResult, OrderRow } from '@omp/protocol';
import { invalid } from '../domain/errors.ts';
import { lotsOf, type TradingUser } from '../inputs/trading-inputs.ts';
import { countCommand, type TradingCounts } from '../observability/metrics.ts';
import { money } from '../wire/trading-wire.ts';
import type { IdempotentRequest } from './idempotency.ts';
import type { OwnerCalls } from './owner-calls.ts';

/** An engine decision: its Outcome, or the rule it refused by (worded by `refusalOf`). */
export type Decision = { ok: true; outcome: Outcome } | { ok: false; rejection: string };

/** What the trading service lends: its book, account loading and commit path. */
export interface ClosingPorts {
  calls: OwnerCalls;
  counts?: TradingCounts | undefined;
  book: () => TradingBook;
  account: (user: TradingUser) => Promise<Account>;
  once: <T>(
    request: IdempotentRequest | undefined,
    work: (request: IdempotentRequest | undefined) => Promise<T>,
  ) => Promise<T>;
  commit: <T>(result: Decision, answer: (outcome: Outcome) => T, request?: IdempotentRequest) => Promise<T>;
  orderRow: (order: Order) => OrderRow;
  /** Refuses an id the book does not hold: 404 when not the user's, `finishedKey` when closed. */
  refuseMissing: (userId: number, id: number, finishedKey: string) => Promise<never>;
  now: () => number;
}

type Call<B> = { user: TradingUser; body: B; idempotent?: IdempotentRequest | undefined };

export class ClosingService {
  private readonly ports: ClosingPorts;
  private readonly onOwner: {
    closePart: (args: Call<ClosePartBody>) => Promise<ClosePartResult>;
    closeAll: (args: Call<CloseAllBody>) => Promise<CloseAllResult>;
  };

  constructor(ports: ClosingPorts) {
    this.ports = ports;
    this.onOwner = {
      closePart: ports.calls.define('trading.close_part', (a: Call<ClosePartBody>) =>
        countCommand(ports.counts, 'close', this.closePartHere(a)),
      ),
      closeAll: ports.calls.define('trading.close_all', (a: Call<CloseAllBody>) =>
        countCommand(ports.counts, 'close', this.closeAllHere(a)),
      ),
    };
  }

  /** Closes `cont` lots of a holding position; answers the position as it stays and the part. */
  closePart(
    user: TradingUser,
    body: ClosePartBody,
    idempotent?: IdempotentRequest,
  ): Promise<ClosePartResult> {
    return this.onOwner.closePart({ user, body, idempotent });
  }

  /** Closes every holding position the scope takes, in one decision; answers one summary. */
  closeAll(user: TradingUser, body: CloseAllBody, idempotent?: IdempotentRequest): Promise<CloseAllResult> {
    return this.onOwner.closeAll({ user, body, idempotent });
  }

  private closePartHere({ user, body, idempotent }: Call<ClosePartBody>): Promise<ClosePartResult> {
    const { ports } = this;
    return ports.once(idempotent, async (request) => {
      const lots = lotsOf(body.cont);
      await ports.account(user);
      const result = ports.book().closePart(user.id, body.id, lots, 'user', ports.now());
      if (!result.ok && result.rejection === 'order_not_found')
        await ports.refuseMissing(user.id, body.id, 'order.order_not_holding');
      return ports.commit(
        result.ok ? { ok: true, outcome: result.outcome } : result,
        () => {
          // Only reached when the engine accepted: `commit` throws the refusal otherwise.
          const { position, part } = result as Extract<typeof result, { ok: true }>;
          return { position: ports.orderRow(position), closed: ports.orderRow(part) };
        },
        request,
      );
    });
  }

  private closeAllHere({ user, body, idempotent }: Call<CloseAllBody>): Promise<CloseAllResult> {
    const { ports } = this;
    return ports.once(idempotent, async (request) => {
      const filter = filterOf(body);
      await ports.account(user);
      const result = ports.book().closeMany(user.id, filter, ports.now());
      if (!result.ok) return ports.commit(result, () => null as never, request);
      return ports.commit(
        { ok: true, outcome: result.outcome },
        () => ({
          closed: result.closed.map((order) => ports.orderRow(order)),
          skipped: result.skipped.map(({ orderId, reason }) => ({ id: orderId, reason })),
          total_profit: money(result.closed.reduce((sum, order) => sum + order.profitMicros, 0n)),
        }),
        request,
      );
    });
  }
}

function filterOf(body: CloseAllBody): CloseFilter {
  if (body.scope !== 'instrument') return { scope: body.scope };
  if (body.forex_id === undefined) throw invalid('order.close_scope_needs_instrument', { field: 'forex_id' });
  return { scope: 'instrument', instrumentId: body.forex_id };
}
