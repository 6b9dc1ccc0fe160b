/**
 * What becomes a notification, and where: the product's own announcements of what happened, turned
 * into notices for the centre (notification-centre.ts) on the node that decided them, so each is
 * created once in a cluster.
 *
 * - Trading outcomes, after their commit, on the book's owner: a pending order a tick filled, a
 *   position closed by its stop loss, take profit or trailing stop, a margin call, a stop-out (one
 *   notice for the whole stop-out, not one per closed position). A market order the user placed is
 *   not announced: they are looking at its answer.
 * - Staff decisions on deposits, withdrawals and identity, from the node that decided them (its
 *   own publish of `money_decided` / `identity_decided`, events/published-here.ts).
 */
import { divRound, formatPoints, type Order, type Outcome, type InstrumentSpec } from '@omp/engine';
import type { NotificationKind } from '@omp/protocol';
import type { StaffDecision } from '../events/event-bus.ts';
import { usdText } from '../wire/decimal-text.ts';
import { storedMarginEventId } from '../repositories/margin-event-repository.ts';
import type { NewNotice } from './notification-centre.ts';

export interface NotificationTriggerOptions {
  notify: (userId: number, notice: NewNotice) => Promise<unknown>;
  /** Many at once: the notices of one committed batch of outcomes, stored together. */
  notifyMany: (notices: Array<{ userId: number; notice: NewNotice }>) => Promise<unknown>;
  instrument: (id: number) => InstrumentSpec | undefined;
  /** Amounts of money records, micro-dollars (the notice names the amount decided). */
  depositAmount: (id: number) => Promise<bigint | undefined>;
  withdrawalAmount: (id: number) => Promise<bigint | undefined>;
  logError: (error: unknown, message: string) => void;
}

const CLOSE_KINDS: Partial<Record<NonNullable<Order['closeReason']>, NotificationKind>> = {
  stop_loss: 'stop_loss',
  take_profit: 'take_profit',
  trailing_stop: 'trailing_stop',
};

const percentText = (equity: bigint, usedMargin: bigint) =>
  usedMargin > 0n ? (Number(divRound(equity * 10_000n, usedMargin)) / 100).toFixed(2) : '0';

export class NotificationTriggers {
  private readonly options: NotificationTriggerOptions;

  constructor(options: NotificationTriggerOptions) {
    this.options = options;
  }

  /** Committed trading outcomes; `atMs` and `fromTick` say whether a tick fired them and when. */
  onOutcomes(outcomes: readonly Outcome[], fromTick: boolean, atMs: number): void {
    const notices = [];
    for (const outcome of outcomes)
      for (const notice of this.noticesOf(outcome, fromTick, atMs))
        notices.push({ userId: outcome.accountId, notice });
    if (notices.length === 0) return;
    if (notices.length === 1) return this.send(notices[0]!.userId, notices[0]!.notice);
    this.options
      .notifyMany(notices)
      .catch((error: unknown) =>
        this.options.logError(error, `storing ${notices.length} trading notifications failed`),
      );
  }

  private noticesOf(outcome: Outcome, fromTick: boolean, atMs: number): NewNotice[] {
    const notices: NewNotice[] = [];
    for (const order of outcome.orders) {
      const spec = this.options.instrument(order.instrumentId);
      const code = spec?.showCode ?? String(order.instrumentId);
      const price = (points: number) => (spec ? formatPoints(points, spec.pricePrecision) : String(points));
      const filledNow = order.kind !== 'market' && order.openedAtMs === atMs && order.openPoints > 0;
      if (fromTick && order.state === 'holding' && filledNow)
        notices.push({
          kind: 'order_filled',
          textKey: 'order_filled',
          params: { code, id: order.id, price: price(order.openPoints) },
          link: '/order',
        });
      const closeKind =
        order.state === 'closed' && order.closeReason ? CLOSE_KINDS[order.closeReason] : undefined;
      if (closeKind)
        notices.push({
          kind: closeKind,
          textKey: closeKind,
          params: {
            code,
            id: order.id,
            price: price(order.closePoints),
            profit: usdText(order.profitMicros),
          },
          link: '/order',
        });
    }
    for (const event of outcome.events) {
      if (event.type === 'margin_call') {
        const reportId = storedMarginEventId(event);
        notices.push({
          kind: 'margin_call',
          textKey: 'margin_call',
          params: {
            level: percentText(event.equityMicros, event.usedMarginMicros),
            stop_out: event.levels.stopOutLevel,
          },
          link: reportId !== undefined ? `/stop-out?id=${reportId}` : '/order',
        });
      } else if (event.type === 'stop_out') {
        const reportId = storedMarginEventId(event);
        notices.push({
          kind: 'stop_out',
          textKey: 'stop_out',
          params: {
            count: event.closedOrderIds.length,
            level: percentText(event.before.equityMicros, event.before.usedMarginMicros),
          },
          link: reportId !== undefined ? `/stop-out?id=${reportId}` : '/order',
        });
      }
    }
    return notices;
  }

  /** A staff decision on money or identity, heard on the node that made it. */
  onDecision(decision: StaffDecision): void {
    void this.decisionNotice(decision)
      .then((notice) => notice && this.send(decision.userId, notice))
      .catch((error: unknown) =>
        this.options.logError(error, `no notification for ${decision.action} ${decision.targetId}`),
      );
  }

  private async decisionNotice({ action, targetId }: StaffDecision): Promise<NewNotice | undefined> {
    const [subject, verb] = action.split('.') as [string, string];
    const outcome =
      verb === 'approve' ? 'approved' : verb === 'reject' || verb === 'invalidate' ? 'rejected' : undefined;
    if (!outcome) return undefined;
    if (subject === 'deposit' || subject === 'withdrawal') {
      const amount =
        subject === 'deposit'
          ? await this.options.depositAmount(targetId)
          : await this.options.withdrawalAmount(targetId);
      return {
        kind: subject === 'deposit' ? 'deposit_decided' : 'withdrawal_decided',
        textKey: `${subject}_${outcome}`,
        params: { id: targetId, amount: amount === undefined ? '' : usdText(amount) },
        link: '/mine/history',
      };
    }
    if (subject === 'identity')
      return { kind: 'identity_decided', textKey: `identity_${outcome}`, params: {}, link: '/mine/auth' };
    return undefined;
  }

  private send(userId: number, notice: NewNotice): void {
    this.options
      .notify(userId, notice)
      .catch((error: unknown) =>
        this.options.logError(error, `storing a ${notice.kind} notification failed`),
      );
  }
}
