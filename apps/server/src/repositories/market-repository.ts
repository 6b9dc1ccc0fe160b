/**
 * Reads and writes categories, instruments and kline bars. Rows become engine and wire-neutral
 * records here, so nothing above this layer sees driver-specific integer types.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Bar, InstrumentSpec, SimulationProfile, StoredKlinePeriod, WeeklySchedule } from '@omp/engine';
import type { Language } from '@omp/protocol';
import type { Database, InstrumentTable } from '../db/schema.ts';
import { toInt } from '../db/values.ts';
import { writeRows, type RowsStatement } from './bulk-rows.ts';

export interface CategoryRecord {
  id: number;
  code: string;
  sort: number;
  names: Partial<Record<Language, string>>;
}

export interface InstrumentRecord {
  spec: InstrumentSpec;
  profile: SimulationProfile;
  /** false: staff halted new orders; the spec then says `tradingHalted`. */
  enabled: boolean;
  /** The instrument's name by language, as staff set it (none for a fresh seed). */
  names?: Partial<Record<Language, string>>;
}

type KlineColumn = 'instrument_id' | 'period' | 'time' | 'open' | 'high' | 'low' | 'close' | 'volume';

const KLINE_ROWS: RowsStatement<KlineColumn> = {
  table: 'klines',
  columns: ['instrument_id', 'period', 'time', 'open', 'high', 'low', 'close', 'volume'],
  onConflict: {
    key: ['instrument_id', 'period', 'time'],
    update: ['open', 'high', 'low', 'close', 'volume'],
  },
};

type KlineRow = Record<KlineColumn, number | string>;

const klineRow = (instrumentId: number, period: StoredKlinePeriod, bar: Bar): KlineRow => ({
  instrument_id: instrumentId,
  period,
  time: bar.time,
  open: bar.open,
  high: bar.high,
  low: bar.low,
  close: bar.close,
  volume: bar.volume,
});

/**
 * The rows of a batch of bars, each bar once. One statement may not touch a row twice (PostgreSQL
 * refuses), so where a bar appears twice the later state wins. The usual batch (each instrument and
 * period once, its bars in rising time, as the market's flush and the first start's history give
 * them) has no repeat, which a pass over the times shows without a key per bar.
 */
function klineRows(
  batch: ReadonlyArray<{ instrumentId: number; period: StoredKlinePeriod; bars: readonly Bar[] }>,
): KlineRow[] {
  const series = new Set<string>();
  let repeats = false;
  for (const { instrumentId, period, bars } of batch) {
    const name = `${instrumentId}:${period}`;
    if (series.has(name)) repeats = true;
    series.add(name);
    for (let i = 1; i < bars.length && !repeats; i++) if (bars[i]!.time <= bars[i - 1]!.time) repeats = true;
  }
  if (!repeats)
    return batch.flatMap(({ instrumentId, period, bars }) =>
      bars.map((bar) => klineRow(instrumentId, period, bar)),
    );
  const rows = new Map<string, KlineRow>();
  for (const { instrumentId, period, bars } of batch)
    for (const bar of bars)
      rows.set(`${instrumentId}:${period}:${bar.time}`, klineRow(instrumentId, period, bar));
  return [...rows.values()];
}

