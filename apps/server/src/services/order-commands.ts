/**
 * The user's order commands (place, close, cancel, stops, pending moves, demo reset) and the staff's
 * close or cancel of a user's order, each defined once as an owner call (owner-calls.ts) so it runs
 * on the node that owns the book wherever it is called. Each is one unit of work: load the account,
 * decide with the engine and commit with no await in between (the book is the one source of
 * truth), then publish. A retry with the same idempotency key answers the stored row.
 *
 * The trading service lends this module its book and its commit path (`OrderCommandPorts`, the
 * same ports it lends closing-service.ts), so every command shares its single writer.
 */
import type { Account, CommandResult, Outcome } from '@omp/engine';
import type { AccountFigures, MovePendingBody, OrderRow, SetStopsBody, SubmitOrderBody } from '@omp/protocol';
import { notFound, refused } from '../domain/errors.ts';
import { lotsOf, pointsOf, trailingPointsOf, type TradingUser } from '../inputs/trading-inputs.ts';
import { countCommand } from '../observability/metrics.ts';
import type { PersistItem, TradingRepository } from '../repositories/trading-repository.ts';
import type { Tx } from '../repositories/unit-of-work.ts';
import type { ClosingPorts, Decision } from './closing-service.ts';
import type { IdempotentRequest } from './idempotency.ts';
import {
  pendingMoveAmendment,
  stopsAmendment,
  type Amendment,
  type LeverageRefusal,
} from './order-amendments.ts';

/** What the trading service lends: the closing ports, the figures and how to open an account. */
export interface OrderCommandPorts extends ClosingPorts {
  commit: <T>(
    result: Decision,
    answer: (outcome: Outcome) => T,
    request?: IdempotentRequest,
    extra?: PersistItem['extra'],
  ) => Promise<T>;
  repository: Pick<TradingRepository, 'createAccount'>;
  figures: (account: Account) => AccountFigures;
  demoBalanceMicros: () => bigint;
  /** The refusal of a leverage above the instrument's cap (leverage-caps.ts); undefined when allowed. */
  leverageRefusal: LeverageRefusal;
  /** On a cluster: checked in the transaction that opens an account (see TradingServiceOptions). */
  fence?: ((trx: Tx) => Promise<void>) | undefined;
}

type Call = { user: TradingUser; idempotent?: IdempotentRequest | undefined };

/** A staff action's audit row, given the order before and after, written in the same commit. */
export type StaffAudit = (trx: Tx, before: OrderRow, after: OrderRow) => Promise<void>;

export class OrderCommands {
  private readonly ports: OrderCommandPorts;
  // The book's own commands, run on the owner wherever they are called (owner-calls.ts).
  readonly onOwner;

  constructor(ports: OrderCommandPorts) {
    this.ports = ports;
    this.onOwner = this.defineOwnerCalls();
  }

  private defineOwnerCalls() {
    const { calls, counts } = this.ports;
    const book = () => this.ports.book();
    return {
      place: calls.define('trading.place', (a: Call & { body: SubmitOrderBody }) =>
        countCommand(counts, 'place', this.placeOnce(a.user, a.body, a.idempotent)),
      ),
      close: calls.define('trading.close', (a: Call & { id: number }) =>
        this.userOrderAction('close', a, 'order.order_not_holding', (now) =>
          book().closePosition(a.user.id, a.id, 'user', now),
        ),
      ),
      cancel: calls.define('trading.cancel', (a: Call & { id: number }) =>
        this.userOrderAction('cancel', a, 'order.order_not_pending', (now) =>
          book().cancelOrder(a.user.id, a.id, 'user', now),
        ),
      ),
      stops: calls.define('trading.stops', (a: Call & { body: SetStopsBody }) =>
        this.amendHere(a.user, a.body.id, 'order.order_not_holding', stopsAmendment(a.body), a.idempotent),
      ),
      movePending: calls.define('trading.move_pending', (a: Call & { body: MovePendingBody }) =>
        this.amendHere(
          a.user,
          a.body.id,
          'order.order_not_pending',
          pendingMoveAmendment(a.body, this.ports.leverageRefusal),
          a.idempotent,
        ),
      ),
      resetDemo: calls.define('trading.reset_demo', ({ user }: { user: TradingUser }) =>
        this.resetDemoHere(user),
      ),
      // Only the owner opens accounts, fenced, and an account open already stays as it is: calls of
      // two nodes for one new user may reach the owner at once.
      openAccount: calls.define('trading.open_account', async ({ user }: { user: TradingUser }) => {
        const opening = user.isDemo ? this.ports.demoBalanceMicros() : 0n;
        await this.ports.repository.createAccount(
          user.id,
          user.isDemo,
          opening,
          this.ports.now(),
          this.ports.fence,
        );
        return null;
      }),
    };
  }

