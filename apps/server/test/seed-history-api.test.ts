/**
 * `SEED_HISTORY`: a server whose first start backfills no synthetic chart history (a broker whose
 * real feed brings its own) serves the catalogue with empty charts, and its charts start at the
 * first real tick; a later start with the setting on backfills every instrument then.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf, klinePointSchema } from '@omp/protocol';
import { databaseEngines, startTestRuntime, type TestRuntime, WITH_HISTORY } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { SEED_INSTRUMENTS } from '../src/seed/instruments.ts';

describe.each(databaseEngines())('seeded chart history on %s', (engine) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await startTestRuntime({ engine, env: { SEED_HISTORY: 'false' } });
  });
  afterAll(async () => rt?.dispose());

  const bars = async (code: string, period: string) => {
    const id = rt.market.instrumentByCode(code)!.id;
    const res = await rt.app.inject({
      method: 'GET',
      url: `/v1/api/forex/kline?forex_id=${id}&period=${period}`,
      headers: { lang: 'en' },
    });
    return envelopeOf(z.array(klinePointSchema)).parse(res.json()).data;
  };

  it('starts without history when told to, and its chart starts at the first tick', async () => {
    expect(rt.seedReport).toMatchObject({
      instruments: SEED_INSTRUMENTS.length,
      backfilledInstruments: 0,
      bars: 0,
    });
    expect(await bars('EURUSD', '1M')).toEqual([]);

    tradingClient(rt).tick('EURUSD', '1.10000', '1.10012');
    const forming = await bars('EURUSD', '1M');
    expect(forming).toHaveLength(1);
    expect(forming[0]).toMatchObject({ Open: 1.1, Close: 1.1 });
  });

  it('backfills every instrument still without bars at a later start with the setting on', async () => {
    rt = await rt.restart(WITH_HISTORY);
    // EURUSD has the bar of its real tick: its history is left as it is.
    const others = SEED_INSTRUMENTS.length - 1;
    expect(rt.seedReport).toMatchObject({ instruments: 0, backfilledInstruments: others });
    expect(rt.seedReport.bars).toBeGreaterThan(300 * others);
    expect(await bars('XAUUSD', '1H')).toHaveLength(300);
    expect(await bars('EURUSD', '1M')).toHaveLength(1);
  });
});
