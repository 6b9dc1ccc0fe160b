/**
 * The market calls through the HTTP layer on a real database (SQLite, and PostgreSQL when
 * TEST_DATABASE_URL is set): shapes against the published schemas, history depth, live ticks,
 * and a clear enveloped refusal for every bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { categorySchema, envelopeOf, instrumentSchema, klinePointSchema, PERIODS } from '@omp/protocol';
import { STORED_KLINE_PERIODS } from '@omp/engine';
import { databaseEngines, startTestRuntime, type TestRuntime, WITH_HISTORY } from './helpers/test-runtime.ts';

describe.each(databaseEngines())('market API on %s', (engine) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await startTestRuntime({
      engine,
      env: { INGEST_SECRET: 'a-secret-of-enough-length', ...WITH_HISTORY },
    });
  });
  afterAll(async () => rt?.dispose());

  const get = async (url: string, lang = 'en') => {
    const res = await rt.app.inject({ method: 'GET', url, headers: { lang } });
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: unknown } };
  };
  const idOf = (code: string) => {
    const spec = rt.market.instrumentByCode(code);
    if (!spec) throw new Error(`no ${code}`);
    return spec.id;
  };

  it('lists categories with names in the request language', async () => {
    const en = await get('/v1/api/forex/getCategories', 'en');
    const parsed = envelopeOf(z.array(categorySchema)).parse(en.body);
    expect(parsed.code).toBe(1);
    expect(parsed.data.map((c) => c.Code)).toEqual(expect.arrayContaining(['forex', 'metals', 'crypto']));
    const hk = envelopeOf(z.array(categorySchema)).parse(
      (await get('/v1/api/forex/getCategories', 'hk')).body,
    );
    expect(hk.data[0]?.NameShowTrans).not.toBe(parsed.data[0]?.NameShowTrans);
    // The legacy `tw` code is Traditional Chinese too.
    const tw = envelopeOf(z.array(categorySchema)).parse(
      (await get('/v1/api/forex/getCategories', 'tw')).body,
    );
    expect(tw.data[0]?.NameShowTrans).toBe(hk.data[0]?.NameShowTrans);
  });

  it('lists at least 40 instruments with every field of the contract', async () => {
    const { body } = await get('/v1/api/forex/trade_list');
    const parsed = envelopeOf(z.array(instrumentSchema)).parse(body);
    expect(parsed.data.length).toBeGreaterThanOrEqual(40);
    const eurusd = parsed.data.find((i) => i.Code === 'EURUSD');
    expect(eurusd).toMatchObject({ MarketStatus: 1, ShowCode: 'EUR/USD', PricePrecision: 5 });
    expect(eurusd!.ForexQuotations.Ask).toBeGreaterThan(eurusd!.ForexQuotations.Bid);
    expect(eurusd!.ForexQuotations.Close).toBe(eurusd!.ForexQuotations.Bid);
    expect(eurusd!.HasForexMultiple.length).toBeGreaterThan(0);
  });

  it('filters by searchCurrency (ignoring case and the slash) and by category', async () => {
    const search = envelopeOf(z.array(instrumentSchema)).parse(
      (await get('/v1/api/forex/trade_list?searchCurrency=eur/us')).body,
    );
    expect(search.data.map((i) => i.Code)).toContain('EURUSD');
    expect(search.data.every((i) => /EUR/.test(i.Code))).toBe(true);
    const crypto = envelopeOf(z.array(instrumentSchema)).parse(
      (await get('/v1/api/forex/trade_list?category_id=5')).body,
    );
    expect(crypto.data.length).toBeGreaterThan(0);
    expect(crypto.data.every((i) => i.CategoryId === 5)).toBe(true);
    const none = await get('/v1/api/forex/trade_list?searchCurrency=NOSUCHTHING');
    expect(none.body).toMatchObject({ code: 1, data: [] });
  });

  // The derived periods (4H, 1W, 1MN) have their own test: derived-klines-api.test.ts.
  it.each(STORED_KLINE_PERIODS)(
    'serves at least 300 bars of %s history, oldest first and aligned',
    async (period) => {
      const { body } = await get(`/v1/api/forex/kline?forex_id=${idOf('EURUSD')}&period=${period}`);
      const bars = envelopeOf(z.array(klinePointSchema)).parse(body).data;
      expect(bars.length).toBe(300);
      for (let i = 1; i < bars.length; i++) expect(bars[i]!.Time).toBeGreaterThan(bars[i - 1]!.Time);
      for (const bar of bars) {
        expect(bar.High).toBeGreaterThanOrEqual(Math.max(bar.Open, bar.Close));
        expect(bar.Low).toBeLessThanOrEqual(Math.min(bar.Open, bar.Close));
      }
    },
  );

  it('pages older history with `before`', async () => {
    const id = idOf('BTCUSD');
    const latest = envelopeOf(z.array(klinePointSchema)).parse(
      (await get(`/v1/api/forex/kline?forex_id=${id}&period=1M&limit=50`)).body,
    ).data;
    const first = latest[0]!.Time;
    const older = envelopeOf(z.array(klinePointSchema)).parse(
      (await get(`/v1/api/forex/kline?forex_id=${id}&period=1M&limit=50&before=${first}`)).body,
    ).data;
    expect(older).toHaveLength(50);
    expect(older.at(-1)!.Time).toBeLessThan(first);
  });

  it('turns ticks into the quotation and the forming bar of every period', async () => {
    const spec = rt.market.instrumentByCode('XAUUSD')!;
    const id = spec.id;
    const before = envelopeOf(z.array(instrumentSchema)).parse(
      (await get('/v1/api/forex/trade_list?searchCurrency=XAUUSD')).body,
    ).data[0]!;
    const bid = Math.round(before.ForexQuotations.Bid * 100) + 250;
    rt.clock.advance(1000);
    rt.market.applyTicks([{ code: 'XAUUSD', bid, ask: bid + spec.spreadPoints, timeMs: rt.clock.now() }]);
    const after = envelopeOf(z.array(instrumentSchema)).parse(
      (await get('/v1/api/forex/trade_list?searchCurrency=XAUUSD')).body,
    ).data[0]!;
    expect(after.ForexQuotations.Bid).toBe(bid / 100);
    expect(after.ForexQuotations.Ask).toBe((bid + spec.spreadPoints) / 100);
    expect(after.ForexQuotations.NowTime).toBe(Math.floor(rt.clock.now() / 1000));
    for (const period of PERIODS) {
      const bars = envelopeOf(z.array(klinePointSchema)).parse(
        (await get(`/v1/api/forex/kline?forex_id=${id}&period=${period}&limit=2`)).body,
      ).data;
      expect(bars.at(-1)!.Close).toBe(bid / 100);
    }
    // Spec section 9's periods in minutes are the same bars.
    const inMinutes = (await get(`/v1/api/forex/kline?forex_id=${id}&period=60&limit=2`)).body;
    expect(inMinutes).toEqual((await get(`/v1/api/forex/kline?forex_id=${id}&period=1H&limit=2`)).body);
    expect((inMinutes as { code: number }).code).toBe(1);
  });

  it('serves the abbreviated kline for mini charts', async () => {
    const { body } = await get(`/v1/api/forex/abbreviated_cache_kline?forex_id=${idOf('ETHUSD')}&period=15M`);
    const bars = envelopeOf(z.array(klinePointSchema)).parse(body).data;
    expect(bars.length).toBe(96);
  });

  describe('refuses bad input with a clear message in the envelope', () => {
    it.each([
      ['/v1/api/forex/kline?forex_id=99999&period=1M', 404, 'There is no instrument with id 99999'],
      [
        '/v1/api/forex/kline?forex_id=1&period=2M',
        422,
        'period must be one of: 1M, 5M, 15M, 30M, 1H, 4H, 1D, 1W, 1MN',
      ],
      ['/v1/api/forex/kline?period=1M', 422, 'forex_id is required'],
      [
        '/v1/api/forex/kline?forex_id=abc&period=1M',
        422,
        'forex_id must be a whole number written in digits, such as 12',
      ],
      ['/v1/api/forex/kline?forex_id=1&period=1M&limit=5000', 422, 'limit must be at most 1000'],
      ['/v1/api/forex/abbreviated_cache_kline?forex_id=-3', 422, 'forex_id must be at least 1'],
    ])('GET %s', async (url, code, msg) => {
      const { status, body } = await get(url);
      expect(status).toBe(200);
      expect(body.code).toBe(code);
      expect(body.msg).toBe(msg);
      expect(body.data).toBeNull();
    });

    it('answers an unknown route with a 404 envelope', async () => {
      const { status, body } = await get('/v1/api/forex/nothing_here');
      expect(status).toBe(404);
      expect(body).toEqual({
        code: 404,
        msg: 'There is no such API route: GET /v1/api/forex/nothing_here',
        data: null,
      });
    });

    it('answers malformed JSON with a 400 envelope and no stack trace', async () => {
      const res = await rt.app.inject({
        method: 'POST',
        url: '/v1/api/forex/ingest',
        headers: {
          'content-type': 'application/json',
          'x-ingest-secret': 'a-secret-of-enough-length',
          lang: 'en',
        },
        payload: '{"ticks": [',
      });
      expect(res.statusCode).toBe(400);
      const body = res.json() as { code: number; msg: string };
      expect(body.code).toBe(400);
      expect(body.msg).toMatch(/^The request body could not be read/);
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    });

    it('speaks the language of the lang header', async () => {
      const de = await get('/v1/api/forex/kline?forex_id=99999&period=1M', 'de');
      const en = await get('/v1/api/forex/kline?forex_id=99999&period=1M', 'en');
      expect(de.body.msg).not.toBe(en.body.msg);
      expect(de.body.msg).toContain('99999');
    });
  });

  describe('tick ingest', () => {
    const post = (payload: unknown, secret?: string) =>
      rt.app.inject({
        method: 'POST',
        url: '/v1/api/forex/ingest',
        headers: { lang: 'en', ...(secret ? { 'x-ingest-secret': secret } : {}) },
        payload: payload as object,
      });

    it('refuses a missing or wrong secret', async () => {
      expect((await post({ ticks: [{ code: 'EURUSD', bid: 1.1 }] })).json()).toMatchObject({ code: 0 });
      const wrong = await post({ ticks: [{ code: 'EURUSD', bid: 1.1 }] }, 'not-the-right-secret!!');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ code: 0, msg: 'The tick-ingest secret is missing or wrong' });
    });

    it('applies valid ticks, with ask defaulting to bid + spread', async () => {
      rt.clock.advance(1000);
      const res = await post({ ticks: [{ code: 'EURUSD', bid: '1.23456' }] }, 'a-secret-of-enough-length');
      expect(res.json()).toMatchObject({ code: 1, data: { accepted: 1 } });
      const q = rt.market.quotationOf('EURUSD')!.quotation;
      const spread = rt.market.instrumentByCode('EURUSD')!.spreadPoints;
      expect(q.Bid).toBe(1.23456);
      expect(q.Ask).toBe((123456 + spread) / 100000);
    });

    it('refuses the whole batch when one tick is bad, and applies none of it', async () => {
      const before = rt.market.quotationOf('GBPUSD')!.quotation.Bid;
      const cases: Array<[unknown, string]> = [
        [
          {
            ticks: [
              { code: 'GBPUSD', bid: 1.3 },
              { code: 'NOPE', bid: 1 },
            ],
          },
          'Unknown instrument code: NOPE',
        ],
        [
          {
            ticks: [
              { code: 'GBPUSD', bid: 1.3 },
              { code: 'GBPUSD', bid: -2 },
            ],
          },
          'Price -2 for GBPUSD is not a positive number',
        ],
        [{ ticks: [{ code: 'GBPUSD', bid: 1.3, ask: 1.2 }] }, 'Ask must not be below bid for GBPUSD'],
        [{ ticks: [] }, 'ticks has too few items: at least 1'],
      ];
      for (const [payload, msg] of cases) {
        const body = (await post(payload, 'a-secret-of-enough-length')).json() as {
          code: number;
          msg: string;
        };
        expect(body.code).not.toBe(1);
        expect(body.msg).toBe(msg);
      }
      expect(rt.market.quotationOf('GBPUSD')!.quotation.Bid).toBe(before);
    });

    it('refuses a tick dated beyond the allowed clock skew, so the instrument keeps ticking', async () => {
      const secret = 'a-secret-of-enough-length';
      rt.clock.advance(1000);
      const now = rt.clock.now();
      const future = await post({ ticks: [{ code: 'AUDUSD', bid: 0.5, time: now + 60 * 60_000 }] }, secret);
      expect(future.json()).toMatchObject({
        code: 422,
        msg: "The tick for AUDUSD is dated 3600 s in the future; at most 5 s ahead is accepted (check the bridge's clock)",
      });
      // Within the default five seconds of skew a tick is taken as it is dated.
      expect(
        (await post({ ticks: [{ code: 'AUDUSD', bid: 0.6, time: now + 4000 }] }, secret)).json(),
      ).toMatchObject({ code: 1 });
      // Had the hour-ahead tick been applied, this honest one would be ignored as older.
      rt.clock.advance(5000);
      expect((await post({ ticks: [{ code: 'AUDUSD', bid: '0.61' }] }, secret)).json()).toMatchObject({
        code: 1,
      });
      expect(rt.market.quotationOf('AUDUSD')!.quotation.Bid).toBe(0.61);
    });
  });

  it('accepts the authorization header and the `t` cache-buster on every call', async () => {
    const res = await rt.app.inject({
      method: 'GET',
      url: `/v1/api/forex/kline?forex_id=${idOf('EURUSD')}&period=1H&limit=3&t=${Date.now()}`,
      headers: { lang: 'en', authorization: 'some-token' },
    });
    expect(res.json()).toMatchObject({ code: 1 });
    expect((res.json() as { data: unknown[] }).data).toHaveLength(3);
  });

  it('sends protective headers with every answer, refusals included', async () => {
    for (const url of ['/v1/api/forex/getCategories', '/nothing-here', '/logos/eurusd.svg']) {
      const res = await rt.app.inject({ method: 'GET', url });
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'same-origin',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
      });
      // Not told it is behind HTTPS: no Strict-Transport-Security, which would lock a plain-HTTP install out.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('is ready at /readyz once its database answers', async () => {
    const { status, body } = await get('/readyz');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ready', checks: { database: { ok: true } } });
  });

  it('publishes an OpenAPI document of the market routes', async () => {
    const { status, body } = await get('/openapi.json');
    expect(status).toBe(200);
    const paths = Object.keys((body as unknown as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/v1/api/forex/trade_list',
        '/v1/api/forex/kline',
        '/v1/api/forex/getCategories',
      ]),
    );
  });
});
