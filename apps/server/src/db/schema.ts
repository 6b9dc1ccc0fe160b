/**
 * Table types for Kysely. Prices in `klines` are integer points of the instrument's precision;
 * decimals that configure trading (lot sizes, fee rates, simulator levels) are stored as text so
 * they round-trip exactly on both engines.
 */
import type { ColumnType, Generated } from 'kysely';

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
  /** 0: staff halted new orders (the instrument still quotes, and its positions still close). */
  enabled: DbInt;
  /** JSON object of the instrument's name by language. */
  names: Generated<string>;
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
  /** 1: the user chose to appear on the leaderboard. */
  show_on_leaderboard: DefaultedInt;
  /** 1: staff disabled the account; it cannot log in and its sessions are refused. */
  disabled: DefaultedInt;
  /** 1: staff froze trading: no new orders; positions can still be closed. */
  trading_frozen: DefaultedInt;
  /** 1: staff froze withdrawals: none can be requested. */
  withdrawals_frozen: DefaultedInt;
  /** A real user's own demo account names that user here; null for every other user. */
  demo_of: NullableInt;
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
  /** The browser's User-Agent as it opened the session (cut to 512 characters). */
  user_agent: string | null;
  /** The random id the app keeps in its browser; null from clients that send none. */
  device_id: string | null;
  /** The IANA time zone the app reported at sign-in: the devices screen's area. */
  time_zone: string | null;
  /** Written at most once a minute per session (services/session-devices.ts). */
  last_used_at: NullableInt;
}

