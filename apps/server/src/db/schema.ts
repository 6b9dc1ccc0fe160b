/**
 * Table types for Kysely. Prices in `klines` are integer points of the instrument's precision;
 * decimals that configure trading (lot sizes, fee rates, simulator levels) are stored as text so
 * they round-trip exactly on both engines.
 */
import type { ColumnType } from 'kysely';

/**
 * An integer column as the drivers return it: bigint from SQLite (safe integers are on, so no
 * money is ever rounded to a double), bigint or string from PostgreSQL int8, number from int4.
 * Repositories convert with `toInt`/`toBigInt` from values.ts; the types force them to.
 */
export type DbInt = ColumnType<number | bigint | string, number | bigint, number | bigint>;

export interface CategoryTable {
  id: DbInt;
  code: string;
  sort: DbInt;
  /** JSON object: language → name. */
  names: string;
}

export interface InstrumentTable {
  id: DbInt;
  code: string;
  show_code: string;
  logo: string;
  category_id: DbInt;
  base_currency: string;
  quote_currency: string;
  price_precision: DbInt;
  lot_step: string;
  min_lots: string;
  max_lots: string;
  contract_size: DbInt;
  margin_mode: DbInt;
  fee_rate: string;
  /** JSON array of leverage options; the first is the default. */
  leverage_options: string;
  spread_points: DbInt;
  /** JSON array of {from, to} minutes of the week, UTC. */
  schedule: string;
  sort: DbInt;
  enabled: DbInt;
  sim_start_price: string;
  sim_annual_volatility: string;
  sim_ticks_per_second: string;
}

export interface KlineTable {
  instrument_id: DbInt;
  period: string;
  /** Bar open time, Unix seconds. */
  time: DbInt;
  open: DbInt;
  high: DbInt;
  low: DbInt;
  close: DbInt;
  volume: DbInt;
}

export interface SettingTable {
  key: string;
  value: string;
  updated_at: ColumnType<number | bigint | string, number | bigint | undefined, number | bigint>;
}

/** An integer primary key the database assigns. */
export type DbId = ColumnType<number | bigint | string, number | bigint | undefined, never>;
type NullableInt = ColumnType<
  number | bigint | string | null,
  number | bigint | null | undefined,
  number | bigint | null
>;

export interface UserTable {
  id: DbId;
  uid: DbInt;
  email: string | null;
  /** E.164, e.g. +85291234567. */
  mobile: string | null;
  area_id: NullableInt;
  /** Null for demo users, who have no password. */
  password_hash: string | null;
  is_demo: DbInt;
  demo_id: string | null;
  invite_code: string;
  invited_by: NullableInt;
  created_at: DbInt;
  password_changed_at: NullableInt;
}

export interface SessionTable {
  id: DbId;
  user_id: DbInt;
  /** SHA-256 of the token: a leaked table does not give working tokens. */
  token_hash: string;
  created_at: DbInt;
  expires_at: DbInt;
  revoked_at: NullableInt;
  ip: string | null;
}

export interface VerificationCodeTable {
  id: DbId;
  channel: 'email' | 'sms';
  address: string;
  purpose: DbInt;
  code_hash: string;
  ip: string;
  created_at: DbInt;
  expires_at: DbInt;
  consumed_at: NullableInt;
  failed_attempts: DbInt;
}

export interface CaptchaTable {
  id: string;
  answer_hash: string;
  expires_at: DbInt;
  used_at: NullableInt;
}

export interface OutboxTable {
  id: DbId;
  channel: 'email' | 'sms';
  address: string;
  subject: string;
  body: string;
  created_at: DbInt;
}

export interface LoginFailureTable {
  id: DbId;
  account_key: string;
  ip: string;
  at: DbInt;
}

export interface TradingAccountTable {
  user_id: DbInt;
  is_demo: DbInt;
  /** Micro-dollars; always equal to the sum of the user's ledger rows. */
  balance: DbInt;
  updated_at: DbInt;
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
  close_points: DbInt;
  stop_loss_points: DbInt;
  take_profit_points: DbInt;
  margin: DbInt;
  fee: DbInt;
  profit: DbInt;
  /** 0 open; ClosedType otherwise. */
  closed_type: DbInt;
  cancel_reason: string | null;
  created_at: DbInt;
  opened_at: DbInt;
  closed_at: DbInt;
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
  route: string;
  /** The JSON data of the first answer. */
  response: string;
  created_at: DbInt;
}

export interface Database {
  categories: CategoryTable;
  instruments: InstrumentTable;
  klines: KlineTable;
  settings: SettingTable;
  users: UserTable;
  sessions: SessionTable;
  verification_codes: VerificationCodeTable;
  captchas: CaptchaTable;
  outbox: OutboxTable;
  login_failures: LoginFailureTable;
  trading_accounts: TradingAccountTable;
  orders: OrderTable;
  ledger: LedgerTable;
  idempotency_keys: IdempotencyKeyTable;
}
