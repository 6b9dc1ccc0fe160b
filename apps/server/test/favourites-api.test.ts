/**
 * Favourites and the instrument search by name through the HTTP layer on a real database (SQLite,
 * and PostgreSQL when TEST_DATABASE_URL is set): a user's stars are kept per user, starring and
 * unstarring twice changes nothing, every bad input is refused clearly, and search finds names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf, favouriteIdsSchema, instrumentSchema, ResponseCode } from '@omp/protocol';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

describe.each(databaseEngines())('favourites and search API on %s', (engine) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
  });
  afterAll(async () => rt?.dispose());

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, body?: object) => {
    const res = await rt.app.inject({
      method,
      url,
      headers: { lang: 'en', ...(token ? { authorization: token } : {}) },
      ...(body ? { payload: body } : {}),
    });
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: unknown } };
  };
  // The order is the one starred, which a frozen test clock cannot tell apart: compare as sets.
  const ids = (body: unknown) => [...envelopeOf(favouriteIdsSchema).parse(body).data].sort((a, b) => a - b);
  const sorted = (...list: number[]) => list.sort((a, b) => a - b);
  const idOf = (code: string) => rt.market.instrumentByCode(code)!.id;

  it('keeps each user their own stars, and unstars', async () => {
    const client = tradingClient(rt);
    const alice = await client.demoUser();
    const bob = await client.demoUser();
    expect(ids((await call('GET', '/v1/api/forex/favourites', alice.token)).body)).toEqual([]);

    await call('POST', '/v1/api/forex/favourites', alice.token, { forex_id: idOf('XAUUSD') });
    const after = await call('POST', '/v1/api/forex/favourites', alice.token, { forex_id: idOf('EURUSD') });
    expect(ids(after.body)).toEqual(sorted(idOf('XAUUSD'), idOf('EURUSD')));
    // Starring twice changes nothing.
    const again = await call('POST', '/v1/api/forex/favourites', alice.token, { forex_id: idOf('XAUUSD') });
    expect(ids(again.body)).toEqual(sorted(idOf('XAUUSD'), idOf('EURUSD')));
    expect(ids((await call('GET', '/v1/api/forex/favourites', bob.token)).body)).toEqual([]);

    const removed = await call('DELETE', `/v1/api/forex/favourites?forex_id=${idOf('XAUUSD')}`, alice.token);
    expect(ids(removed.body)).toEqual([idOf('EURUSD')]);
    expect(ids((await call('GET', '/v1/api/forex/favourites', alice.token)).body)).toEqual([idOf('EURUSD')]);
    // Unstarring what is not starred changes nothing either.
    const none = await call('DELETE', `/v1/api/forex/favourites?forex_id=${idOf('XAUUSD')}`, alice.token);
    expect(ids(none.body)).toEqual([idOf('EURUSD')]);
  });

  it('asks for a session, a known instrument and a well-formed id', async () => {
    const noSession = await call('GET', '/v1/api/forex/favourites');
    expect(noSession.body).toMatchObject({ code: ResponseCode.sessionInvalid, data: null });
    const { token } = await tradingClient(rt).demoUser();
    const unknown = await call('POST', '/v1/api/forex/favourites', token, { forex_id: 99_999 });
    expect(unknown.body).toMatchObject({
      code: ResponseCode.notFound,
      msg: 'There is no instrument with id 99999',
    });
    const text = await call('POST', '/v1/api/forex/favourites', token, { forex_id: 'gold' });
    expect(text.body.code).not.toBe(ResponseCode.ok);
    expect(text.body.msg).toMatch(/forex_id/);
    const missing = await call('DELETE', '/v1/api/forex/favourites', token);
    expect(missing.body.msg).toMatch(/forex_id/);
    expect(ids((await call('GET', '/v1/api/forex/favourites', token)).body)).toEqual([]);
  });

  const search = async (text: string, lang: string) => {
    const res = await rt.app.inject({
      method: 'GET',
      url: `/v1/api/forex/trade_list?searchCurrency=${encodeURIComponent(text)}`,
      headers: { lang },
    });
    return envelopeOf(z.array(instrumentSchema))
      .parse(res.json())
      .data.map((i) => i.Code);
  };

  it('finds instruments by name in the language asked and in English, ignoring case and accents', async () => {
    expect(await search('gold', 'en')).toEqual(['XAUUSD']);
    expect(await search('BITCOIN', 'en')).toEqual(['BTCUSD']);
    expect(await search('黃金', 'hk')).toEqual(['XAUUSD']);
    expect(await search('gold', 'hk')).toEqual(['XAUUSD']);
    expect(await search('ビットコイン', 'jp')).toEqual(['BTCUSD']);
    expect(await search('petrole', 'fr')).toEqual(expect.arrayContaining(['USOIL', 'UKOIL']));
    // Another language's name is not searched: "oro" is gold in Spanish only.
    expect(await search('oro', 'spa')).toContain('XAUUSD');
    expect(await search('oro', 'en')).not.toContain('XAUUSD');
    // The code search keeps working.
    expect(await search('eur/us', 'en')).toContain('EURUSD');
  });

  it('names instruments in the language asked', async () => {
    const res = await rt.app.inject({
      method: 'GET',
      url: '/v1/api/forex/trade_list',
      headers: { lang: 'kr' },
    });
    const list = envelopeOf(z.array(instrumentSchema)).parse(res.json()).data;
    expect(list.find((i) => i.Code === 'BTCUSD')?.Name).toBe('비트코인');
    expect(list.every((i) => i.Name !== '')).toBe(true);
  });
});
