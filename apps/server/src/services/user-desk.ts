/**
 * The back office's desk for one trader: find them, see their account as the engine holds it, and
 * act on it: a balance adjustment (its own ledger row), or closing a position or cancelling an
 * order as staff (reason: back office). Each action is one commit with its audit row, and the
 * phone hears of it through the same events as any trade.
 */
import { parseMicros } from '@omp/engine';
import type {
  Language,
  OrderRow,
  WireInvitee,
  WireUserDetail,
  WireUserSession,
  WireUserSummary,
} from '@omp/protocol';
import { notFound, refused } from '../domain/errors.ts';
import { writeAudit } from '../repositories/audit-repository.ts';
import { accessOf } from '../repositories/user-access-repository.ts';
import type {
  UserDirectoryRepository,
  UserRow,
  UserSearch,
} from '../repositories/user-directory-repository.ts';
import type { Db } from '../repositories/unit-of-work.ts';
import { timeText } from '../wire/trading-wire.ts';
import { scaledText, usdText } from '../wire/decimal-text.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { TradingQueries } from './trading-queries.ts';
import type { TradingService } from './trading-service.ts';
import { OwnerCalls } from './owner-calls.ts';
import type { IdempotentRequest } from './idempotency.ts';

export interface UserDeskOptions {
  db: Db;
  directory: UserDirectoryRepository;
  trading: TradingService;
  queries: TradingQueries;
  /** Where a balance change is announced once committed (`money_decided`): the phone shows it. */
  events: Pick<EventBus, 'publish'>;
  now: () => number;
  /** Where balance changes and staff closes run: on the book's owner (owner-calls.ts). */
  calls?: OwnerCalls;
}

interface Adjustment {
  staffId: number;
  id: number;
  amount: string;
  reason: string;
  kind: 'adjustment' | 'bonus';
  /** The call's Idempotency-Key, kept under the credited user (services/idempotency.ts). */
  idempotent?: IdempotentRequest | undefined;
}

interface StaffOrderAction {
  staffId: number;
  id: number;
  orderId: number;
  action: 'close' | 'cancel';
  reason: string;
}

const usd = usdText;
/** Sign-ins shown on a user's page: enough to see a pattern, bounded for a user who logs in a lot. */
const SESSIONS_SHOWN = 50;

function toSummary(row: UserRow): WireUserSummary {
  return {
    id: row.id,
    uid: row.uid,
    email: row.email,
    mobile: row.mobile,
    is_demo: row.isDemo ? 1 : 0,
    disabled: row.disabled ? 1 : 0,
    trading_frozen: row.tradingFrozen ? 1 : 0,
    withdrawals_frozen: row.withdrawalsFrozen ? 1 : 0,
    identity_status: row.identityStatus,
    balance_usd: usd(row.balanceMicros),
    created_at: timeText(row.createdAtMs),
  };
}

export class UserDesk {
  private readonly o: UserDeskOptions;
  private readonly adjustOnOwner: (adjustment: Adjustment) => Promise<WireUserDetail>;
  private readonly actOnOwner: (action: StaffOrderAction) => Promise<OrderRow>;

  constructor(options: UserDeskOptions) {
    this.o = options;
    const calls = options.calls ?? new OwnerCalls();
    this.adjustOnOwner = calls.define('staff.adjust_balance', (a: Adjustment) => this.adjustHere(a));
    this.actOnOwner = calls.define('staff.act_on_order', (a: StaffOrderAction) => this.actHere(a));
  }

  async page(search: UserSearch, page: number, pageSize: number) {
    const { rows, total } = await this.o.directory.page(search, (page - 1) * pageSize, pageSize);
    return { list: rows.map(toSummary), total, page };
  }

  async detail(id: number): Promise<WireUserDetail> {
    const row = await this.user(id);
    const figures = await this.o.trading.exactFigures({ id, isDemo: row.isDemo });
    const access = await accessOf(this.o.db, id, this.o.now());
    return {
      ...toSummary(row),
      balance_usd: usd(figures.balanceMicros),
      live_sessions: access?.live_sessions ?? 0,
      two_factor: access?.two_factor ?? 0,
      invite_code: row.inviteCode,
      invited_by: row.invitedBy,
      demo_of: row.demoOf,
      demo_account: row.demoAccountId,
      figures: {
        balance_usd: usd(figures.balanceMicros),
        equity_usd: usd(figures.equityMicros),
        used_margin_usd: usd(figures.usedMarginMicros),
        free_margin_usd: usd(figures.freeMarginMicros),
        floating_pl_usd: usd(figures.floatingMicros),
        margin_level_pct:
          figures.marginLevelBasisPoints === null ? '' : scaledText(figures.marginLevelBasisPoints, 2),
      },
    };
  }

  /** The user's sign-ins (one session each), newest first: where from, and whether still live. */
  async sessions(id: number): Promise<WireUserSession[]> {
    await this.user(id);
    const nowMs = this.o.now();
    return (await this.o.directory.sessions(id, SESSIONS_SHOWN)).map((session) => {
      const state =
        session.revokedAtMs !== null ? 'ended' : session.expiresAtMs <= nowMs ? 'expired' : 'live';
      return {
        id: session.id,
        created_at: timeText(session.createdAtMs),
        ip: session.ip,
        state,
        ended_at: timeText(session.revokedAtMs ?? session.expiresAtMs),
      };
    });
  }

