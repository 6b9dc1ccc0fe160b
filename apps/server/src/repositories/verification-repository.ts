/** Verification codes, captchas, the message outbox and failed-login records. */
import { addressUnit } from '../domain/address-unit.ts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { toInt } from '../db/values.ts';

export interface CodeRecord {
  id: number;
  codeHash: string;
  expiresAt: number;
  failedAttempts: number;
  /** Sent by a staff member: the address's daily count of wrong tries does not hold it back. */
  byStaff: boolean;
}

export interface OutboxRecord {
  id: number;
  channel: 'email' | 'sms';
  address: string;
  subject: string;
  body: string;
  createdAt: number;
}

export class VerificationRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async insertCode(code: {
    channel: 'email' | 'sms';
    address: string;
    purpose: number;
    codeHash: string;
    ip: string;
    createdAt: number;
    expiresAt: number;
    /** Sent by a staff member (a reset from the back office). */
    byStaff?: boolean;
  }): Promise<void> {
    // One live code per address and purpose: sending a new one retires the older ones.
    await this.db
      .updateTable('verification_codes')
      .set({ consumed_at: code.createdAt })
      .where('address', '=', code.address)
      .where('purpose', '=', code.purpose)
      .where('consumed_at', 'is', null)
      .execute();
    await this.db
      .insertInto('verification_codes')
      .values({
        channel: code.channel,
        address: code.address,
        purpose: code.purpose,
        code_hash: code.codeHash,
        // Counted per address unit (an IPv6 /64): the per-address limit reads it back.
        ip: addressUnit(code.ip),
        created_at: code.createdAt,
        expires_at: code.expiresAt,
        failed_attempts: 0,
        by_staff: code.byStaff ? 1 : 0,
      })
      .execute();
  }

  async lastCodeSentAt(address: string, purpose: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('verification_codes')
      .select('created_at')
      .where('address', '=', address)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? toInt(row.created_at) : undefined;
  }

  async countCodesSince(column: 'address' | 'ip', value: string, sinceMs: number): Promise<number> {
    const row = await this.db
      .selectFrom('verification_codes')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(column, '=', column === 'ip' ? addressUnit(value) : value)
      .where('created_at', '>=', sinceMs)
      .executeTakeFirstOrThrow();
    return toInt(row.n as number | bigint | string);
  }

  /** The wrong tries at every code sent to the address since `sinceMs`, whatever its purpose. */
  async countWrongCodeTriesSince(address: string, sinceMs: number): Promise<number> {
    const row = await this.db
      .selectFrom('verification_codes')
      .select((eb) =>
        eb.fn.coalesce(eb.fn.sum<number | bigint | string>('failed_attempts'), eb.lit(0)).as('n'),
      )
      .where('address', '=', address)
      .where('created_at', '>=', sinceMs)
      .executeTakeFirstOrThrow();
    return toInt(row.n);
  }

  async liveCode(address: string, purpose: number): Promise<CodeRecord | undefined> {
    const row = await this.db
      .selectFrom('verification_codes')
      .select(['id', 'code_hash', 'expires_at', 'failed_attempts', 'by_staff'])
      .where('address', '=', address)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: toInt(row.id),
      codeHash: row.code_hash,
      expiresAt: toInt(row.expires_at),
      failedAttempts: toInt(row.failed_attempts),
      byStaff: toInt(row.by_staff) === 1,
    };
  }

  /** Retires the live codes of these addresses for this purpose: none of them passes any more. */
  async retireCodes(addresses: string[], purpose: number, nowMs: number): Promise<void> {
    if (addresses.length === 0) return;
    await this.db
      .updateTable('verification_codes')
      .set({ consumed_at: nowMs })
      .where('address', 'in', addresses)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .execute();
  }

  /** Marks a code used; false when another request used it first (single use under races). */
  async consumeCode(id: number, nowMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('verification_codes')
      .set({ consumed_at: nowMs })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async recordFailedCodeAttempt(id: number): Promise<void> {
    await this.db
      .updateTable('verification_codes')
      .set({ failed_attempts: sql<number>`failed_attempts + 1` })
      .where('id', '=', id)
      .execute();
  }

  async insertCaptcha(id: string, answerHash: string, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('captchas')
      .values({ id, answer_hash: answerHash, expires_at: expiresAt })
      .execute();
  }

  /** Uses a captcha once, whatever the answer: a wrong guess costs the captcha. */
  async takeCaptcha(id: string, nowMs: number): Promise<{ answerHash: string } | undefined> {
    const row = await this.db
      .selectFrom('captchas')
      .select(['answer_hash', 'expires_at', 'used_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || row.used_at !== null || toInt(row.expires_at) <= nowMs) return undefined;
    const result = await this.db
      .updateTable('captchas')
      .set({ used_at: nowMs })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? { answerHash: row.answer_hash } : undefined;
  }

  async deleteExpiredCaptchas(nowMs: number): Promise<void> {
    await this.db.deleteFrom('captchas').where('expires_at', '<', nowMs).execute();
  }

  async insertOutbox(
    channel: 'email' | 'sms',
    address: string,
    subject: string,
    body: string,
    nowMs: number,
    delivery = 'outbox',
  ) {
    await this.db
      .insertInto('outbox')
      .values({ channel, address, subject, body, created_at: nowMs, delivery })
      .execute();
  }

  /** A page of the message log, newest first, for one address or all. */
  async messagesPage(
    filter: { address?: string | undefined; channel?: 'email' | 'sms' | undefined },
    offset: number,
    limit: number,
  ) {
    let query = this.db.selectFrom('outbox');
    if (filter.address) query = query.where('address', '=', filter.address);
    if (filter.channel) query = query.where('channel', '=', filter.channel);
    const [rows, counted] = await Promise.all([
      query.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    ]);
    return {
      rows: rows.map((row) => ({
        id: toInt(row.id),
        channel: row.channel,
        address: row.address,
        subject: row.subject,
        body: row.body,
        delivery: row.delivery,
        createdAt: toInt(row.created_at),
      })),
      total: toInt((counted?.n as number | bigint | string) ?? 0),
    };
  }

  async listOutbox(limit = 50, address?: string): Promise<OutboxRecord[]> {
    let query = this.db.selectFrom('outbox').selectAll();
    if (address) query = query.where('address', '=', address);
    const rows = await query.orderBy('id', 'desc').limit(limit).execute();
    return rows.map((row) => ({
      id: toInt(row.id),
      channel: row.channel,
      address: row.address,
      subject: row.subject,
      body: row.body,
      createdAt: toInt(row.created_at),
    }));
  }

  /** Answers the new row's id, so an attempt counted before its check can be withdrawn. */
  async recordLoginFailure(accountKey: string, ip: string, nowMs: number): Promise<number> {
    const row = await this.db
      .insertInto('login_failures')
      .values({ account_key: accountKey, ip: addressUnit(ip), at: nowMs })
      .returning('id')
      .executeTakeFirstOrThrow();
    return toInt(row.id);
  }

  async withdrawLoginFailure(id: number): Promise<void> {
    await this.db.deleteFrom('login_failures').where('id', '=', id).execute();
  }

  async countLoginFailuresSince(
    column: 'account_key' | 'ip',
    value: string,
    sinceMs: number,
  ): Promise<number> {
    const row = await this.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(column, '=', column === 'ip' ? addressUnit(value) : value)
      .where('at', '>=', sinceMs)
      .executeTakeFirstOrThrow();
    return toInt(row.n as number | bigint | string);
  }

  async clearLoginFailures(accountKey: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('account_key', '=', accountKey).execute();
  }
}
