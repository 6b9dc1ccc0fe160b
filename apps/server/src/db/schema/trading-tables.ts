/**
 * Trading: accounts, orders and the ledger, the replies kept for repeated requests, margin events
 * and account snapshots, and the risk warning and leverage caps that bound it.
 */
import type { DbInt, DbId, DefaultedInt } from './column-types.ts';

export interface TradingAccountTable {
  user_id: DbInt;
  is_demo: DbInt;
  /** Micro-dollars; always equal to the sum of the user's ledger rows. */
  balance: DbInt;
  updated_at: DbInt;
  /** 1 after the margin-call warning until the level recovers above the re-arming level (S3). */
  margin_call_warned: DefaultedInt;
}

export interface OrderTable {
  id: DbInt;
  user_id: DbInt;
  instrument_id: DbInt;
  /** 1 buy, 2 sell. */
  side: DbInt;
  kind: string;
  /** 0 pending, 1 holding, 3 closed, 4 cancelled. */
  status: DbInt;
  lots: DbInt;
  leverage: DbInt;
  target_points: DbInt;
  open_points: DbInt;
  /** The price asked for at the fill (F2); 0 before a fill or for orders filled before it was kept. */
  asked_points: DefaultedInt;
  /** Ask − bid of the quote filled at, points; 0 as above. */
  spread_points: DefaultedInt;
  /** That spread in micro-dollars for the order's size, at the fill's USD rate. */
  spread_cost: DefaultedInt;
  close_points: DbInt;
  stop_loss_points: DbInt;
  take_profit_points: DbInt;
  /** Trailing-stop distance in points, 0 none; it moves stop_loss_points. */
  trailing_points: DbInt;
  margin: DbInt;
  fee: DbInt;
  profit: DbInt;
  /** 0 open; ClosedType otherwise. */
  closed_type: DbInt;
  cancel_reason: string | null;
  created_at: DbInt;
  opened_at: DbInt;
  closed_at: DbInt;
  /** A closed part of a position: the position's id; 0 for every other order. */
  split_from_id: DbInt;
}

export interface LedgerTable {
  id: DbId;
  user_id: DbInt;
  kind: string;
  amount: DbInt;
  balance_after: DbInt;
  ref_id: DbInt;
  memo_key: string;
  created_at: DbInt;
}

export interface IdempotencyKeyTable {
  user_id: DbInt;
  key: string;
  /** The operation the key was first used for ('submit', 'withdraw', …). */
  route: string;
  /** SHA-256 (hex) of the first request: method, operation and canonical body. Null on old rows. */
  fingerprint: string | null;
  /** The JSON data of the first answer, replayed as it was. */
  response: string;
  created_at: DbInt;
}

/** A stop-out or a margin call, kept to explain it afterwards (services/stop-out-report.ts). */
export interface MarginEventTable {
  id: DbId;
  user_id: DbInt;
  /** 'stop_out' or 'margin_call'. */
  kind: string;
  at: DbInt;
  /** Percent, as the settings were when it happened. */
  margin_call_level: DbInt;
  stop_out_level: DbInt;
  /** Micro-dollars before the first close and after the last close and the protection. */
  balance_before: DbInt;
  equity_before: DbInt;
  used_margin_before: DbInt;
  balance_after: DbInt;
  equity_after: DbInt;
  used_margin_after: DbInt;
  /** The negative balance protection row's amount; 0 for none. */
  protection: DbInt;
}

/** The positions a stop-out closed, `position` 1 for the first it closed. */
export interface MarginEventCloseTable {
  event_id: DbInt;
  position: DbInt;
  order_id: DbInt;
}

/** An account's figures at one moment: every few minutes while it holds positions, and at each event. */
export interface AccountSnapshotTable {
  id: DbId;
  user_id: DbInt;
  at: DbInt;
  balance: DbInt;
  equity: DbInt;
  used_margin: DbInt;
  /** Hundredths of a percent; null while no margin is in use. */
  margin_level: DbInt | null;
  /** 'periodic', 'margin_call' or 'stop_out'. */
  reason: string;
}

/** The risk warning text staff set for one language (docs/decisions/0022). */
export interface RiskWarningTextTable {
  lang: string;
  /** May hold the {percent} placeholder. */
  text: string;
  updated_at: DbInt;
}

/** The leverage cap staff set for one class of instrument; a class without a row keeps its default. */
export interface LeverageCapTable {
  cap_class: string;
  max_leverage: DbInt;
  updated_at: DbInt;
}

/** A real user's acknowledgement of the risk warning, asked once before their first order. */
export interface RiskAcknowledgementTable {
  user_id: DbInt;
  acknowledged_at: DbInt;
}
