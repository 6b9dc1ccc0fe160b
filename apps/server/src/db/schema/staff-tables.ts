/** The back office: staff, their sessions and recovery codes, and the audit log of what they did. */
import type { ColumnType, Generated } from 'kysely';
import type { DbInt, DbId, NullableInt } from './column-types.ts';

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
  /** The session that started the pending enrolment: only it sees the pending secret and confirms it. */
  totp_pending_session: NullableInt;
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