/** A device a user has signed in from: a sign-in from one not listed here is told to them. */
export interface UserDeviceTable {
  user_id: DbInt;
  device_id: string;
  first_seen_at: DbInt;
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
  /** How it left: smtp, http (an SMS provider) or outbox (kept here, no provider configured). */
  delivery: ColumnType<string, string | undefined, string>;
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

/** An integer column with a database default: optional on insert. */
type DefaultedInt = ColumnType<number | bigint | string, number | bigint | undefined, number | bigint>;

export interface UploadTable {
  id: DbId;
  /** Random, unguessable file name under the storage root. */
  name: string;
  owner_user_id: NullableInt;
  mime: string;
  size: DbInt;
  created_at: DbInt;
}

/** A secret the server generated for itself (see the migration that created the table). */
/** Uploaded bytes kept in the database (adapters/storage/database-file-storage.ts). */
export interface StoredFileTable {
  name: string;
  bytes: Uint8Array;
  size: DbInt;
}

export interface ServerSecretTable {
  name: string;
  value: string;
}

export interface IdentitySubmissionTable {
  id: DbId;
  user_id: DbInt;
  name: string;
  /** passport, driving_licence or id_card. */
  card_type: string;
  card_id: string;
  /** Upload names. */
  front_pic: string;
  reverse_pic: string;
  /** 1 waiting, 2 certified, 3 rejected. */
  status: DbInt;
  remark: string | null;
  reviewed_by: NullableInt;
  reviewed_at: NullableInt;
  created_at: DbInt;
}

export interface ChargeNetworkTable {
  id: DbId;
  currency_code: string;
  protocol_code: string;
  address: string;
  enabled: DefaultedInt;
  sort: DefaultedInt;
}

export interface WireBankTable {
  id: DbId;
  bank_coin: string;
  bank_name: string;
  bank_address: string;
  bank_swift: string;
  payee_name: string;
  payee_account: string;
  bank_remark: string;
  enabled: DefaultedInt;
}

export interface DepositTable {
  id: DbId;
  user_id: DbInt;
  /** 0 crypto network, 1 bank wire. */
  type: DbInt;
  /** charge_networks.id or wire_banks.id. */
  channel_id: DbInt;
  currency_code: string;
  network: string;
  address: string;
  /** Micro-dollars credited on approval (estimated from `sent_amount` until then). */
  amount: DbInt;
  /** What the user said they sent, in micro-units of `currency_code`. */
  sent_amount: DbInt;
  /** What staff confirmed arrived, in micro-units of `currency_code`; null until approved. */
  received_amount: NullableInt;
  /** The rate the deposit was sent at: units of `currency_code` per 1 USD (1 for USD). */
  usd_price: ColumnType<string, string | undefined, string>;
  proof_pic: string;
  /** 0 unchecked, 1 completed, 2 rejected, 3 invalid. */
  status: DbInt;
  remark: string | null;
  reviewed_by: NullableInt;
  reviewed_at: NullableInt;
  created_at: DbInt;
}

/** The rate staff set per deposit currency other than USD: units of it per 1 USD. */
export interface DepositRateTable {
  id: DbId;
  currency_code: string;
  usd_price: string;
}

export interface WithdrawCurrencyTable {
  id: DbId;
  /** 1 crypto address, 2 bank account. */
  type: DbInt;
  code: string;
  protocol: ColumnType<string, string | undefined, string>;
  /** 1 fixed fee (USD); otherwise amount × draw_rate. */
  fee_type: DbInt;
  draw_rate: string;
  /** Units of the payout currency per 1 USD. */
  usd_price: string;
  min_amount: ColumnType<string, string | undefined, string>;
  enabled: DefaultedInt;
}

export interface DrawMethodTable {
  id: DbId;
  user_id: DbInt;
  type: DbInt;
  draw_currency_id: DbInt;
  dc_address: string;
  bank_name: string;
  bank_address: string;
  bank_swift: string;
  payee_name: string;
  payee_account: string;
  created_at: DbInt;
  deleted_at: NullableInt;
}

export interface WithdrawalTable {
  id: DbInt;
  user_id: DbInt;
  type: DbInt;
  draw_currency_id: DbInt;
  draw_method_id: DbInt;
  amount: DbInt;
  fee: DbInt;
  real_number: string;
  address: string;
  payee_account: string;
  memo: string;
  /** 0 pending review, 1 paid, 2 rejected. */
  status: DbInt;
  remark: string | null;
  reviewed_by: NullableInt;
  reviewed_at: NullableInt;
  created_at: DbInt;
}

export interface StaffTable {
  id: DbId;
  username: string;
  password_hash: string;
  /** JSON array: admin, finance, compliance, support. */
  roles: string;
  disabled: DbInt;
  created_at: DbInt;
  /** Base32 authenticator secret; set at enrolment's start, trusted once totp_enrolled_at is. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enrolled_at: NullableInt;
  /** The TOTP time step of the last accepted code: a code is good once. */
  totp_last_step: NullableInt;
}

export interface StaffSessionTable {
  id: DbId;
  staff_id: DbInt;
  token_hash: string;
  created_at: DbInt;
  expires_at: DbInt;
  revoked_at: NullableInt;
  /** When the second factor was passed; until then the session opens nothing but that step. */
  verified_at: NullableInt;
  last_seen_at: NullableInt;
  ip: ColumnType<string, string | undefined, string>;
  user_agent: ColumnType<string, string | undefined, string>;
}

export interface StaffRecoveryCodeTable {
  staff_id: DbInt;
  /** sha-256 of the code, as session tokens are kept. */
  code_hash: string;
  used_at: NullableInt;
}

/** A trader's authenticator: pending until enrolled_at is set, removed when turned off or reset. */
export interface UserSecondFactorTable {
  user_id: DbInt;
  secret: string;
  created_at: DbInt;
  enrolled_at: NullableInt;
  /** The TOTP time step of the last accepted code: a code is good once. */
  last_step: NullableInt;
}

export interface UserRecoveryCodeTable {
  user_id: DbInt;
  /** sha-256 of the code. */
  code_hash: string;
  used_at: NullableInt;
}

/** A password that passed for a user with a second factor: the code step still to come. */
export interface UserLoginChallengeTable {
  token_hash: string;
  user_id: DbInt;
  ip: string;
  created_at: DbInt;
  expires_at: DbInt;
  passed_at: NullableInt;
}

export interface AuditLogTable {
  id: DbId;
  staff_id: DbInt;
  action: string;
  target_type: string;
  target_id: DbInt;
  /** JSON of the record before and after the action. */
  before: string | null;
  after: string | null;
  at: DbInt;
  /** The address the action came from; '' for rows from before it was kept. */
  ip: Generated<string>;
}

export interface NewsTable {
  id: DbId;
  category_id: DefaultedInt;
  /** A path on this server (/media/news/...) or an https URL. */
  logo: ColumnType<string, string | undefined, string>;
  created_at: DbInt;
  updated_at: DbInt;
}

/** One language of an article; English always exists and is the fallback of every other. */
export interface NewsTranslationTable {
  news_id: DbInt;
  lang: string;
  title: string;
  description: string;
  /** HTML, sanitised on write (and again on read). */
  content: string;
}

type DefaultedText = ColumnType<string, string | undefined, string>;

export interface CompanyTable {
  id: DbId;
  name: string;
  logo: DefaultedText;
  url: DefaultedText;
  subject: DefaultedText;
  registered_address: DefaultedText;
  location: DefaultedText;
  email: DefaultedText;
  /** 1 active, 2 suspended. */
  status: DefaultedInt;
  loss_url: DefaultedText;
  sort: DefaultedInt;
  created_at: DbInt;
  updated_at: DbInt;
}

/** An instrument a user starred (the Favourites category of the quote list). */
export interface FavouriteInstrumentTable {
  user_id: DbInt;
  instrument_id: DbInt;
  created_at: DbInt;
}

/** A preference a user keeps across devices (packages/protocol/src/preferences.ts). */
export interface UserPreferenceTable {
  user_id: DbInt;
  name: string;
  /** JSON text of a value the name's schema accepted. */
  value: string;
  updated_at: DbInt;
}

/** Where a browser's push service takes notifications for a user (one row per browser). */
export interface PushSubscriptionTable {
  endpoint: string;
  user_id: DbInt;
  /** The browser's P-256 public key, base64url: payloads are encrypted to it. */
  p256dh: string;
  /** The browser's 16-byte authentication secret, base64url. */
  auth: string;
  /** The token hash of the session that subscribed: pushes go only while it lasts. */
  session_hash: string;
  created_at: DbInt;
  updated_at: DbInt;
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

/** A price alert (services/price-alerts.ts); levels in points of `price_precision`. */
export interface PriceAlertTable {
  id: DbId;
  user_id: DbInt;
  instrument_id: DbInt;
  /** 'above', 'below' or 'move'. */
  condition: string;
  /** 0 for none. */
  above_points: DbInt;
  below_points: DbInt;
  /** The bid when it was set. */
  reference_points: DbInt;
  /** A move alert's percent in hundredths; 0 otherwise. */
  move_basis_points: DbInt;
  price_precision: DbInt;
  created_at: DbInt;
  fired_at: DbInt | null;
  fired_points: DbInt | null;
  deleted_at: DbInt | null;
}

/** One notification of the centre (services/notification-centre.ts). */
export interface NotificationTable {
  id: DbId;
  user_id: DbInt;
  kind: string;
  /** Under `notification.<text_key>.title` and `.body` in the server's catalogs. */
  text_key: string;
  /** JSON object of the texts' parameters. */
  params: string;
  link: string;
  created_at: DbInt;
  read_at: DbInt | null;
}

export interface NotificationSettingTable {
  user_id: DbInt;
  kind: string;
  /** 1 on, 0 off. */
  push: DbInt;
  email: DbInt;
  updated_at: DbInt;
}

/** The language and time zone a user last used the app in (docs/decisions/0018). */
export interface UserLocaleTable {
  user_id: DbInt;
  language: string;
  time_zone: string | null;
  updated_at: DbInt;
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

/** A user who asked for the monthly statement by e-mail, in this language and time zone. */
export interface StatementSubscriptionTable {
  user_id: DbInt;
  lang: string;
  time_zone: string;
  created_at: DbInt;
}

/** A month's statement claimed for a user (sent once `sent_at` is set). */
export interface StatementMailingTable {
  user_id: DbInt;
  /** YYYY-MM in the subscriber's time zone. */
  month: string;
  claimed_at: DbInt;
  sent_at: NullableInt;
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
  uploads: UploadTable;
  server_secrets: ServerSecretTable;
  stored_files: StoredFileTable;
  identity_submissions: IdentitySubmissionTable;
  charge_networks: ChargeNetworkTable;
  wire_banks: WireBankTable;
  deposits: DepositTable;
  deposit_rates: DepositRateTable;
  withdraw_currencies: WithdrawCurrencyTable;
  draw_methods: DrawMethodTable;
  user_devices: UserDeviceTable;
  withdrawals: WithdrawalTable;
  staff: StaffTable;
  staff_sessions: StaffSessionTable;
  staff_recovery_codes: StaffRecoveryCodeTable;
  user_second_factors: UserSecondFactorTable;
  user_recovery_codes: UserRecoveryCodeTable;
  user_login_challenges: UserLoginChallengeTable;
  audit_log: AuditLogTable;
  news: NewsTable;
  news_translations: NewsTranslationTable;
  companies: CompanyTable;
  favourite_instruments: FavouriteInstrumentTable;
  user_preferences: UserPreferenceTable;
  margin_events: MarginEventTable;
  margin_event_closes: MarginEventCloseTable;
  account_snapshots: AccountSnapshotTable;
  price_alerts: PriceAlertTable;
  notifications: NotificationTable;
  notification_settings: NotificationSettingTable;
  user_locales: UserLocaleTable;
  risk_warning_texts: RiskWarningTextTable;
  leverage_caps: LeverageCapTable;
  risk_acknowledgements: RiskAcknowledgementTable;
  statement_subscriptions: StatementSubscriptionTable;
  statement_mailings: StatementMailingTable;
  push_subscriptions: PushSubscriptionTable;
}