export class MarketRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async listCategories(): Promise<CategoryRecord[]> {
    const rows = await this.db.selectFrom('categories').selectAll().orderBy('sort').orderBy('id').execute();
    return rows.map((row) => ({
      id: toInt(row.id),
      code: row.code,
      sort: toInt(row.sort),
      names: JSON.parse(row.names) as CategoryRecord['names'],
    }));
  }

  async insertCategories(categories: readonly CategoryRecord[]): Promise<void> {
    if (categories.length === 0) return;
    await this.db
      .insertInto('categories')
      .values(
        categories.map((c) => ({ id: c.id, code: c.code, sort: c.sort, names: JSON.stringify(c.names) })),
      )
      .execute();
  }

  async listInstruments(): Promise<InstrumentRecord[]> {
    const rows = await this.db.selectFrom('instruments').selectAll().orderBy('sort').orderBy('id').execute();
    return rows.map(instrumentFromRow);
  }

  async insertInstruments(instruments: readonly InstrumentRecord[]): Promise<void> {
    if (instruments.length === 0) return;
    await this.db.insertInto('instruments').values(instruments.map(instrumentToRow)).execute();
  }

  /** Inserts or replaces bars (a forming bar is written again as it grows). */
  async upsertBars(instrumentId: number, period: StoredKlinePeriod, bars: readonly Bar[]): Promise<void> {
    await this.upsertBarsBatch([{ instrumentId, period, bars }]);
  }

  /**
   * Writes many instruments' bars in one transaction (one fsync instead of hundreds), as multi-row
   * upserts of up to ROWS_PER_STATEMENT bars whatever their instrument and period: the market's
   * flush each second changes a bar of every stored period of every instrument, and one statement
   * per instrument and period was hundreds of round trips a second to PostgreSQL. `fence` runs
   * first inside it and throws to write nothing (a cluster node that no longer produces the market).
   */
  async upsertBarsBatch(
    batch: ReadonlyArray<{ instrumentId: number; period: StoredKlinePeriod; bars: readonly Bar[] }>,
    fence?: (trx: Transaction<Database>) => Promise<void>,
  ) {
    const rows = klineRows(batch);
    await this.db.transaction().execute(async (trx) => {
      await fence?.(trx);
      await writeRows(trx, KLINE_ROWS, rows);
    });
  }

  /** The most recent `limit` bars (opening before `beforeTime` when given), oldest first. */
  async recentBars(
    instrumentId: number,
    period: StoredKlinePeriod,
    limit: number,
    beforeTime?: number,
  ): Promise<Bar[]> {
    let query = this.db
      .selectFrom('klines')
      .select(['time', 'open', 'high', 'low', 'close', 'volume'])
      .where('instrument_id', '=', instrumentId)
      .where('period', '=', period);
    if (beforeTime !== undefined) query = query.where('time', '<', beforeTime);
    const rows = await query.orderBy('time', 'desc').limit(limit).execute();
    return rows.reverse().map((row) => ({
      time: toInt(row.time),
      open: toInt(row.open),
      high: toInt(row.high),
      low: toInt(row.low),
      close: toInt(row.close),
      volume: toInt(row.volume),
    }));
  }

  async countBars(): Promise<number> {
    const row = await this.db
      .selectFrom('klines')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return toInt(row.n as number | bigint | string);
  }

  async getSetting(key: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value;
  }

  async setSetting(key: string, value: string, nowMs: number): Promise<void> {
    await upsertSetting(this.db, key, value, nowMs);
  }

  /** Pending and holding orders per instrument id (instruments with none are absent). */
  async openOrdersByInstrument(): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('orders')
      .select(['instrument_id', (eb) => eb.fn.countAll().as('n')])
      .where('status', 'in', [0, 1])
      .groupBy('instrument_id')
      .execute();
    return new Map(rows.map((row) => [toInt(row.instrument_id), toInt(row.n as number | bigint | string)]));
  }

  /**
   * Changes one instrument in a transaction: `decide` gets the stored record and the number of its
   * orders still open (pending or holding) and returns the new record, or throws to change nothing;
   * `alongside` writes the audit row in the same transaction. Undefined when there is no such
   * instrument.
   */
  changeInstrument(
    id: number,
    decide: (before: InstrumentRecord, openOrders: number) => InstrumentRecord,
    alongside: (
      trx: Transaction<Database>,
      before: InstrumentRecord,
      after: InstrumentRecord,
    ) => Promise<void>,
  ): Promise<{ before: InstrumentRecord; after: InstrumentRecord } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('instruments').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const open = await trx
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('instrument_id', '=', id)
        .where('status', 'in', [0, 1])
        .executeTakeFirstOrThrow();
      const before = instrumentFromRow(row);
      const after = decide(before, toInt(open.n as number | bigint | string));
      const { id: _id, code: _code, ...changed } = instrumentToRow(after);
      await trx.updateTable('instruments').set(changed).where('id', '=', id).execute();
      const from = before.spec.pricePrecision;
      const to = after.spec.pricePrecision;
      if (from !== to) await rescaleStoredPrices(trx, id, from, to);
      await alongside(trx, before, after);
      return { before, after };
    });
  }

  /**
   * Changes settings in one transaction with `alongside` (the audit row): each key's stored value
   * before (undefined when never stored) goes to `alongside`. Reads go through the transaction:
   * SQLite has one connection, which the transaction holds.
   */
  async changeSettings(
    changes: ReadonlyArray<readonly [string, string]>,
    nowMs: number,
    alongside: (trx: Transaction<Database>, stored: Map<string, string | undefined>) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const stored = new Map<string, string | undefined>();
      for (const [key, value] of changes) {
        const row = await trx
          .selectFrom('settings')
          .select('value')
          .where('key', '=', key)
          .executeTakeFirst();
        stored.set(key, row?.value);
        await upsertSetting(trx, key, value, nowMs);
      }
      await alongside(trx, stored);
    });
  }
}