  /**
   * Staff close a holding order or cancel a pending one (reason: back office, ClosedType 5). The
   * audit row, given the order before and after, is written in the same commit as the ledger.
   */
  actAsStaff(
    user: TradingUser,
    id: number,
    action: 'close' | 'cancel',
    audit: StaffAudit,
  ): Promise<OrderRow> {
    const close = action === 'close';
    // The book is read when deciding: a rebuild while the account loads replaces it.
    const book = () => this.ports.book();
    return this.actOnOrder(
      user,
      id,
      undefined,
      close ? 'order.order_not_holding' : 'order.order_not_pending',
      (now) =>
        close
          ? book().closePosition(user.id, id, 'back_office', now)
          : book().cancelOrder(user.id, id, 'back_office', now),
      audit,
    );
  }

  private placeOnce(
    user: TradingUser,
    body: SubmitOrderBody,
    idempotent?: IdempotentRequest,
  ): Promise<OrderRow> {
    const { ports } = this;
    return ports.once(idempotent, async (request) => {
      if (user.tradingFrozen) throw refused('user.trading_frozen');
      await ports.account(user);
      const book = ports.book();
      const spec = book.board.instrument(body.forex_id);
      if (!spec) throw notFound('instrument_not_found', { id: body.forex_id });
      const market = body.status === 1;
      const targetPoints = market ? 0 : pointsOf(body.target_price, 'target_price', spec);
      const leverage = body.multiple ?? spec.leverageOptions[0] ?? 0;
      // Named before the engine's "not offered": the user learns the highest leverage allowed.
      const aboveCap = ports.leverageRefusal(spec, leverage);
      if (aboveCap) throw aboveCap;
      const command = {
        instrumentId: spec.id,
        side: body.type === 1 ? ('buy' as const) : ('sell' as const),
        market,
        lots: lotsOf(body.cont),
        leverage,
        ...(targetPoints > 0 ? { targetPoints } : {}),
        stopLossPoints: pointsOf(body.stop_loss_price, 'stop_loss_price', spec),
        takeProfitPoints: pointsOf(body.target_profit_price, 'target_profit_price', spec),
        askedPoints: market ? pointsOf(body.price, 'price', spec) : 0,
        trailingPoints: trailingPointsOf(body.trailing_stop, spec) ?? 0,
      };
      const result = book.placeOrder(user.id, command, ports.now());
      return ports.commit(result, (outcome) => ports.orderRow(outcome.orders[0]!), request);
    });
  }

  /** A user's close or cancel of one of their orders, counted by its outcome. */
  private userOrderAction(
    kind: 'close' | 'cancel',
    { user, id, idempotent }: Call & { id: number },
    finishedKey: string,
    decide: (nowMs: number) => CommandResult,
  ): Promise<OrderRow> {
    return countCommand(this.ports.counts, kind, this.actOnOrder(user, id, idempotent, finishedKey, decide));
  }

  /** A change of one of the user's open orders (order-amendments.ts), committed like any command. */
  private amendHere(
    user: TradingUser,
    id: number,
    finishedKey: string,
    amend: Amendment,
    idempotent?: IdempotentRequest,
  ) {
    const { ports } = this;
    return ports.once(idempotent, async (request) => {
      const account = await ports.account(user);
      const order = account.orders.get(id);
      if (!order) return ports.refuseMissing(user.id, id, finishedKey);
      const book = ports.book();
      const result = amend(book, order, book.board.instrument(order.instrumentId)!, ports.now());
      return ports.commit(result, (outcome) => ports.orderRow(outcome.orders[0]!), request);
    });
  }

  private async resetDemoHere(user: TradingUser): Promise<AccountFigures> {
    if (!user.isDemo) throw refused('order.not_a_demo_account');
    const { ports } = this;
    const account = await ports.account(user);
    const result = ports.book().resetDemo(user.id, ports.demoBalanceMicros(), ports.now());
    await ports.commit(result, () => null);
    return ports.figures(account);
  }

  private actOnOrder(
    user: TradingUser,
    id: number,
    idempotent: IdempotentRequest | undefined,
    finishedKey: string,
    decide: (nowMs: number) => CommandResult,
    audit?: StaffAudit,
  ): Promise<OrderRow> {
    const { ports } = this;
    return ports.once(idempotent, async (request) => {
      const account = await ports.account(user);
      const held = account.orders.get(id);
      // Read before deciding: the decision changes the order in place.
      const before = audit && held ? ports.orderRow(held) : undefined;
      const result = decide(ports.now());
      if (!result.ok && result.rejection === 'order_not_found')
        await ports.refuseMissing(user.id, id, finishedKey);
      let after: OrderRow | undefined;
      return ports.commit(
        result,
        (outcome) => (after = ports.orderRow(outcome.orders.find((o) => o.id === id)!)),
        request,
        audit && before ? (trx) => audit(trx, before, after!) : undefined,
      );
    });
  }
}
