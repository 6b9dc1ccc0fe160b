/**
 * Collects what one decision changes for one account: the newest record of each order it touched,
 * the ledger postings in the order they happened (each moves the balance and records the balance
 * after it, so balance = Σ ledger by construction), and the events to publish.
 */
import type { Account, LedgerKindOfTrading, Order, Outcome, Posting, TradeEvent } from './trading-types.ts';

export class OutcomeBuilder {
  readonly account: Account;
  private readonly orders = new Map<number, Order>();
  private readonly postings: Posting[] = [];
  private readonly events: TradeEvent[] = [];
  /** The margin-call warning flag as the decision found it, to tell whether it changed. */
  private readonly warnedBefore: boolean;

  constructor(account: Account) {
    this.account = account;
    this.warnedBefore = account.marginCallWarned;
  }

  order(order: Order): void {
    this.orders.set(order.id, order);
  }

  /** [L1] Moves the balance by `amountMicros` and records the row with the balance after it. */
  post(kind: LedgerKindOfTrading, amountMicros: bigint, refId: number, atMs: number): void {
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
    this.events.push(event);
  }

  build(): Outcome {
    const orders = [...this.orders.values()];
    return {
      accountId: this.account.id,
      orders,
      postings: [...this.postings],
      balanceMicros: this.account.balanceMicros,
      events: [...orders.map((order) => ({ type: 'order_changed' as const, order })), ...this.events],
      ...(this.account.marginCallWarned !== this.warnedBefore
        ? { marginCallWarned: this.account.marginCallWarned }
        : {}),
    };
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
