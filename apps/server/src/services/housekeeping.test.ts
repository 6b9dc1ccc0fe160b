import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExpiringTable } from '../repositories/retention-repository.ts';
import { Housekeeping, type HousekeepingOptions } from './housekeeping.ts';

const DAY_MS = 86_400_000;
const NOW_MS = 1_800_000_000_000;

/** No chart bars to delete: the rounds of the tables alone. */
const noBars = { barSeriesInstruments: async () => [], deleteBarsBefore: async () => 0 };

function setup(owns: boolean, backlog: Record<string, number>, overrides: Partial<HousekeepingOptions> = {}) {
  const asked: Array<[string, number, number]> = [];
  const errors: string[] = [];
  const housekeeping = new Housekeeping({
    repository: {
      deleteBefore: async ({ table }: ExpiringTable, beforeMs: number, limit: number) => {
        asked.push([table, beforeMs, limit]);
        const rows = Math.min(limit, backlog[table] ?? 0);
        backlog[table] = (backlog[table] ?? 0) - rows;
        return rows;
      },
      ...noBars,
    },
    runsHere: () => owns,
    now: () => NOW_MS,
    everyMs: 3_600_000,
    idempotencyRetentionMs: 7 * DAY_MS,
    messageLogRetentionMs: 90 * DAY_MS,
    sessionHistoryRetentionMs: 365 * DAY_MS,
    barRetentionPeriods: 100_000,
    rowsPerStatement: 10,
    logInfo: () => undefined,
    logError: (_error, message) => void errors.push(message),
    ...overrides,
  });
  return { housekeeping, asked, errors };
}

describe('the housekeeping round', () => {
  afterEach(() => void vi.useRealTimers());

  it('runs a minute after start, then every interval, and no more once stopped', async () => {
    vi.useFakeTimers();
    const { housekeeping, asked } = setup(true, {});
    const rounds = () => asked.filter(([table]) => table === 'idempotency_keys').length;
    housekeeping.start();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(rounds()).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(rounds()).toBe(1);
    await vi.advanceTimersByTimeAsync(3_600_000 - 60_000);
    expect(rounds()).toBe(2);
    await housekeeping.stop();
    await vi.advanceTimersByTimeAsync(2 * 3_600_000);
    expect(rounds()).toBe(2);
  });

  it('deletes each kind before its own cut-off, statement by statement until one comes back short', async () => {
    const { housekeeping, asked } = setup(true, { idempotency_keys: 25, outbox: 10, sessions: 3 });
    expect(await housekeeping.runNow()).toEqual({
      idempotencyReplies: 25,
      messages: 10,
      loginFailures: 0,
      verificationCodes: 0,
      loginChallenges: 0,
      userSessions: 3,
      staffSessions: 0,
      bars: 0,
      unattachedUploads: 0,
    });
    expect(asked).toEqual([
      ['idempotency_keys', NOW_MS - 7 * DAY_MS, 10],
      ['idempotency_keys', NOW_MS - 7 * DAY_MS, 10],
      ['idempotency_keys', NOW_MS - 7 * DAY_MS, 10],
      // A full statement may have taken the last rows: one more finds none.
      ['outbox', NOW_MS - 90 * DAY_MS, 10],
      ['outbox', NOW_MS - 90 * DAY_MS, 10],
      ['login_failures', NOW_MS - DAY_MS, 10],
      ['verification_codes', NOW_MS - DAY_MS, 10],
      ['user_login_challenges', NOW_MS - DAY_MS, 10],
      ['sessions', NOW_MS - 365 * DAY_MS, 10],
      ['staff_sessions', NOW_MS - 365 * DAY_MS, 10],
    ]);
  });

  it("deletes each stored series' bars opened before its last periods, and leaves the daily bars alone", async () => {
    const asked: Array<[number, string, number, number]> = [];
    const backlog: Record<string, number> = { '7:1M': 25, '9:5M': 3 };
    const { housekeeping } = setup(
      true,
      {},
      {
        repository: {
          deleteBefore: async () => 0,
          barSeriesInstruments: async () => [7, 9],
          deleteBarsBefore: async (instrumentId, period, beforeSec, limit) => {
            asked.push([instrumentId, period, beforeSec, limit]);
            const series = `${instrumentId}:${period}`;
            const rows = Math.min(limit, backlog[series] ?? 0);
            backlog[series] = (backlog[series] ?? 0) - rows;
            return rows;
          },
        },
        barRetentionPeriods: 100_000,
      },
    );
    expect((await housekeeping.runNow()).bars).toBe(28);
    const nowSec = NOW_MS / 1000;
    // 100,000 periods of each length; 100,000 days reach back before 1970, so no daily statement.
    const cutOffs = [
      ['1M', nowSec - 6_000_000],
      ['5M', nowSec - 30_000_000],
      ['15M', nowSec - 90_000_000],
      ['30M', nowSec - 180_000_000],
      ['1H', nowSec - 360_000_000],
    ] as const;
    const expected = (instrumentId: number, repeats: Partial<Record<string, number>>) =>
      cutOffs.flatMap(([period, beforeSec]) =>
        Array.from({ length: repeats[period] ?? 1 }, () => [instrumentId, period, beforeSec, 10]),
      );
    expect(asked).toEqual([...expected(7, { '1M': 3 }), ...expected(9, {})]);
  });

  it('deletes nothing on a node that does not own the book', async () => {
    const { housekeeping, asked } = setup(false, { idempotency_keys: 25 });
    expect(Object.values(await housekeeping.runNow())).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(asked).toEqual([]);
  });

  it('logs a failure and ends the round, keeping what it had deleted', async () => {
    const { housekeeping, errors } = setup(true, { idempotency_keys: 5 });
    let statements = 0;
    const failing = setup(
      true,
      {},
      {
        repository: {
          deleteBefore: async () => {
            // Two full statements, then the third fails: the rows of the first two still count.
            if (++statements === 3) throw new Error('disk full');
            return 10;
          },
          ...noBars,
        },
      },
    );
    expect((await failing.housekeeping.runNow()).idempotencyReplies).toBe(20);
    expect(failing.errors).toEqual(['housekeeping failed; the next round goes on']);
    expect((await housekeeping.runNow()).idempotencyReplies).toBe(5);
    expect(errors).toEqual([]);
  });

  it('ends a round under way after its current statement when stopped', async () => {
    const backlog = { idempotency_keys: 1_000 };
    const { housekeeping, asked } = setup(true, backlog);
    const round = housekeeping.runNow();
    await housekeeping.stop();
    await round;
    expect(asked).toEqual([['idempotency_keys', NOW_MS - 7 * DAY_MS, 10]]);
    expect(backlog.idempotency_keys).toBe(990);
  });
});
