/**
 * The latest kline page comes from encoded pages of closed bars (services/kline-pages.ts): its
 * answer must be the very bytes the uncached computation gives, within a forming bar, across a bar
 * close (stored, derived and mini-chart pages alike, and older pages with `before`) and after staff
 * change the instrument's price precision; and compressed, it must decode to the same text with the
 * same headers.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KlinePeriod } from '@omp/engine';
import type { WireStaffInstrument } from '@omp/protocol';
import { adminToken, callApi } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime, WITH_HISTORY } from './helpers/test-runtime.ts';

const PERIODS: KlinePeriod[] = ['1M', '5M', '4H'];
const LIMITS = [1000, 3, 1];

describe.each(databaseEngines())('cached kline pages on %s', (engine) => {
  let rt: TestRuntime;
  let admin: string;
  beforeAll(async () => {
    // The bars are written when the test says: a timed write between a page and its uncached
    // computation would make them differ (decision 0023: a read during a write may see either).
    rt = await startTestRuntime({ engine, env: WITH_HISTORY, timedBarFlush: false });
    admin = await adminToken(rt);
  });
  afterAll(async () => rt?.dispose());

  const get = (url: string, headers: Record<string, string> = {}) =>
    rt.app.inject({ method: 'GET', url, headers: { lang: 'en', ...headers } });
  const spec = (code: string) => rt.market.instrumentByCode(code)!;
  /** A tick `bid` points away from the start price, now by the test clock. */
  const tick = (code: string, bid: number) =>
    rt.market.applyTicks([{ code, bid, ask: bid + spec(code).spreadPoints, timeMs: rt.clock.now() }]);

  /** Every page of `code` answers exactly what the uncached computation gives at this moment. */
  const expectPagesUncached = async (code: string) => {
    const { id } = spec(code);
    for (const period of PERIODS)
      for (const limit of LIMITS) {
        // Twice: the first may build the page, the second is served from it.
        for (const round of [1, 2]) {
          const res = await get(`/v1/api/forex/kline?forex_id=${id}&period=${period}&limit=${limit}`);
          const uncached = await rt.market.klines(id, period, limit);
          const expected = JSON.stringify({ code: 1, msg: 'Success', data: uncached });
          expect(res.body, `${code} ${period} limit ${limit}, round ${round}`).toBe(expected);
          expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
          // Older pages, as a chart scrolls back: up to the forming bar, and from the middle.
          for (const before of [uncached.at(-1)?.Time, uncached[Math.floor(uncached.length / 2)]?.Time]) {
            if (before === undefined) continue;
            const older = await get(
              `/v1/api/forex/kline?forex_id=${id}&period=${period}&limit=${limit}&before=${before}`,
            );
            const data = await rt.market.klines(id, period, limit, before);
            expect(older.body, `${code} ${period} limit ${limit} before ${before}, round ${round}`).toBe(
              JSON.stringify({ code: 1, msg: 'Success', data }),
            );
          }
        }
      }
  };
  const lastBars = async (code: string, count: number) =>
    (await get(`/v1/api/forex/kline?forex_id=${spec(code).id}&period=1M&limit=${count}`)).json<{
      data: Array<{ Time: number; High: number; Close: number }>;
    }>().data;

  it('answers as uncached within a forming bar and across a bar close, once the bars are written', async () => {
    const start = rt.market.currentQuote(spec('EURUSD').id)!.bid;
    // Into the next minute: the first tick there opens a new forming bar.
    rt.clock.set((Math.floor(rt.clock.now() / 60_000) + 1) * 60_000 + 5_000);
    tick('EURUSD', start + 10);
    await rt.market.flush();
    await expectPagesUncached('EURUSD');

    // Within the same bar: the cached closed bars with the moved forming bar.
    rt.clock.advance(1_000);
    tick('EURUSD', start + 40);
    await expectPagesUncached('EURUSD');
    const formingTime = (await lastBars('EURUSD', 1))[0]!.Time;

    // The bar closes: until it is written, the answer is computed as before; after, from a new page.
    rt.clock.advance(60_000);
    tick('EURUSD', start + 25);
    await expectPagesUncached('EURUSD');
    await rt.market.flush();
    await expectPagesUncached('EURUSD');
    const [closed, forming] = await lastBars('EURUSD', 2);
    expect(closed!.Time).toBe(formingTime);
    expect(closed!.High).toBe(Number(((start + 40) / 10 ** spec('EURUSD').pricePrecision).toFixed(5)));
    expect(forming!.Time).toBe(formingTime + 60);
  });

  it('serves the mini chart from the same pages, and compressed answers decode to the same text', async () => {
    const { id } = spec('EURUSD');
    const url = `/v1/api/forex/abbreviated_cache_kline?forex_id=${id}&period=1M`;
    const plain = await get(url);
    expect(plain.body).toBe(
      JSON.stringify({ code: 1, msg: 'Success', data: await rt.market.klines(id, '1M', 96) }),
    );
    const page = `/v1/api/forex/kline?forex_id=${id}&period=1M&limit=1000`;
    const identity = await get(page);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await get(page, { 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(decode(res.rawPayload).toString('utf8')).toBe(identity.body);
    }
  });

  it('sends a cached page with the headers of any other JSON answer, and no body to HEAD', async () => {
    const { id } = spec('EURUSD');
    const page = `/v1/api/forex/kline?forex_id=${id}&period=1M&limit=1000`;
    await get(page); // builds the page: the next answer comes from it
    const cached = await get(page);
    const last = cached.json<{ data: Array<{ Time: number }> }>().data.at(-1)!;
    // An older page, computed and serialized as any answer is.
    const older = await get(`${page}&before=${last.Time}`);
    const comparable = (headers: Record<string, unknown>) => {
      const { date: _date, 'x-request-id': requestId, 'content-length': length, ...rest } = headers;
      expect(requestId).toBeTruthy();
      expect(length).toBeTruthy();
      return rest;
    };
    expect(comparable(cached.headers)).toEqual(comparable(older.headers));
    expect(Number(cached.headers['content-length'])).toBe(cached.rawPayload.length);
    const head = await rt.app.inject({ method: 'HEAD', url: page, headers: { lang: 'en' } });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(80_000);
  });

  it('answers in the new points after staff change the price precision, the same prices as before', async () => {
    const audcad = spec('AUDCAD');
    const start = rt.market.currentQuote(audcad.id)!.bid;
    rt.clock.advance(60_000);
    tick('AUDCAD', start + 3);
    await rt.market.flush();
    await expectPagesUncached('AUDCAD');
    const before = await lastBars('AUDCAD', 1000);

    const change = (body: Record<string, unknown>) =>
      callApi<WireStaffInstrument>(rt, 'POST', `/admin/api/instruments/${audcad.id}`, admin, body);
    expect(await change({ enabled: false })).toMatchObject({ code: 1 });
    expect(await change({ price_precision: audcad.pricePrecision + 1 })).toMatchObject({ code: 1 });
    await expectPagesUncached('AUDCAD');
    expect(await lastBars('AUDCAD', 1000)).toEqual(before);

    // Ticking in the new points moves the forming bar of the new pages.
    rt.clock.advance(1_000);
    tick('AUDCAD', (start + 3) * 10 + 7);
    await expectPagesUncached('AUDCAD');
    expect(await change({ price_precision: audcad.pricePrecision })).toMatchObject({ code: 1 });
    await expectPagesUncached('AUDCAD');
    expect(await change({ enabled: true })).toMatchObject({ code: 1 });
  });
});
