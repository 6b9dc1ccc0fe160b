/**
 * A handful of instruments for the feed's tests and benchmark: one of each kind of schedule,
 * precision and activity the real catalogue has. Not the catalogue itself.
 */
import {
  ALWAYS_OPEN,
  FOREX_WEEK,
  type InstrumentSpec,
  type SimulationProfile,
  type WeeklySchedule,
} from '@omp/engine';

export interface TestInstrument {
  spec: InstrumentSpec;
  profile: SimulationProfile;
}

function testInstrument(
  id: number,
  code: string,
  pricePrecision: number,
  spreadPoints: number,
  schedule: WeeklySchedule,
  profile: SimulationProfile,
): TestInstrument {
  return {
    spec: {
      id,
      code,
      showCode: code,
      logo: `${code.toLowerCase()}.svg`,
      categoryId: schedule === ALWAYS_OPEN ? 4 : 1,
      baseCurrency: code.slice(0, 3),
      quoteCurrency: code.slice(3) || 'USD',
      pricePrecision,
      lotStep: '0.01',
      minLots: '0.01',
      maxLots: '100',
      contractSize: 100_000,
      marginMode: 2,
      feeRate: '0',
      leverageOptions: [100],
      spreadPoints,
      schedule,
      sort: id,
    },
    profile,
  };
}

export const EURUSD = testInstrument(1, 'EURUSD', 5, 12, FOREX_WEEK, {
  startPrice: '1.08500',
  annualVolatility: 0.08,
  ticksPerSecond: 4,
});
export const USDJPY = testInstrument(2, 'USDJPY', 3, 15, FOREX_WEEK, {
  startPrice: '151.250',
  annualVolatility: 0.1,
  ticksPerSecond: 3,
});
export const XAUUSD = testInstrument(3, 'XAUUSD', 2, 30, FOREX_WEEK, {
  startPrice: '2350.00',
  annualVolatility: 0.15,
  ticksPerSecond: 3,
});
export const US30 = testInstrument(4, 'US30', 1, 20, FOREX_WEEK, {
  startPrice: '39000.0',
  annualVolatility: 0.15,
  ticksPerSecond: 2,
});
export const BTCUSDT = testInstrument(5, 'BTCUSDT', 2, 1500, ALWAYS_OPEN, {
  startPrice: '65000.00',
  annualVolatility: 0.6,
  ticksPerSecond: 5,
});
/** A quiet coin: under a tick a second, and a price of a few cents. */
export const DOGEUSDT = testInstrument(6, 'DOGEUSDT', 5, 20, ALWAYS_OPEN, {
  startPrice: '0.15000',
  annualVolatility: 0.9,
  ticksPerSecond: 0.5,
});

export const TEST_INSTRUMENTS: readonly TestInstrument[] = [EURUSD, USDJPY, XAUUSD, US30, BTCUSDT, DOGEUSDT];
