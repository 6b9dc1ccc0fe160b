/**
 * The derived kline periods (4H, 1W, 1MN; packages/engine/SPEC.md K8) through HTTP and the socket
 * on a real database: each bar is the roll-up of the stored source bars of its bucket, buckets
 * start at 00/04/…/20 h UTC, on Monday 00:00 UTC and on the 1st of the month, paging with `before`
 * joins up without a gap or an overlap, and a tick moves the forming bar of every derived period.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf, klinePointSchema, type KlinePoint } from '@omp/protocol';
import { RecordingClient, type Message } from './helpers/recording-client.ts';
import { databaseEngines, startTestRuntime, type TestRuntime, WITH_HISTORY } from './helpers/test-runtime.ts';

/** The bucket each derived bar must open at, computed here independently of the engine. */
const OPENS_AT: Record<'4H' | '1W' | '1MN', (timeSec: number) => number> = {
  '4H': (t) => Math.floor(t / 14400) * 14400,
  '1W': (t) => {
    const date = new Date(t * 1000);
    const sinceMonday = (date.getUTCDay() + 6) % 7;
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - sinceMonday) / 1000;
  },
  '1MN': (t) => {
    const date = new Date(t * 1000);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
  },
};
const SOURCE = { '4H': '1H', '1W': '1D', '1MN': '1D' } as const;

/** Groups source bars by bucket the plain way: open of the first, close of the last, extremes, sum. */
function expectedRollUp(source: readonly KlinePoint[], period: keyof typeof OPENS_AT): KlinePoint[] {
  const bars: KlinePoint[] = [];
  for (const bar of source) {
    const time = OPENS_AT[period](bar.Time);
    const last = bars.at(-1);
    if (last?.Time === time) {
      last.High = Math.max(last.High, bar.High);
      last.Low = Math.min(last.Low, bar.Low);
      last.Close = bar.Close;
      last.Volume += bar.Volume;
    } else bars.push({ ...bar, Time: time });
  }
  return bars;
}

describe.each(databaseEngines())('derived kline periods on %s', (engine) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await startTestRuntime({ engine, env: WITH_HISTORY });
  });
  afterAll(async () => rt?.dispose());

  const bars = async (query: string): Promise<KlinePoint[]> => {
    const res = await rt.app.inject({
      method: 'GET',
      url: `/v1/api/forex/kline?${query}`,
      headers: { lang: 'en' },
    });
    const parsed = envelopeOf(z.array(klinePointSchema)).parse(res.json());
    expect(parsed.code).toBe(1);
    return parsed.data;
  };
  const idOf = (code: string) => rt.market.instrumentByCode(code)!.id;

  it.each(['4H', '1W', '1MN'] as const)(
    '%s bars are the roll-up of the stored source bars, aligned to their calendar buckets',
    async (period) => {
      const id = idOf('EURUSD');
      const derived = await bars(`forex_id=${id}&period=${period}&limit=1000`);
      const source = await bars(`forex_id=${id}&period=${SOURCE[period]}&limit=1000`);
      // Every bucket the source covers completely (the oldest source bucket may be cut by the limit).
      const expected = expectedRollUp(source, period).slice(1);
      expect(expected.length).toBeGreaterThan(period === '1MN' ? 10 : 60);
      expect(derived.slice(-expected.length)).toEqual(expected);
      for (const bar of derived) expect(bar.Time).toBe(OPENS_AT[period](bar.Time));
      for (let i = 1; i < derived.length; i++) expect(derived[i]!.Time).toBeGreaterThan(derived[i - 1]!.Time);
    },
  );

  it('answers exactly `limit` bars, and pages older weeks with `before` without a gap or an overlap', async () => {
    const id = idOf('BTCUSD');
    const all = await bars(`forex_id=${id}&period=1W&limit=40`);
    expect(all).toHaveLength(40);
    const latest = await bars(`forex_id=${id}&period=1W&limit=15`);
    const older = await bars(`forex_id=${id}&period=1W&limit=25&before=${latest[0]!.Time}`);
    expect([...older, ...latest]).toEqual(all);
    // A `before` inside a week still gives that week whole: it opens before the time.
    const inside = await bars(`forex_id=${id}&period=1W&limit=1&before=${latest[0]!.Time + 3600}`);
    expect(inside).toEqual([latest[0]]);
  });

  it('takes 4 hours, a week and a month in minutes too', async () => {
    const id = idOf('EURUSD');
    for (const [minutes, period] of [
      ['240', '4H'],
      ['10080', '1W'],
      ['43200', '1MN'],
    ] as const)
      expect(await bars(`forex_id=${id}&period=${minutes}&limit=3`)).toEqual(
        await bars(`forex_id=${id}&period=${period}&limit=3`),
      );
  });

  it('moves the forming bar of every derived period with a tick, on the REST call and the socket', async () => {
    await rt.app.listen({ port: 0, host: '127.0.0.1' });
    const address = rt.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const client = new RecordingClient(`ws://127.0.0.1:${address.port}/v1/ws?lang=en`);
    await client.open();
    client.send({ type: 'sub', params: 'KLINE.ETHUSD.1W' });
    const isKline = (m: Message) => typeof m === 'object' && m.type === 'KLINE';
    const snapshot = (await client.waitFor(isKline)) as { period: string; kline: KlinePoint };
    expect(snapshot.period).toBe('1W');

    const spec = rt.market.instrumentByCode('ETHUSD')!;
    const scale = 10 ** spec.pricePrecision;
    const before = await bars(`forex_id=${spec.id}&period=1MN&limit=1`);
    // Far above anything seen this month: the new high and the close of every derived bar.
    const bid = Math.round(before[0]!.High * scale * 2);
    rt.clock.advance(1000);
    rt.market.applyTicks([{ code: 'ETHUSD', bid, ask: bid + spec.spreadPoints, timeMs: rt.clock.now() }]);
    for (const period of ['4H', '1W', '1MN'] as const) {
      const [forming] = (await bars(`forex_id=${spec.id}&period=${period}&limit=1`)).slice(-1);
      expect(forming).toMatchObject({ Close: bid / scale, High: bid / scale });
      expect(forming!.Time).toBe(OPENS_AT[period](Math.floor(rt.clock.now() / 1000)));
    }
    rt.hub.flush();
    const push = (await client.waitFor(
      (m) => isKline(m) && (m as { kline: KlinePoint }).kline.Close === bid / scale,
    )) as { topic: string; kline: KlinePoint };
    expect(push.topic).toBe('KLINE.ETHUSD.1W');
    expect(push.kline.Time).toBe(OPENS_AT['1W'](Math.floor(rt.clock.now() / 1000)));
    client.close();
  });
});
