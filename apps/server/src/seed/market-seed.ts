/**
 * First start: fills the catalogue (categories, instruments) and backfills chart history so every
 * stored period shows at least 300 bars (unless `history` is false: a real feed brings its own).
 * Later starts find the data and do nothing; an instrument without bars is backfilled then.
 */
import { ALWAYS_OPEN, STORED_KLINE_PERIODS, parsePriceToPoints } from '@omp/engine';
import { backfillHistory } from '../adapters/feed/history-backfill.ts';
import type { MarketRepository } from '../repositories/market-repository.ts';
import { SEED_CATEGORIES, SEED_INSTRUMENTS } from './instruments.ts';

export interface SeedReport {
  categories: number;
  instruments: number;
  backfilledInstruments: number;
  bars: number;
}

/**
 * `openAllWeek` lists instruments seeded as trading around the clock instead of their usual week:
 * a practice server that trades forex at weekends, and the browser tests, which must behave the
 * same on any day. Only the first start reads it; later, staff change hours in the back office.
 */
export async function seedMarket(
  repository: MarketRepository,
  nowMs: number,
  seed: number,
  openAllWeek: readonly string[] = [],
  history = true,
): Promise<SeedReport> {
  const report: SeedReport = { categories: 0, instruments: 0, backfilledInstruments: 0, bars: 0 };
  if ((await repository.listCategories()).length === 0) {
    await repository.insertCategories(SEED_CATEGORIES);
    report.categories = SEED_CATEGORIES.length;
  }
  if ((await repository.listInstruments()).length === 0) {
    await repository.insertInstruments(
      SEED_INSTRUMENTS.map(({ spec, profile }) => ({
        spec: openAllWeek.includes(spec.code) ? { ...spec, schedule: ALWAYS_OPEN } : spec,
        profile,
        enabled: true,
      })),
    );
    report.instruments = SEED_INSTRUMENTS.length;
  }
  if (!history) return report;
  for (const { spec, profile } of await repository.listInstruments()) {
    if ((await repository.recentBars(spec.id, '1M', 1)).length > 0) continue;
    const endBid = parsePriceToPoints(profile.startPrice, spec.pricePrecision);
    if (endBid === null)
      throw new Error(`instrument ${spec.code} has an unusable start price ${profile.startPrice}`);
    const history = backfillHistory({ spec, profile, endTimeMs: nowMs, endBid, seed: seed * 1009 + spec.id });
    const batch = STORED_KLINE_PERIODS.map((period) => ({
      instrumentId: spec.id,
      period,
      bars: history[period],
    }));
    await repository.upsertBarsBatch(batch);
    report.backfilledInstruments += 1;
    report.bars += batch.reduce((n, item) => n + item.bars.length, 0);
  }
  return report;
}
