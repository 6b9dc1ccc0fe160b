/**
 * The housekeeping round: deletes records whose use has ended, so the tables that grow with every
 * keyed order, every message sent, every sign-in and every failed one stay bounded.
 *
 * - Stored idempotency replies after `idempotencyRetentionMs` (IDEMPOTENCY_RETENTION_DAYS, 7 by
 *   default). A retry comes seconds or minutes after the call it repeats; one later than the
 *   retention is taken as a new request (README "Placing orders safely").
 * - The message log (the outbox of e-mails and SMS staff can read) after `messageLogRetentionMs`
 *   (MESSAGE_LOG_RETENTION_DAYS, 90 by default).
 * - Failed sign-ins, verification codes and sign-in challenges a day after they stop counting:
 *   failures count for the 15-minute lockout window, codes live 10 minutes and are limited per
 *   hour, challenges live minutes.
 * - Chart bars older than `barRetentionPeriods` periods of their own length (KLINE_RETENTION_BARS,
 *   100,000 by default, as a desktop terminal's "max bars in chart"): the live feed stores about
 *   78,000 one-minute bars a day for 54 instruments, which kept for ever grew the table by millions
 *   of rows a month. A chart keeps its last 100,000 periods (one-minute bars about 69 days,
 *   five-minute bars 347, hourly bars 11 years, daily bars in effect for ever). Each series goes by
 *   its own primary key range (instrument, period, time), so no index is added for it.
 *
 * It runs on the node that owns the book, so one node of a cluster does it: shortly after start
 * and every `everyMs`. A statement deletes at most `rowsPerStatement` rows, the oldest first, and
 * the round yields to the event loop between statements, so a backlog of millions (the first round
 * after an upgrade) neither holds the loop nor keeps the table locked.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { KLINE_PERIOD_SECONDS, MS_PER_DAY, STORED_KLINE_PERIODS } from '@omp/engine';
import type { ExpiringTable, RetentionRepository } from '../repositories/retention-repository.ts';

/**
 * How long an upload may wait to be attached to an identity submission or a deposit: a day covers
 * a user who uploads and finishes the form later; what is still unattached then is deleted.
 */
export const UNATTACHED_UPLOAD_RETENTION_MS = MS_PER_DAY;

/** How long after start the first round runs: soon, so frequent restarts still prune. */
const FIRST_ROUND_AFTER_MS = 60_000;

export const EXPIRING_TABLES = {
  idempotencyReplies: { table: 'idempotency_keys', key: ['user_id', 'key'], datedBy: 'created_at' },
  messages: { table: 'outbox', key: ['id'], datedBy: 'created_at' },
  loginFailures: { table: 'login_failures', key: ['id'], datedBy: 'at' },
  verificationCodes: { table: 'verification_codes', key: ['id'], datedBy: 'created_at' },
  loginChallenges: { table: 'user_login_challenges', key: ['token_hash'], datedBy: 'expires_at' },
  userSessions: { table: 'sessions', key: ['id'], datedBy: 'expires_at', keepNewestOf: 'user_id' },
  staffSessions: { table: 'staff_sessions', key: ['id'], datedBy: 'expires_at', keepNewestOf: 'staff_id' },
} as const satisfies Record<string, ExpiringTable>;

export type ExpiringKind = keyof typeof EXPIRING_TABLES;

/** What a round deletes: the expiring tables' records, chart bars, and uploads never attached. */
export type HousekeepingKind = ExpiringKind | 'bars' | 'unattachedUploads';

export interface HousekeepingOptions {
  repository: Pick<RetentionRepository, 'deleteBefore' | 'barSeriesInstruments' | 'deleteBarsBefore'>;
  /** Whether this node owns the book (services/owner-calls.ts). */
  runsHere: () => boolean;
  now: () => number;
  everyMs: number;
  idempotencyRetentionMs: number;
  messageLogRetentionMs: number;
  sessionHistoryRetentionMs: number;
  /** How many periods of its own length each chart series keeps (KLINE_RETENTION_BARS). */
  barRetentionPeriods: number;
  /**
   * Deletes up to `limit` uploads made before `beforeMs` that nothing refers to (with their bytes);
   * UploadService.deleteUnattached. Uploads are kept for ever without it.
   */
  deleteUnattachedUploads?: (beforeMs: number, limit: number) => Promise<number>;
  /** 1,000 unless a test asks for fewer, to see a backlog deleted over several statements. */
  rowsPerStatement?: number;
  /** Counts what each round deleted (`omp_housekeeping_deleted_rows_total`). */
  counts?: { deletedRows(kind: HousekeepingKind, rows: number): void };
  logInfo: (message: string) => void;
  logError: (error: unknown, message: string) => void;
}