  /** The users this one invited. */
  async invitees(id: number, page: number, pageSize: number) {
    await this.user(id);
    const { rows, total } = await this.o.directory.invitees(id, (page - 1) * pageSize, pageSize);
    const list: WireInvitee[] = rows.map((row) => ({
      id: row.id,
      uid: row.uid,
      email: row.email,
      mobile: row.mobile,
      is_demo: row.isDemo ? 1 : 0,
      created_at: timeText(row.createdAtMs),
    }));
    return { list, total, page };
  }

  async orders(id: number, status: 0 | 1 | 3, page: number, pageSize: number) {
    const row = await this.user(id);
    return this.o.queries.myDeal({ id, isDemo: row.isDemo }, status, page, pageSize);
  }

  async ledger(id: number, lang: Language, page: number, pageSize: number) {
    await this.user(id);
    return this.o.queries.ledger(id, lang, page, pageSize);
  }

  /**
   * Credits or debits a real account by `amount` USD as an `adjustment` row. A debit never takes
   * more than the free margin, so staff cannot push an account into a stop-out by accident. With
   * an idempotency key, a retry of the same adjustment (a confirmation sent again after the network
   * dropped) is made once.
   */
  adjustBalance(
    staffId: number,
    id: number,
    amount: string,
    reason: string,
    kind: 'adjustment' | 'bonus' = 'adjustment',
    idempotent?: IdempotentRequest,
  ): Promise<WireUserDetail> {
    return this.adjustOnOwner({ staffId, id, amount, reason, kind, idempotent });
  }

  private async adjustHere({
    staffId,
    id,
    amount,
    reason,
    kind,
    idempotent,
  }: Adjustment): Promise<WireUserDetail> {
    const row = await this.user(id);
    if (row.isDemo) throw refused('user.adjust_demo');
    const amountMicros = parseMicros(amount);
    if (amountMicros === null || amountMicros === 0n) throw refused('user.adjust_amount');
    // A replay answers the stored reply (nothing) and changes nothing: the detail below is read anew.
    await this.o.trading.once(idempotent, async (request) => {
      // With nothing open, a debit beyond the free margin is simply beyond the balance: said so.
      const nothingOpen = (await this.o.trading.exactFigures({ id, isDemo: false })).usedMarginMicros === 0n;
      await this.o.trading.changeBalance(
        { id, isDemo: false },
        {
          postings: [{ kind, amountMicros }],
          refId: 0,
          requireFreeMargin: amountMicros < 0n,
        },
        {
          answer: () => null,
          idempotent: request,
          refusalKey: (rejection) =>
            rejection !== 'insufficient_free_margin'
              ? undefined
              : nothingOpen
                ? 'user.adjust_exceeds_balance'
                : 'user.adjust_exceeds_free_margin',
          // The balance before and after, as the engine moved it, beside what staff asked for.
          extraFor: (outcome) => (trx) => {
            const moved = outcome.postings.reduce((sum, posting) => sum + posting.amountMicros, 0n);
            return writeAudit(trx, {
              staffId,
              action: kind === 'bonus' ? 'user.bonus' : 'user.adjust_balance',
              targetType: 'user',
              targetId: id,
              before: { balance_usd: usd(outcome.balanceMicros - moved) },
              after: { balance_usd: usd(outcome.balanceMicros), amount_usd: usd(amountMicros), kind, reason },
              atMs: this.o.now(),
            });
          },
        },
      );
      this.o.events.publish('money_decided', {
        userId: id,
        action: kind === 'bonus' ? 'user.bonus' : 'user.adjust_balance',
        targetId: id,
        staffId,
      });
      return null;
    });
    return this.detail(id);
  }

  /** Closes a holding order or cancels a pending one as staff (ClosedType 5), audited. */
  actOnOrder(
    staffId: number,
    id: number,
    orderId: number,
    action: 'close' | 'cancel',
    reason: string,
  ): Promise<OrderRow> {
    return this.actOnOwner({ staffId, id, orderId, action, reason });
  }

  private async actHere({ staffId, id, orderId, action, reason }: StaffOrderAction): Promise<OrderRow> {
    const row = await this.user(id);
    const brief = (order: OrderRow) => ({
      status: order.Status,
      lots: order.Quantity,
      price: order.Price,
      profit_usd: order.FactProfits,
    });
    return this.o.trading.actAsStaff({ id, isDemo: row.isDemo }, orderId, action, (trx, before, after) =>
      writeAudit(trx, {
        staffId,
        action: action === 'close' ? 'order.close' : 'order.cancel',
        targetType: 'order',
        targetId: orderId,
        before: { user_id: id, ...brief(before) },
        after: { user_id: id, ...brief(after), reason },
        atMs: this.o.now(),
      }),
    );
  }

  private async user(id: number): Promise<UserRow> {
    const row = await this.o.directory.byId(id);
    if (!row) throw notFound('user.not_found', { id });
    return row;
  }
}
