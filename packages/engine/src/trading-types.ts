/**
 * The records the trading engine decides about: orders (pending, holding, then closed or
 * cancelled), accounts, ledger postings and the outcome of one decision. Amounts are bigint
 * micro-dollars, lots bigint 10^-8 lots, prices integer points (money.ts, price.ts).
 */
import type { OrderKind } from './order-entry.ts';

export type Side = 'buy' | 'sell';
export type OrderState = 'pending' | 'holding' | 'closed' | 'cancelled';

/**
 * Why a position closed (wire: ClosedType 1 user, 2 stop-out, 3 take profit, 4 stop loss, 5 back
 * office, 6 trailing stop).
 */
export type CloseReason =
  'user' | 'stop_out' | 'take_profit' | 'stop_loss' | 'trailing_stop' | 'back_office' | 'demo_reset';

/** Why a pending order was cancelled. */
export type CancelReason = 'user' | 'insufficient_free_margin' | 'demo_reset' | 'back_office';

export type LedgerKindOfTrading =
  | 'trade_fee'
  | 'realized_pnl'
  | 'stop_out'
  | 'negative_balance_protection'
  | 'demo_reset'
  | 'deposit'
  | 'withdrawal_hold'
  | 'withdrawal_release'
  | 'withdrawal_fee'
  | 'adjustment'
  /** A promotional credit staff grant (or take back), kept apart from adjustments in reports. */
  | 'bonus';

export interface Order {
  id: number;
  accountId: number;
  instrumentId: number;
  side: Side;
  kind: OrderKind;
  state: OrderState;
  lots: bigint;
  leverage: number;
  /** Pending orders: the price to open at; 0 for market orders. */
  targetPoints: number;
  /** 0 until filled. */
  openPoints: number;
  /**
   * [F2] The price the trader asked to open at: the quote they saw for a market order (its own
   * open price when they sent none), the target for a pending one. 0 until filled.
   */
  askedPoints: number;
  /** [F2] Ask − bid of the quote the order filled at, in points; 0 until filled. */
  spreadPoints: number;
  /** [F2] That spread in USD for the order's size, at the fill's USD rate; 0 until filled. */
  spreadCostMicros: bigint;
  /** 0 means none. */
  stopLossPoints: number;
  takeProfitPoints: number;
  /**
   * Trailing-stop distance in points, 0 for none (trailing-stop.ts). While holding, the stop loss
   * follows the closing-side price at this distance; a pending order's starts once it fills.
   */
  trailingPoints: number;
  /** Margin held while holding (CautionMoney); 0 while pending. */
  marginMicros: bigint;
  /** Fee charged at the fill. */
  feeMicros: bigint;
  /** 0 until closed. */
  closePoints: number;
  /** Realized P/L once closed. */
  profitMicros: bigint;
  closeReason: CloseReason | null;
  cancelReason: CancelReason | null;
  createdAtMs: number;
  openedAtMs: number;
  closedAtMs: number;
  /** A closed part of a position (SPEC.md PC1): the id of the position it was split from. */
  splitFromId?: number;
}

export interface Account {
  id: number;
  isDemo: boolean;
  balanceMicros: bigint;
  /** Pending and holding orders, by id. Closed and cancelled ones leave the engine. */
  orders: Map<number, Order>;
  /** Set once the margin-call warning was sent; cleared when the level recovers. */
  marginCallWarned: boolean;
}

/** One ledger row to write: the amount and the balance after it (SPEC.md "Ledger"). */
export interface Posting {
  accountId: number;
  kind: LedgerKindOfTrading;
  amountMicros: bigint;
  balanceAfterMicros: bigint;
  /** The order (or deposit/withdrawal) the row belongs to; 0 for none. */
  refId: number;
  atMs: number;
}

/** Balance, equity and used margin at one moment of a settlement (SPEC.md S4). */
export interface RiskFigures {
  balanceMicros: bigint;
  equityMicros: bigint;
  usedMarginMicros: bigint;
}

export type TradeEvent =
  | {
      type: 'margin_call';
      accountId: number;
      equityMicros: bigint;
      usedMarginMicros: bigint;
      /** The levels it was decided at: settings change, the explanation of a past call must not. */
      levels: RiskLevels;
    }
  | {
      /** [S4] One stop-out: what the account stood at, what it closed in order, what protection restored. */
      type: 'stop_out';
      accountId: number;
      levels: RiskLevels;
      before: RiskFigures;
      after: RiskFigures;
      /** The positions it closed, in the order it closed them (largest loss first, S1). */
      closedOrderIds: number[];
      /** The negative balance protection row's amount (S2); 0 when none was written. */
      protectionMicros: bigint;
    }
  | { type: 'order_changed'; order: Order };

/** What one decision changed: the records to persist (one transaction) and the events to publish. */
export interface Outcome {
  accountId: number;
  /** The new state of every order it touched. */
  orders: Order[];
  postings: Posting[];
  balanceMicros: bigint;
  events: TradeEvent[];
  /** The account's margin-call warning flag (S3), present when the decision changed it. */
  marginCallWarned?: boolean;
}

/** Account figures (SPEC.md "Account figures"). */
export interface AccountFigures {
  balanceMicros: bigint;
  usedMarginMicros: bigint;
  floatingMicros: bigint;
  equityMicros: bigint;
  freeMarginMicros: bigint;
  /** equity / used margin × 100 in hundredths of a percent, or null while nothing is open. */
  marginLevelBasisPoints: bigint | null;
}

export interface RiskLevels {
  /** Percent, e.g. 100. */
  marginCallLevel: number;
  /** Percent, e.g. 50. */
  stopOutLevel: number;
}
