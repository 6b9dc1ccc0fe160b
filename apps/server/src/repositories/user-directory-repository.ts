/**
 * The back office's view of the users: a search by id, uid, e-mail, mobile number or the name of
 * their identity check, each row with its balance and the state of its latest identity
 * submission, one page at a time.
 */
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';
import { toBigInt, toInt } from '../db/values.ts';
import { contains, containsAnyCase } from './text-search.ts';

export interface UserRow {
  id: number;
  uid: number;
  email: string;
  mobile: string;
  isDemo: boolean;
  disabled: boolean;
  tradingFrozen: boolean;
  withdrawalsFrozen: boolean;
  identityStatus: number;
  balanceMicros: bigint;
  createdAtMs: number;
  inviteCode: string;
  invitedBy: number | null;
  /** A real user's own demo account: the real user's id. */
  demoOf: number | null;
  /** A real user: the id of their own demo account, once opened. */
  demoAccountId: number | null;
}

export const USER_SORTS = ['id', 'created_at', 'balance'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const USER_STATES = ['disabled', 'trading_frozen', 'withdrawals_frozen'] as const;
export type UserState = (typeof USER_STATES)[number];

export interface UserSearch {
  q?: string | undefined;
  isDemo?: boolean | undefined;
  /** Only users under this hold. */
  state?: UserState | undefined;
  /** Registered from (inclusive) and before (exclusive), ms. */
  createdFromMs?: number | undefined;
  createdBeforeMs?: number | undefined;
  sort?: UserSort | undefined;
  descending?: boolean | undefined;
}

/** One sign-in of a user (each session is one), newest first. */
export interface SessionRow {
  id: number;
  createdAtMs: number;
  expiresAtMs: number;
  revokedAtMs: number | null;
  ip: string;
}

/** A user another one invited. */
export interface InviteeRow {
  id: number;
  uid: number;
  email: string;
  mobile: string;
  isDemo: boolean;
  createdAtMs: number;
}

export class UserDirectoryRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async page(search: UserSearch, offset: number, limit: number): Promise<{ rows: UserRow[]; total: number }> {
    const filtered = this.filtered(search);
    const direction = search.descending === false ? 'asc' : 'desc';
    const column =
      search.sort === 'balance'
        ? 'trading_accounts.balance'
        : search.sort === 'created_at'
          ? 'users.created_at'
          : 'users.id';
    const [rows, counted] = await Promise.all([
      this.withFigures(filtered)
        .orderBy(column, direction)
        // Equal balances and times keep one order from page to page.
        .orderBy('users.id', direction)
        .offset(offset)
        .limit(limit)
        .execute(),
      filtered.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    ]);
    return { rows: rows.map(toRow), total: toInt(String(counted?.n ?? 0)) };
  }

  async byId(id: number): Promise<UserRow | undefined> {
    const row = await this.withFigures(
      this.db.selectFrom('users').where('users.id', '=', id),
    ).executeTakeFirst();
    return row && toRow(row);
  }

  /** The user's latest sessions (their sign-ins), newest first. */
  async sessions(userId: number, limit: number): Promise<SessionRow[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'expires_at', 'revoked_at', 'ip'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: toInt(row.id),
      createdAtMs: toInt(row.created_at),
      expiresAtMs: toInt(row.expires_at),
      revokedAtMs: row.revoked_at === null ? null : toInt(row.revoked_at),
      ip: row.ip ?? '',
    }));
  }

  /** The users this one invited, newest first, and how many there are. */
  async invitees(
    userId: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: InviteeRow[]; total: number }> {
    const invited = this.db.selectFrom('users').where('invited_by', '=', userId);
    const [rows, counted] = await Promise.all([
      invited
        .select(['id', 'uid', 'email', 'mobile', 'is_demo', 'created_at'])
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      invited.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    ]);
    return {
      rows: rows.map((row) => ({
        id: toInt(row.id),
        uid: toInt(row.uid),
        email: row.email ?? '',
        mobile: row.mobile ?? '',
        isDemo: toInt(row.is_demo) === 1,
        createdAtMs: toInt(row.created_at),
      })),
      total: toInt(String(counted?.n ?? 0)),
    };
  }

  private filtered(search: UserSearch) {
    let query = this.db.selectFrom('users');
    if (search.isDemo !== undefined) query = query.where('users.is_demo', '=', search.isDemo ? 1 : 0);
    if (search.state === 'disabled') query = query.where('users.disabled', '=', 1);
    if (search.state === 'trading_frozen') query = query.where('users.trading_frozen', '=', 1);
    if (search.state === 'withdrawals_frozen') query = query.where('users.withdrawals_frozen', '=', 1);
    if (search.createdFromMs !== undefined)
      query = query.where('users.created_at', '>=', search.createdFromMs);
    if (search.createdBeforeMs !== undefined)
      query = query.where('users.created_at', '<', search.createdBeforeMs);
    const q = search.q?.trim();
    if (q) {
      query = query.where((eb) => {
        const matches: Expression<SqlBool>[] = [
          containsAnyCase(sql.ref('users.email'), q),
          contains(sql.ref('users.mobile'), q.replace(/[\s()-]/g, '')),
          // The name they gave for their identity check (users have no other name). One scan of
          // the submissions, not one lookup per user: the set is built once and probed.
          eb(
            'users.id',
            'in',
            eb
              .selectFrom('identity_submissions')
              .select('identity_submissions.user_id')
              .where(containsAnyCase(sql.ref('identity_submissions.name'), q)),
          ),
        ];
        if (/^\d{1,15}$/.test(q))
          matches.push(eb('users.id', '=', Number(q)), eb('users.uid', '=', Number(q)));
        return eb.or(matches);
      });
    }
    return query;
  }

  private withFigures(query: ReturnType<UserDirectoryRepository['filtered']>) {
    return query
      .leftJoin('trading_accounts', 'trading_accounts.user_id', 'users.id')
      .select((eb) => [
        'users.id',
        'users.uid',
        'users.email',
        'users.mobile',
        'users.is_demo',
        'users.disabled',
        'users.trading_frozen',
        'users.withdrawals_frozen',
        'users.created_at',
        'users.invite_code',
        'users.invited_by',
        'users.demo_of',
        'trading_accounts.balance',
        eb
          .selectFrom('users as own_demo')
          .select('own_demo.id')
          .whereRef('own_demo.demo_of', '=', 'users.id')
          .as('demo_account_id'),
        eb
          .selectFrom('identity_submissions')
          .select('identity_submissions.status')
          .whereRef('identity_submissions.user_id', '=', 'users.id')
          .orderBy('identity_submissions.id', 'desc')
          .limit(1)
          .as('identity_status'),
      ]);
  }
}

