/**
 * The preferences a user keeps on the server (the chart's indicators) through HTTP on a real
 * database (SQLite, and PostgreSQL when TEST_DATABASE_URL is set): saved and read back per user,
 * the last save wins, another user never sees them, a real user's own demo account shares them, and
 * every bad input is refused clearly, leaving what was saved untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CHART_INDICATORS,
  envelopeOf,
  preferenceSchema,
  ResponseCode,
  type ChartIndicators,
  type LoginResult,
} from '@omp/protocol';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

const PATH = '/v1/api/user/preferences';

const withRsi: ChartIndicators = { ...DEFAULT_CHART_INDICATORS, rsi: { on: true, period: 21 } };
const withBands: ChartIndicators = {
  ...DEFAULT_CHART_INDICATORS,
  bollinger: { on: true, period: 30, deviation: 2.5 },
  macd: { on: true, fast: 8, slow: 21, signal: 5 },
};

describe.each(databaseEngines())('user preferences API on %s', (engine) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
  });
  afterAll(async () => rt?.dispose());

  const call = async (method: 'GET' | 'POST', url: string, token?: string, body?: unknown, lang = 'en') => {
    const res = await rt.app.inject({
      method,
      url,
      headers: {
        lang,
        ...(token ? { authorization: token } : {}),
        ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: unknown } };
  };
  const read = async (token: string) =>
    envelopeOf(preferenceSchema).parse((await call('GET', `${PATH}?name=chart_indicators`, token)).body).data;
  const save = (token: string, value: unknown, lang = 'en') =>
    call('POST', PATH, token, { name: 'chart_indicators', value }, lang);

  it('reads nothing before the first save, then what was saved, the last save winning', async () => {
    const { token } = await tradingClient(rt).demoUser();
    expect(await read(token)).toEqual({ name: 'chart_indicators', value: null, updated_at: null });

    const saved = await save(token, withRsi);
    expect(saved.body).toMatchObject({
      code: ResponseCode.ok,
      data: { name: 'chart_indicators', value: withRsi },
    });
    expect(await read(token)).toMatchObject({ value: withRsi, updated_at: expect.any(Number) });

    await save(token, withBands);
    expect((await read(token)).value).toEqual(withBands);
  });

  it("keeps each user's preferences apart", async () => {
    const client = tradingClient(rt);
    const alice = await client.realUser('0');
    const bob = await client.realUser('0');
    await save(alice.token, withRsi);
    expect((await read(bob.token)).value).toBeNull();
    await save(bob.token, withBands);
    expect((await read(alice.token)).value).toEqual(withRsi);
    expect((await read(bob.token)).value).toEqual(withBands);
  });

  it("shares a real user's preferences with their own demo account", async () => {
    const client = tradingClient(rt);
    const real = await client.realUser('0');
    await save(real.token, withRsi);
    const demo = await client.postForm<LoginResult>('/api/user/demo_session', {}, real.token);
    const demoToken = demo.data.token;
    expect((await read(demoToken)).value).toEqual(withRsi);
    await save(demoToken, withBands);
    expect((await read(real.token)).value).toEqual(withBands);
  });

  it('asks for a session', async () => {
    expect((await call('GET', `${PATH}?name=chart_indicators`)).body).toMatchObject({
      code: ResponseCode.sessionInvalid,
      data: null,
    });
    expect(
      (await call('POST', PATH, undefined, { name: 'chart_indicators', value: withRsi })).body,
    ).toMatchObject({ code: ResponseCode.sessionInvalid, data: null });
  });

  it('refuses unknown names, wrong values and oversized bodies clearly, keeping what was saved', async () => {
    const { token } = await tradingClient(rt).demoUser();
    await save(token, withRsi);
    const refusal = (msg: string) => ({ code: ResponseCode.invalid, msg, data: null });

    expect((await call('GET', `${PATH}?name=theme`, token)).body).toEqual(
      refusal('name must be one of: chart_indicators'),
    );
    expect((await call('GET', PATH, token)).body).toEqual(refusal('name is required'));
    expect((await call('POST', PATH, token, { name: 'theme', value: 'dark' })).body).toEqual(
      refusal('name must be one of: chart_indicators'),
    );
    expect((await call('POST', PATH, token, { name: 'chart_indicators' })).body).toEqual(
      refusal('value is required'),
    );
    const tooShort = { ...withRsi, rsi: { on: true, period: 1 } };
    expect((await save(token, tooShort)).body).toEqual(refusal('value.rsi.period must be at least 2'));
    const offStep = { ...withRsi, bollinger: { on: true, period: 20, deviation: 2.3 } };
    expect((await save(token, offStep)).body).toEqual(
      refusal('value.bollinger.deviation must be a multiple of 0.5'),
    );
    const flatMacd = { ...withRsi, macd: { on: true, fast: 26, slow: 12, signal: 9 } };
    expect((await save(token, flatMacd)).body).toEqual(
      refusal('value.macd: the fast period must be shorter than the slow period'),
    );
    // The same refusal in the language asked.
    expect((await save(token, flatMacd, 'de')).body.msg).toBe(
      'value.macd: Die schnelle Periode muss kürzer als die langsame sein',
    );
    const { ema: _ema, ...missing } = withRsi;
    expect((await save(token, missing)).body.msg).toMatch(/^value\.ema /);
    const extra = { ...withRsi, rsi: { on: true, period: 14, colour: 'red' } };
    expect((await save(token, extra)).body).toEqual(refusal('This call does not take the field(s) colour'));
    expect(
      (await call('POST', PATH, token, { name: 'chart_indicators', value: withRsi, x: 1 })).body,
    ).toEqual(refusal('This call does not take the field(s) x'));

    // A body over the cap is refused before it is read, whatever it holds.
    const padded = JSON.stringify({ name: 'chart_indicators', value: withRsi, pad: 'x'.repeat(5000) });
    const large = await call('POST', PATH, token, padded);
    expect(large.status).toBe(413);
    expect(large.body).toEqual({
      code: ResponseCode.payloadTooLarge,
      msg: 'The request body is too large',
      data: null,
    });

    expect((await read(token)).value).toEqual(withRsi);
  });
});
