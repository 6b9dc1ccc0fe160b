/**
 * The housekeeping round on a real database: stored idempotency replies are answered for the
 * retention and forgotten after it (the key then places a new order), a backlog goes in bounded
 * statements, and the message log, failed sign-ins, verification codes and sign-in challenges go
 * once their use has ended, while the recent ones (the lockout still counts them) stay. Sessions go
 * a year after they expired, but each person's newest stays. A chart keeps its last 100,000
 * periods of bars, and its history then ends there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KlinePoint, WireMessage, WireUserSession } from '@omp/protocol';
import { Housekeeping } from '../src/services/housekeeping.ts';
import { RetentionRepository } from '../src/repositories/retention-repository.ts';
import { VerificationRepository } from '../src/repositories/verification-repository.ts';
import { UserSecondFactorRepository } from '../src/repositories/user-second-factor-repository.ts';
import { SessionRepository } from '../src/repositories/session-repository.ts';
import { StaffRepository } from '../src/repositories/staff-repository.ts';
import { insertIdempotencyRecords } from '../src/repositories/idempotency-repository.ts';
import { MarketRepository } from '../src/repositories/market-repository.ts';
import { callApi, staffToken } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { liftLeverageCaps } from './helpers/leverage-helpers.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

describe.each(databaseEngines())('housekeeping on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    await liftLeverageCaps(rt);
    t = tradingClient(rt);
    t.tick('EURUSD', '1.10000', '1.10010');
  });
  afterAll(() => rt?.dispose());

  const countRows = async (table: 'idempotency_keys' | 'user_login_challenges', userId: number) => {
    const row = await rt.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('answers a keyed order again for the retention, and takes its key as new after it', async () => {
    const { token, id } = await t.realUser('10000');
    const order = { forex_id: t.spec('EURUSD').id, type: 1, status: 1, cont: 0.01, multiple: 100 };
    const key = { 'idempotency-key': 'kept-for-a-week' };
    const placed = await t.submit(token, order, key);
    expect(placed.code).toBe(1);

    rt.clock.advance(7 * DAY_MS - MINUTE_MS);
    t.tick('EURUSD', '1.10000', '1.10010');
    expect((await rt.housekeeping.runNow()).idempotencyReplies).toBe(0);
    const replayed = await t.submit(token, order, key);
    expect(replayed).toEqual(placed);

    rt.clock.advance(2 * MINUTE_MS);
    t.tick('EURUSD', '1.10000', '1.10010');
    expect((await rt.housekeeping.runNow()).idempotencyReplies).toBeGreaterThanOrEqual(1);
    expect(await countRows('idempotency_keys', id)).toBe(0);
    const anew = await t.submit(token, order, key);
    expect(anew.code).toBe(1);
    expect(anew.data.Id).toBeGreaterThan(placed.data.Id);
    const holding = await t.myDeal(token, 1);
    expect(holding.data.data.map((row) => row.Id).sort((a, b) => a - b)).toEqual([
      placed.data.Id,
      anew.data.Id,
    ]);
    await t.expectLedgerBalanced(id);
  });

  it('deletes a backlog a bounded number of rows per statement and keeps the fresh replies', async () => {
    const { id } = await t.realUser('100');
    const nowMs = rt.clock.now();
    const record = (key: string) => ({
      userId: id,
      key,
      operation: 'submit',
      fingerprint: 'f',
      response: '{}',
    });
    await rt.database.db.transaction().execute(async (trx) => {
      const old = Array.from({ length: 2_500 }, (_, i) => record(`old-${i}`));
      await insertIdempotencyRecords(trx, old, nowMs - 30 * DAY_MS);
      await insertIdempotencyRecords(trx, [record('fresh-1'), record('fresh-2')], nowMs - DAY_MS);
    });
    const repository = new RetentionRepository(rt.database.db);
    const statements: Array<[string, number]> = [];
    const housekeeping = new Housekeeping({
      repository: {
        deleteBefore: async (expiring, beforeMs, limit) => {
          const rows = await repository.deleteBefore(expiring, beforeMs, limit);
          statements.push([expiring.table, rows]);
          return rows;
        },
        barSeriesInstruments: () => repository.barSeriesInstruments(),
        deleteBarsBefore: (...series) => repository.deleteBarsBefore(...series),
      },
      runsHere: () => true,
      now: rt.clock.now,
      everyMs: 3_600_000,
      idempotencyRetentionMs: 7 * DAY_MS,
      messageLogRetentionMs: 90 * DAY_MS,
      sessionHistoryRetentionMs: 365 * DAY_MS,
      barRetentionPeriods: 100_000,
      logInfo: () => undefined,
      logError: (error) => {
        throw error;
      },
    });
    expect((await housekeeping.runNow()).idempotencyReplies).toBe(2_500);
    expect(statements.filter(([table]) => table === 'idempotency_keys')).toEqual([
      ['idempotency_keys', 1_000],
      ['idempotency_keys', 1_000],
      ['idempotency_keys', 500],
    ]);
    expect(await countRows('idempotency_keys', id)).toBe(2);
  });

  it('forgets the message log after its retention and sign-in records a day after their use', async () => {
    const { id } = await t.realUser('100');
    const nowMs = rt.clock.now();
    const verifications = new VerificationRepository(rt.database.db);
    const address = `kept-${engine}@example.com`;
    await verifications.insertOutbox('email', address, 'Old', 'sent 91 days ago', nowMs - 91 * DAY_MS);
    await verifications.insertOutbox('email', address, 'Recent', 'sent 89 days ago', nowMs - 89 * DAY_MS);

    const accountKey = `user:housekeeping-${engine}`;
    await verifications.recordLoginFailure(accountKey, '10.9.9.9', nowMs - 2 * DAY_MS);
    await verifications.recordLoginFailure(accountKey, '10.9.9.9', nowMs - MINUTE_MS);

    const codeAddress = `codes-${engine}@example.com`;
    const code = (createdAt: number) => ({
      channel: 'email' as const,
      address: codeAddress,
      purpose: 1,
      codeHash: 'h',
      ip: '10.9.9.9',
      createdAt,
      expiresAt: createdAt + 10 * MINUTE_MS,
    });
    await verifications.insertCode(code(nowMs - 3 * DAY_MS));
    await verifications.insertCode(code(nowMs - 5 * MINUTE_MS));

    const challenges = new UserSecondFactorRepository(rt.database.db);
    // A challenge opens only for the password the user has (session-grounds.ts).
    const passwordHash = `scrypt$housekeeping-${engine}`;
    await rt.database.db
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', id)
      .execute();
    await challenges.openChallenge({
      passwordHash,
      tokenHash: `lapsed-${engine}`.padEnd(64, '0'),
      userId: id,
      ip: '10.9.9.9',
      nowMs: nowMs - 2 * DAY_MS,
      expiresAtMs: nowMs - 2 * DAY_MS + 5 * MINUTE_MS,
    });
    expect(await countRows('user_login_challenges', id)).toBe(1);

    const deleted = await rt.housekeeping.runNow();
    expect(deleted).toMatchObject({
      messages: 1,
      loginFailures: 1,
      verificationCodes: 1,
      loginChallenges: 1,
    });
    const counted = await rt.metrics.registry.getSingleMetricAsString('omp_housekeeping_deleted_rows_total');
    for (const kind of ['messages', 'loginFailures', 'verificationCodes', 'loginChallenges'])
      expect(counted.split('\n')).toContain(`omp_housekeeping_deleted_rows_total{kind="${kind}"} 1`);

    const staff = await staffToken(rt, ['compliance']);
    const log = await callApi<{ list: WireMessage[]; total: number }>(
      rt,
      'GET',
      `/admin/api/messages?address=${encodeURIComponent(address)}`,
      staff,
    );
    expect(log.data.list.map((message) => message.subject)).toEqual(['Recent']);
    // The recent failure still counts towards the lockout, and the live code still answers.
    expect(await verifications.countLoginFailuresSince('account_key', accountKey, 0)).toBe(1);
    expect(await verifications.countCodesSince('address', codeAddress, 0)).toBe(1);
    expect(await verifications.liveCode(codeAddress, 1)).toBeDefined();
    expect(await countRows('user_login_challenges', id)).toBe(0);
  });

  it("forgets sessions a year after they expired, but keeps each person's newest", async () => {
    const nowMs = rt.clock.now();
    const sessions = new SessionRepository(rt.database.db);
    let planted = 0;
    const plant = (userId: number, expiredDaysAgo: number, ip: string) =>
      sessions.create(
        {
          userId,
          tokenHash: `ended-${engine}-${++planted}`.padEnd(64, '0'),
          nowMs: nowMs - (expiredDaysAgo + 30) * DAY_MS,
          expiresAtMs: nowMs - expiredDaysAgo * DAY_MS,
          ip,
          userAgent: null,
          deviceId: null,
          timeZone: null,
        },
        { fresh: true },
      );
    // A user who is signed in now, with sign-ins that ended long ago and one that ended 364 days ago.
    const { id: active } = await t.realUser('100');
    await plant(active, 400, '10.1.0.1');
    await plant(active, 366, '10.1.0.2');
    await plant(active, 364, '10.1.0.3');
    // A user who has not signed in for years: their last session stays, the one before goes.
    const { id: away } = await t.realUser('100');
    await rt.database.db.deleteFrom('sessions').where('user_id', '=', away).execute();
    await plant(away, 600, '10.2.0.1');
    await plant(away, 500, '10.2.0.2');

    const staff = await staffToken(rt, ['support']);
    const { id: staffId, password_hash } = await rt.database.db
      .selectFrom('staff')
      .select(['id', 'password_hash'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await new StaffRepository(rt.database.db).openSession({
      staffId: Number(staffId),
      passwordHash: password_hash,
      tokenHash: `staff-ended-${engine}`.padEnd(64, '0'),
      nowMs: nowMs - 400 * DAY_MS,
      expiresAtMs: nowMs - 399 * DAY_MS,
      ip: '10.3.0.1',
      userAgent: 'old browser',
    });

    const deleted = await rt.housekeeping.runNow();
    expect(deleted).toMatchObject({ userSessions: 3, staffSessions: 1 });
    const shown = async (userId: number) =>
      (await callApi<WireUserSession[]>(rt, 'GET', `/admin/api/users/${userId}/sessions`, staff)).data.map(
        (session) => [session.ip, session.state],
      );
    expect(await shown(active)).toEqual([
      ['10.1.0.3', 'expired'],
      [expect.any(String), 'live'],
    ]);
    expect(await shown(away)).toEqual([['10.2.0.2', 'expired']]);
    const staffSessions = await rt.database.db
      .selectFrom('staff_sessions')
      .select('ip')
      .where('staff_id', '=', staffId)
      .execute();
    expect(staffSessions.map((row) => row.ip)).not.toContain('10.3.0.1');
    expect(staffSessions).toHaveLength(1);
  });

  it("keeps each chart's last 100,000 periods of bars and deletes the older ones, daily bars kept", async () => {
    const spec = t.spec('GBPUSD');
    const minuteNow = Math.floor(rt.clock.now() / 60_000) * 60;
    const bar = (time: number) => ({
      time,
      open: 12_500,
      high: 12_510,
      low: 12_490,
      close: 12_505,
      volume: 7,
    });
    const minutesAgo = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, at) => bar(minuteNow - (from + at) * 60));
    const bars = new MarketRepository(rt.database.db);
    // 2,500 one-minute bars past 100,000 minutes, ten within them; one hourly bar each side of
    // 100,000 hours; a daily bar 400 days old (100,000 days reach back before 1970).
    await bars.upsertBars(spec.id, '1M', [...minutesAgo(100_001, 102_500), ...minutesAgo(99_990, 99_999)]);
    const hourNow = Math.floor(minuteNow / 3600) * 3600;
    await bars.upsertBars(spec.id, '1H', [bar(hourNow - 100_001 * 3600), bar(hourNow - 99_999 * 3600)]);
    const dayNow = Math.floor(minuteNow / 86_400) * 86_400;
    await bars.upsertBars(spec.id, '1D', [bar(dayNow - 400 * 86_400)]);

    const deleted = await rt.housekeeping.runNow();
    expect(deleted.bars).toBe(2_501);
    const counted = await rt.metrics.registry.getSingleMetricAsString('omp_housekeeping_deleted_rows_total');
    expect(counted.split('\n')).toContain('omp_housekeeping_deleted_rows_total{kind="bars"} 2501');

    const page = async (period: string, before: number) =>
      (
        await callApi<KlinePoint[]>(
          rt,
          'GET',
          `/v1/api/forex/kline?forex_id=${spec.id}&period=${period}&limit=1000&before=${before}`,
        )
      ).data.map((point) => point.Time);
    // Scrolling back, the one-minute chart ends at its oldest kept bar.
    expect(await page('1M', minuteNow - 99_989 * 60)).toEqual(
      minutesAgo(99_990, 99_999)
        .map((b) => b.time)
        .reverse(),
    );
    expect(await page('1M', minuteNow - 100_000 * 60)).toEqual([]);
    expect(await page('1H', hourNow - 99_000 * 3600)).toEqual([hourNow - 99_999 * 3600]);
    expect(await page('1D', dayNow - 399 * 86_400)).toEqual([dayNow - 400 * 86_400]);
    // A second round finds nothing more to delete.
    expect((await rt.housekeeping.runNow()).bars).toBe(0);
  });
});
