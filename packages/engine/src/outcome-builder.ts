/**
 * Collects what one decision changes for one account: the newest record of each order it touched,
 * the ledger postings in the order they happened (each moves the balance and records the balance
 * after it, so balance = Σ ledger by construction), and the events to publish.
 *
 * A tick that fires a thousand stops builds a thousand of these, so the builder allocates little:
 * orders are kept in an array found by a scan (a decision touches one or two; a map is made only
 * when one touches many, as a stop-out of a large account does), and `build` hands over its arrays
 * instead of copying them. It is built once: nothing may be added after `build`.
 */
import type { Account, LedgerKindOfTrading, Order, Outcome, Posting, TradeEvent } from './trading-types.ts';

/** Orders found by a scan up to this many; past it, by a map of their places. */
const SCANNED_ORDERS = 8;

export class OutcomeBuilder {
  readonly account: Account;
  /** The newest record of each order touched, in the order each was first touched. */
  private readonly orders: Order[] = [];
  /** Each order's place in `orders`, once there are more than SCANNED_ORDERS. */
  private placeOf: Map<number, number> | undefined;
  private readonly postings: Posting[] = [];
  private readonly events: TradeEvent[] = [];
  /** The margin-call warning flag as the decision found it, to tell whether it changed. */
  private readonly warnedBefore: boolean;
  private built = false;

  constructor(account: Account) {
    this.account = account;
    this.warnedBefore = account.marginCallWarned;
  }

  order(order: Order): void {
    this.assertOpen();
    const { orders } = this;
    const at = this.indexOf(order.id);
    if (at >= 0) {
      orders[at] = order;
      return;
    }
    orders.push(order);
    if (this.placeOf) this.placeOf.set(order.id, orders.length - 1);
    else if (orders.length > SCANNED_ORDERS) this.placeOf = new Map(orders.map((o, i) => [o.id, i]));
  }

  /** [L1] Moves the balance by `amountMicros` and records the row with the balance after it. */
  post(kind: LedgerKindOfTrading, amountMicros: bigint, refId: number, atMs: number): void {
    this.assertOpen();
    this.account.balanceMicros += amountMicros;
    this.postings.push({
      accountId: this.account.id,
      kind,
      amountMicros,
      balanceAfterMicros: this.account.balanceMicros,
      refId,
      atMs,
    });
  }

  event(event: TradeEvent): void {
    this.assertOpen();
    this.events.push(event);
  }

  build(): Outcome {
    this.assertOpen();
    this.built = true;
    const { orders, account } = this;
    const events: TradeEvent[] = [];
    for (const order of orders) events.push({ type: 'order_changed', order });
    for (const event of this.events) events.push(event);
    const outcome: Outcome = {
      accountId: account.id,
      orders,
      postings: this.postings,
      balanceMicros: account.balanceMicros,
      events,
    };
    if (account.marginCallWarned !== this.warnedBefore) outcome.marginCallWarned = account.marginCallWarned;
    return outcome;
  }

  private indexOf(orderId: number): number {
    if (this.placeOf) return this.placeOf.get(orderId) ?? -1;
    const { orders } = this;
    for (let at = 0; at < orders.length; at++) if (orders[at]!.id === orderId) return at;
    return -1;
  }

  private assertOpen(): void {
    if (this.built) throw new Error('an outcome was added to after it was built');
  }
}

/**
 * Whether an outcome changes anything to store or tell: a guard crossed where the account stood
 * well is re-checked and decides nothing, and such an outcome is not worth a transaction.
 */
export function changesAnything(outcome: Outcome): boolean {
  return (
    outcome.orders.length > 0 ||
    outcome.postings.length > 0 ||
    outcome.events.length > 0 ||
    outcome.marginCallWarned !== undefined
  );
}