export class Housekeeping {
  private readonly options: HousekeepingOptions;
  private readonly timers: NodeJS.Timeout[] = [];
  private running: Promise<unknown> = Promise.resolve();
  private stopping = false;

  constructor(options: HousekeepingOptions) {
    this.options = options;
  }

  start(): void {
    const later = () => {
      this.running = this.running.then(() => this.runNow());
    };
    this.timers.push(setTimeout(later, Math.min(FIRST_ROUND_AFTER_MS, this.options.everyMs)));
    this.timers.push(setInterval(later, this.options.everyMs));
    for (const timer of this.timers) timer.unref();
  }

  /** Stops the timers and ends a round under way after its current statement. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of this.timers) clearTimeout(timer);
    await this.running;
  }

  /**
   * One round: answers how many rows of each kind it deleted (none on a node that does not own the
   * book). A failure is logged and ends the round; the next round takes up what is left.
   */
  async runNow(): Promise<Record<HousekeepingKind, number>> {
    const deleted: Record<HousekeepingKind, number> = {
      idempotencyReplies: 0,
      messages: 0,
      loginFailures: 0,
      verificationCodes: 0,
      loginChallenges: 0,
      userSessions: 0,
      staffSessions: 0,
      bars: 0,
      unattachedUploads: 0,
    };
    if (!this.options.runsHere()) return deleted;
    const { now, idempotencyRetentionMs, messageLogRetentionMs, sessionHistoryRetentionMs } = this.options;
    const atMs = now();
    const before: Record<ExpiringKind, number> = {
      idempotencyReplies: atMs - idempotencyRetentionMs,
      messages: atMs - messageLogRetentionMs,
      loginFailures: atMs - MS_PER_DAY,
      verificationCodes: atMs - MS_PER_DAY,
      loginChallenges: atMs - MS_PER_DAY,
      userSessions: atMs - sessionHistoryRetentionMs,
      staffSessions: atMs - sessionHistoryRetentionMs,
    };
    try {
      for (const kind of Object.keys(EXPIRING_TABLES) as ExpiringKind[]) {
        if (this.stopping) break;
        await this.deleteAll(kind, before[kind], deleted);
      }
      await this.deleteOldBars(atMs, deleted);
      const deleteUploads = this.options.deleteUnattachedUploads;
      if (deleteUploads && !this.stopping)
        await this.deleteInStatements('unattachedUploads', deleted, (limit) =>
          deleteUploads(atMs - UNATTACHED_UPLOAD_RETENTION_MS, limit),
        );
    } catch (error) {
      this.options.logError(error, 'housekeeping failed; the next round goes on');
    }
    const summary = Object.entries(deleted).filter(([, rows]) => rows > 0);
    if (summary.length > 0)
      this.options.logInfo(
        `housekeeping deleted ${summary.map(([kind, rows]) => `${rows} ${kind}`).join(', ')}`,
      );
    return deleted;
  }

  /** Deletes every row of `kind` dated before `beforeMs`, counting each statement's as it goes. */
  private async deleteAll(
    kind: ExpiringKind,
    beforeMs: number,
    deleted: Record<HousekeepingKind, number>,
  ): Promise<void> {
    await this.deleteInStatements(kind, deleted, (limit) =>
      this.options.repository.deleteBefore(EXPIRING_TABLES[kind], beforeMs, limit),
    );
  }

  /**
   * Deletes the bars of every stored series opened before its last `barRetentionPeriods` periods;
   * a series whose cut-off falls before 1970 (daily bars) is left alone without a statement.
   */
  private async deleteOldBars(atMs: number, deleted: Record<HousekeepingKind, number>): Promise<void> {
    const { repository, barRetentionPeriods } = this.options;
    const nowSec = Math.floor(atMs / 1000);
    for (const instrumentId of await repository.barSeriesInstruments()) {
      for (const period of STORED_KLINE_PERIODS) {
        const beforeSec = nowSec - barRetentionPeriods * KLINE_PERIOD_SECONDS[period];
        if (beforeSec <= 0 || this.stopping) continue;
        await this.deleteInStatements('bars', deleted, (limit) =>
          repository.deleteBarsBefore(instrumentId, period, beforeSec, limit),
        );
        await nextTurn();
      }
    }
  }

  /** Runs a bounded delete until it deletes fewer rows than its limit, yielding between statements. */
  private async deleteInStatements(
    kind: HousekeepingKind,
    deleted: Record<HousekeepingKind, number>,
    deleteSome: (limit: number) => Promise<number>,
  ): Promise<void> {
    const limit = this.options.rowsPerStatement ?? 1_000;
    for (;;) {
      const rows = await deleteSome(limit);
      deleted[kind] += rows;
      this.options.counts?.deletedRows(kind, rows);
      if (rows < limit || this.stopping) return;
      await nextTurn();
    }
  }
}
