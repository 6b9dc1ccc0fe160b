/** The broker's staff accounts and their sessions (a table apart from users' sessions). */
import { sql, type Kysely, type Selectable } from 'kysely';
import { STAFF_ROLES, type StaffRole } from '@omp/protocol';
import type { Database, StaffTable } from '../db/schema.ts';
import { toInt } from '../db/values.ts';

export interface StaffAccount {
  id: number;
  username: string;
  passwordHash: string;
  roles: StaffRole[];
  disabled: boolean;
  createdAt: number;
}

export class StaffRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('staff')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return toInt(row.n as number | bigint | string);
  }

  async byId(id: number): Promise<StaffAccount | undefined> {
    return toStaff(await this.db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst());
  }

  async byUsername(username: string): Promise<StaffAccount | undefined> {
    return toStaff(
      await this.db.selectFrom('staff').selectAll().where('username', '=', username).executeTakeFirst(),
    );
  }

  /**
   * Takes a write lock on every staff row for the rest of the transaction (a no-op update, which
   * PostgreSQL and SQLite both serialise), so checks over all staff, such as "another admin
   * remains", see every change committed before them.
   */
  async lockAll(): Promise<void> {
    await this.db
      .updateTable('staff')
      .set({ disabled: sql<number>`disabled` })
      .execute();
  }

  async list(): Promise<StaffAccount[]> {
    const rows = await this.db.selectFrom('staff').selectAll().orderBy('id').execute();
    return rows.map((row) => toStaff(row)!);
  }

  async usernames(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('staff')
      .select(['id', 'username'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [toInt(row.id), row.username]));
  }

  async create(staff: Omit<StaffAccount, 'id'>): Promise<StaffAccount> {
    const inserted = await this.db
      .insertInto('staff')
      .values({
        username: staff.username,
        password_hash: staff.passwordHash,
        roles: JSON.stringify(staff.roles),
        disabled: staff.disabled ? 1 : 0,
        created_at: staff.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await this.byId(toInt(inserted.id)))!;
  }

  async update(
    id: number,
    change: { roles?: StaffRole[]; disabled?: boolean; passwordHash?: string },
  ): Promise<void> {
    await this.db
      .updateTable('staff')
      .set({
        ...(change.roles ? { roles: JSON.stringify(change.roles) } : {}),
        ...(change.disabled === undefined ? {} : { disabled: change.disabled ? 1 : 0 }),
        ...(change.passwordHash ? { password_hash: change.passwordHash } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  async createSession(staffId: number, tokenHash: string, nowMs: number, expiresAtMs: number): Promise<void> {
    await this.db
      .insertInto('staff_sessions')
      .values({ staff_id: staffId, token_hash: tokenHash, created_at: nowMs, expires_at: expiresAtMs })
      .execute();
  }

  /** The staff member of a live session: not revoked, not expired, account not disabled. */
  async staffOfSession(tokenHash: string, nowMs: number): Promise<StaffAccount | undefined> {
    const row = await this.db
      .selectFrom('staff_sessions')
      .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
      .selectAll('staff')
      .where('staff_sessions.token_hash', '=', tokenHash)
      .where('staff_sessions.revoked_at', 'is', null)
      .where('staff_sessions.expires_at', '>', nowMs)
      .where('staff.disabled', '=', 0)
      .executeTakeFirst();
    return toStaff(row);
  }

  async revokeSession(tokenHash: string, nowMs: number): Promise<void> {
    await this.db
      .updateTable('staff_sessions')
      .set({ revoked_at: nowMs })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAllSessions(staffId: number, nowMs: number): Promise<void> {
    await this.db
      .updateTable('staff_sessions')
      .set({ revoked_at: nowMs })
      .where('staff_id', '=', staffId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}

/** Roles are stored as a JSON array; anything unknown in it is dropped rather than trusted. */
function parseRoles(json: string): StaffRole[] {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return STAFF_ROLES.filter((role) => value.includes(role));
  } catch {
    return [];
  }
}

function toStaff(row: Selectable<StaffTable> | undefined): StaffAccount | undefined {
  if (!row) return undefined;
  return {
    id: toInt(row.id),
    username: row.username,
    passwordHash: row.password_hash,
    roles: parseRoles(row.roles),
    disabled: toInt(row.disabled) === 1,
    createdAt: toInt(row.created_at),
  };
}
