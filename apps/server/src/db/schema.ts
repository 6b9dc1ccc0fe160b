/**
 * Table types for Kysely: the `Database` the repositories query. The tables' interfaces live by area
 * under schema/ and are re-exported here, so that a repository imports every table from one place.
 */
import type {
  CategoryTable,
  InstrumentTable,
  KlineTable,
  SettingTable,
  ServerSecretTable,
} from './schema/market-tables.ts';
import type {
  UserTable,
  SessionTable,
  UserDeviceTable,
  VerificationCodeTable,
  CaptchaTable,
  OutboxTable,
  LoginFailureTable,
  UserSecondFactorTable,
  UserRecoveryCodeTable,
  UserLoginChallengeTable,
  UserLocaleTable,
  UserPreferenceTable,
  FavouriteInstrumentTable,
} from './schema/account-tables.ts';
import type {
  StaffTable,
  StaffSessionTable,
  StaffRecoveryCodeTable,
  AuditLogTable,
} from './schema/staff-tables.ts';
import type {
  TradingAccountTable,
  OrderTable,
  LedgerTable,
  IdempotencyKeyTable,
  MarginEventTable,
  MarginEventCloseTable,
  AccountSnapshotTable,
  RiskWarningTextTable,
  LeverageCapTable,
  RiskAcknowledgementTable,
} from './schema/trading-tables.ts';
import type {
  UploadTable,
  UploadAttemptTable,
  StoredFileTable,
  IdentitySubmissionTable,
  ChargeNetworkTable,
  WireBankTable,
  DepositTable,
  DepositRateTable,
  WithdrawCurrencyTable,
  DrawMethodTable,
  WithdrawalTable,
  StatementSubscriptionTable,
  StatementMailingTable,
} from './schema/money-tables.ts';
import type { NewsTable, NewsTranslationTable, CompanyTable } from './schema/content-tables.ts';
import type {
  NotificationTable,
  NotificationSettingTable,
  PriceAlertTable,
  PushSubscriptionTable,
} from './schema/notification-tables.ts';

export type * from './schema/column-types.ts';
export type * from './schema/market-tables.ts';
export type * from './schema/account-tables.ts';
export type * from './schema/staff-tables.ts';
export type * from './schema/trading-tables.ts';
export type * from './schema/money-tables.ts';
export type * from './schema/content-tables.ts';
export type * from './schema/notification-tables.ts';

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
  upload_attempts: UploadAttemptTable;
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
