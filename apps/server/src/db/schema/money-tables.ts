/**
 * Money: deposits and withdrawals with their currencies, networks and banks, the monthly
 * statements by e-mail, and the uploads and identity checks that deposits and withdrawals rest on.
 */
import type { ColumnType } from 'kysely';
import type { DbInt, DbId, NullableInt, DefaultedInt } from './column-types.ts';

export interface UploadTable {
  id: DbId;
  /** Random, unguessable file name under the storage root. */
  name: string;
  owner_user_id: NullableInt;
  mime: string;
  size: DbInt;
  created_at: DbInt;
  /** SHA-256 (hex) of the stored bytes, the image as re-encoded; null for uploads made before it. */
  sha256: string | null;
  /** SHA-256 (hex) of the bytes the user sent; null for uploads made before it. */
  original_sha256: string | null;
}

/** An upload counted against its user's hourly cap, before its image is decoded. */
export interface UploadAttemptTable {
  id: DbId;
  user_id: DbInt;
  at: DbInt;
}

/** Uploaded bytes kept in the database (adapters/storage/database-file-storage.ts). */
export interface StoredFileTable {
  name: string;
  bytes: Uint8Array;
  size: DbInt;
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