function upsertSetting(
  db: Kysely<Database> | Transaction<Database>,
  key: string,
  value: string,
  nowMs: number,
) {
  return db
    .insertInto('settings')
    .values({ key, value, updated_at: nowMs })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: nowMs }))
    .execute();
}

type InstrumentRow = {
  [K in keyof InstrumentTable]: InstrumentTable[K] extends string ? string : number | bigint | string;
};

function instrumentFromRow(row: InstrumentRow): InstrumentRecord {
  const marginMode = toInt(row.margin_mode);
  return {
    spec: {
      id: toInt(row.id),
      code: row.code,
      showCode: row.show_code,
      logo: row.logo,
      categoryId: toInt(row.category_id),
      baseCurrency: row.base_currency,
      quoteCurrency: row.quote_currency,
      pricePrecision: toInt(row.price_precision),
      lotStep: row.lot_step,
      minLots: row.min_lots,
      maxLots: row.max_lots,
      contractSize: toInt(row.contract_size),
      marginMode: marginMode === 1 ? 1 : 2,
      feeRate: row.fee_rate,
      leverageOptions: JSON.parse(row.leverage_options) as number[],
      spreadPoints: toInt(row.spread_points),
      schedule: JSON.parse(row.schedule) as WeeklySchedule,
      sort: toInt(row.sort),
      ...(toInt(row.enabled) === 1 ? {} : { tradingHalted: true }),
    },
    profile: {
      startPrice: row.sim_start_price,
      annualVolatility: Number(row.sim_annual_volatility),
      ticksPerSecond: Number(row.sim_ticks_per_second),
    },
    enabled: toInt(row.enabled) === 1,
    names: JSON.parse(String(row.names)) as Partial<Record<Language, string>>,
  };
}

function instrumentToRow({ spec, profile, enabled, names }: InstrumentRecord) {
  return {
    id: spec.id,
    code: spec.code,
    show_code: spec.showCode,
    logo: spec.logo,
    category_id: spec.categoryId,
    base_currency: spec.baseCurrency,
    quote_currency: spec.quoteCurrency,
    price_precision: spec.pricePrecision,
    lot_step: spec.lotStep,
    min_lots: spec.minLots,
    max_lots: spec.maxLots,
    contract_size: spec.contractSize,
    margin_mode: spec.marginMode,
    fee_rate: spec.feeRate,
    leverage_options: JSON.stringify(spec.leverageOptions),
    spread_points: spec.spreadPoints,
    schedule: JSON.stringify(spec.schedule),
    sort: spec.sort,
    enabled: enabled ? 1 : 0,
    names: JSON.stringify(names ?? {}),
    sim_start_price: profile.startPrice,
    sim_annual_volatility: String(profile.annualVolatility),
    sim_ticks_per_second: String(profile.ticksPerSecond),
  };
}

/**
 * Every stored price of an instrument (its bars, its orders) in points of a new precision
 * (engine SPEC.md P6): multiplied exactly, or divided rounding half up (prices are positive, and a
 * 0 meaning "none" stays 0). Integer arithmetic in SQL, the same on SQLite and PostgreSQL.
 */
async function rescaleStoredPrices(trx: Transaction<Database>, id: number, from: number, to: number) {
  // Literals, not parameters: a bound number can arrive as a float, and integer division it must be.
  const factor = sql.lit(10 ** Math.abs(to - from));
  const twice = sql.lit(2 * 10 ** Math.abs(to - from));
  const scaled = (column: string) =>
    to > from
      ? sql<number>`${sql.ref(column)} * ${factor}`
      : sql<number>`(${sql.ref(column)} * 2 + ${factor}) / ${twice}`;
  await trx
    .updateTable('klines')
    .set({ open: scaled('open'), high: scaled('high'), low: scaled('low'), close: scaled('close') })
    .where('instrument_id', '=', id)
    .execute();
  await trx
    .updateTable('orders')
    .set({
      target_points: scaled('target_points'),
      open_points: scaled('open_points'),
      close_points: scaled('close_points'),
      stop_loss_points: scaled('stop_loss_points'),
      take_profit_points: scaled('take_profit_points'),
      // A distance in points too: the same distance in the new points.
      trailing_points: scaled('trailing_points'),
    })
    .where('instrument_id', '=', id)
    .execute();
}
