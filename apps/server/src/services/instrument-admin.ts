/**
 * The back office's instruments: their trading terms as staff set them. A change is checked
 * against the engine's rules for terms (SPEC.md I1–I6), stored with its audit row, then announced
 * (`instrument_changed`, with the whole new record), so the market, the feed, the trading book
 * and every node trade on it from the next tick, and the phones are told to refetch.
 */
import { instrumentTermsProblem, rescalePoints, type InstrumentSpec } from '@omp/engine';
import type { InstrumentChange, WireStaffInstrument } from '@omp/protocol';
import { invalid, notFound, refused } from '../domain/errors.ts';
import type { EventBus } from '../events/event-bus.ts';
import { changedValues, type writeAudit } from '../repositories/audit-repository.ts';
import type { InstrumentRecord, MarketRepository } from '../repositories/market-repository.ts';
import type { MarketService } from './market-service.ts';
import { logoUrl } from '../wire/trading-wire.ts';

export interface InstrumentAdminOptions {
  repository: MarketRepository;
  /** The live market: its bars are written and its ticks held while a precision changes. */
  market: Pick<MarketService, 'flush' | 'holdTicks'>;
  events: Pick<EventBus, 'publish'>;
  writeAudit: typeof writeAudit;
  now: () => number;
}

export class InstrumentAdmin {
  private readonly o: InstrumentAdminOptions;

  constructor(options: InstrumentAdminOptions) {
    this.o = options;
  }

  async list(): Promise<WireStaffInstrument[]> {
    const [records, openOrders] = await Promise.all([
      this.o.repository.listInstruments(),
      this.o.repository.openOrdersByInstrument(),
    ]);
    return records.map((record) => toWire(record, openOrders.get(record.spec.id) ?? 0));
  }

  async change(staffId: number, id: number, change: InstrumentChange): Promise<WireStaffInstrument> {
    if (change.category_id !== undefined) {
      const categories = await this.o.repository.listCategories();
      if (!categories.some((category) => category.id === change.category_id))
        throw invalid('instrument.category_not_found', { id: change.category_id });
    }
    // A new precision rewrites the stored bars: the forming ones are written first, and no tick
    // reaches the bars until the change is applied (or refused).
    const rescaling = change.price_precision !== undefined;
    if (rescaling) await this.o.market.flush();
    const release = rescaling ? this.o.market.holdTicks(id) : () => {};
    try {
      return await this.store(staffId, id, change);
    } finally {
      release();
    }
  }

  /** Stores the change with its audit row, then announces it to every part that trades on it. */
  private async store(staffId: number, id: number, change: InstrumentChange): Promise<WireStaffInstrument> {
    const atMs = this.o.now();
    let openOrders = 0;
    const result = await this.o.repository.changeInstrument(
      id,
      (before, open) => {
        openOrders = open;
        return applyChange(before, change, open);
      },
      async (trx, before, after) => {
        const changed = changedFields(toWire(before, openOrders), toWire(after, openOrders));
        if (changed)
          await this.o.writeAudit(trx, {
            staffId,
            action: 'instrument.change',
            targetType: 'instrument',
            targetId: id,
            ...changed,
            atMs,
          });
      },
    );
    if (!result) throw notFound('instrument_not_found', { id });
    const { spec, enabled, names } = result.after;
    this.o.events.publish('instrument_changed', {
      instrumentId: id,
      code: spec.code,
      spec,
      enabled,
      names: names ?? {},
    });
    return toWire(result.after, openOrders);
  }
}

/** The record with the change applied, or a refusal naming what is wrong with it. */
function applyChange(
  before: InstrumentRecord,
  change: InstrumentChange,
  openOrders: number,
): InstrumentRecord {
  const was = before.spec;
  const enabled = change.enabled ?? before.enabled;
  const precision = change.price_precision ?? was.pricePrecision;
  // Prices are stored in points of the precision: it changes only on a halted instrument with
  // nothing open, and every stored price is rewritten with it (engine SPEC.md P6).
  if (precision !== was.pricePrecision && (before.enabled || enabled))
    throw refused('instrument.precision_needs_halt');
  const sizeChanges =
    precision !== was.pricePrecision ||
    (change.contract_size !== undefined && change.contract_size !== was.contractSize) ||
    (change.margin_mode !== undefined && change.margin_mode !== was.marginMode);
  if (sizeChanges && openOrders > 0) throw refused('instrument.has_open_orders', { count: openOrders });
  const { tradingHalted: _halted, ...rest } = was;
  const spec: InstrumentSpec = {
    ...rest,
    showCode: change.show_code ?? was.showCode,
    logo: change.logo ?? was.logo,
    categoryId: change.category_id ?? was.categoryId,
    pricePrecision: precision,
    // The same spread in price, in the new points, unless a new one is given.
    spreadPoints: change.spread_points ?? rescalePoints(was.spreadPoints, was.pricePrecision, precision),
    contractSize: change.contract_size ?? was.contractSize,
    marginMode: change.margin_mode ?? was.marginMode,
    minLots: change.min_lots ?? was.minLots,
    maxLots: change.max_lots ?? was.maxLots,
    lotStep: change.lot_step ?? was.lotStep,
    leverageOptions: change.leverage_options ?? was.leverageOptions,
    feeRate: change.fee_rate ?? was.feeRate,
    schedule: change.schedule ?? was.schedule,
    ...(enabled ? {} : { tradingHalted: true }),
  };
  const problem = instrumentTermsProblem(spec);
  if (problem) throw invalid(`instrument.terms.${problem}`);
  const names = { ...before.names };
  for (const [language, name] of Object.entries(change.names ?? {}) as Array<[keyof typeof names, string]>) {
    if (name === '') delete names[language];
    else names[language] = name;
  }
  return { ...before, spec, enabled, names };
}

function toWire({ spec, enabled, names }: InstrumentRecord, openOrders: number): WireStaffInstrument {
  return {
    id: spec.id,
    code: spec.code,
    show_code: spec.showCode,
    names: names ?? {},
    logo: logoUrl(spec.logo),
    category_id: spec.categoryId,
    enabled,
    price_precision: spec.pricePrecision,
    spread_points: spec.spreadPoints,
    contract_size: spec.contractSize,
    margin_mode: spec.marginMode,
    min_lots: spec.minLots,
    max_lots: spec.maxLots,
    lot_step: spec.lotStep,
    leverage_options: [...spec.leverageOptions],
    fee_rate: spec.feeRate,
    schedule: spec.schedule.map(({ from, to }) => ({ from, to })),
    open_orders: openOrders,
  };
}

/**
 * Only what changed goes into the audit row, with the code to say which instrument it was;
 * undefined when nothing did (the same terms saved again).
 */
function changedFields(
  { open_orders: _before, ...before }: WireStaffInstrument,
  { open_orders: _after, ...after }: WireStaffInstrument,
) {
  const changed = changedValues(before, after);
  return (
    changed && {
      before: { code: before.code, ...changed.before },
      after: { code: after.code, ...changed.after },
    }
  );
}