function toRow(row: {
  id: unknown;
  uid: unknown;
  email: string | null;
  mobile: string | null;
  is_demo: unknown;
  disabled: unknown;
  trading_frozen: unknown;
  withdrawals_frozen: unknown;
  created_at: unknown;
  invite_code: string;
  invited_by: unknown;
  demo_of: unknown;
  demo_account_id: unknown;
  balance: unknown;
  identity_status: unknown;
}): UserRow {
  const int = (value: unknown) => toInt(String(value));
  return {
    id: int(row.id),
    uid: int(row.uid),
    email: row.email ?? '',
    mobile: row.mobile ?? '',
    isDemo: int(row.is_demo) === 1,
    disabled: int(row.disabled) === 1,
    tradingFrozen: int(row.trading_frozen) === 1,
    withdrawalsFrozen: int(row.withdrawals_frozen) === 1,
    identityStatus: row.identity_status == null ? 0 : int(row.identity_status),
    balanceMicros: row.balance == null ? 0n : toBigInt(String(row.balance)),
    createdAtMs: int(row.created_at),
    inviteCode: row.invite_code,
    invitedBy: row.invited_by == null ? null : int(row.invited_by),
    demoOf: row.demo_of == null ? null : int(row.demo_of),
    demoAccountId: row.demo_account_id == null ? null : int(row.demo_account_id),
  };
}
