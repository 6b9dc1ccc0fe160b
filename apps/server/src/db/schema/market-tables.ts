/**
 * The market's catalogue and price history, and the server's own settings and secrets. Prices in
 * `klines` are integer points of the instrument's precision; decimals that configure trading (lot
 * sizes, fee rates, simulator levels) are stored as text so they round-trip exactly on both engines.
 */
import type { ColumnType, Generated } from 'kysely';
import type { DbInt } from './column-types.ts';

export interface CategoryTable {
  id: DbInt;
  code: string;
  sort: DbInt;
  /** JSON object: language → name. */
  names: string;
}

export interface InstrumentTable {
  id: DbInt;
  code: string;
  show_code: string;
  logo: string;
  category_id: DbInt;
  base_currency: string;
  quote_currency: string;
  price_precision: DbInt;
  lot_step: string;
  min_lots: string;
  max_lots: string;
  contract_size: DbInt;
  margin_mode: DbInt;
  fee_rate: string;
  /** JSON array of leverage options; the first is the default. */
  leverage_options: string;
  spread_points: DbInt;
  /** JSON array of {from, to} minutes of the week, UTC. */
  schedule: string;
  sort: DbInt;
  /** 0: staff halted new orders (the instrument still quotes, and its positions still close). */
  enabled: DbInt;
  /** JSON object of the instrument's name by language. */
  names: Generated<string>;
  sim_start_price: string;
  sim_annual_volatility: string;
  sim_ticks_per_second: string;
}

export interface KlineTable {
  instrument_id: DbInt;
  period: string;
  /** Bar open time, Unix seconds. */
  time: DbInt;
  open: DbInt;
  high: DbInt;
  low: DbInt;
  close: DbInt;
  volume: DbInt;
}

export interface SettingTable {
  key: string;
  value: string;
  updated_at: ColumnType<number | bigint | string, number | bigint | undefined, number | bigint>;
}

/** A secret the server generated for itself (see the migration that created the table). */
export interface ServerSecretTable {
  name: string;
  value: string;
}
