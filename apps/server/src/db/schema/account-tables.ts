/**
 * Traders' accounts and sign-in: users, sessions and devices, verification codes and the messages
 * that carried them, the second factor, and what a user keeps across devices.
 */
import type { ColumnType } from 'kysely';
import type { DbInt, DbId, NullableInt, DefaultedInt } from './column-types.ts';

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
  /** 1: sent by a staff member (a reset from the back office); the address's daily bounds pass it. */
  by_staff: DefaultedInt;
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

/** A trader's authenticator: pending until enrolled_at is set, removed when turned off or reset. */
export interface UserSecondFactorTable {
  user_id: DbInt;
  secret: string;
  created_at: DbInt;
  enrolled_at: NullableInt;
  /** The TOTP time step of the last accepted code: a code is good once. */
  last_step: NullableInt;
  /** The hash of the session token that started a pending enrolment: only it sees and confirms it. */
  pending_session: string | null;
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

/** The language and time zone a user last used the app in (docs/decisions/0018). */
export interface UserLocaleTable {
  user_id: DbInt;
  language: string;
  time_zone: string | null;
  updated_at: DbInt;
}

/** A preference a user keeps across devices (packages/protocol/src/preferences.ts). */
export interface UserPreferenceTable {
  user_id: DbInt;
  name: string;
  /** JSON text of a value the name's schema accepted. */
  value: string;
  updated_at: DbInt;
}

/** An instrument a user starred (the Favourites category of the quote list). */
export interface FavouriteInstrumentTable {
  user_id: DbInt;
  instrument_id: DbInt;
  created_at: DbInt;
}
