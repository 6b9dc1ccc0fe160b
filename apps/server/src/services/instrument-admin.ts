/**
 * The back office's instruments: what each trades with, and the spread staff set. A change is
 * stored with its audit row, then announced (`instrument_changed`), so the market, the feed and
 * every node quote with it from the next tick and the phones see the price move.
 */
import type { WireStaffInstrument } from '@omp/protocol';
import { notFound } from '../domain/errors.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { writeAudit } from '../repositories/audit-repository.ts';
import type { MarketRepository } from '../repositories/market-repository.ts';
import type { MarketService } from './market-service.ts';

export interface InstrumentAdminOptions {
  repository: MarketRepository;
  market: MarketService;
  events: Pick<EventBus, 'publish'>;
  writeAudit: typeof writeAudit;
  now: () => number;
}

export class InstrumentAdmin {
  private readonly o: InstrumentAdminOptions;

  constructor(options: InstrumentAdminOptions) {
    this.o = options;
  }

  list(): WireStaffInstrument[] {
    return this.o.market.instruments().map(({ spec }) => ({
      id: spec.id,
      code: spec.code,
      show_code: spec.showCode,
      category_id: spec.categoryId,
      price_precision: spec.pricePrecision,
      spread_points: spec.spreadPoints,
      contract_size: spec.contractSize,
      min_lots: spec.minLots,
      max_lots: spec.maxLots,
      lot_step: spec.lotStep,
      leverage_options: [...spec.leverageOptions],
      fee_rate: spec.feeRate,
    }));
  }

  async changeSpread(staffId: number, id: number, spreadPoints: number): Promise<WireStaffInstrument> {
    const spec = this.o.market.instrumentById(id);
    if (!spec) throw notFound('instrument_not_found', { id });
    const atMs = this.o.now();
    const before = await this.o.repository.changeSpread({ id, spreadPoints }, (trx, before) =>
      this.o.writeAudit(trx, {
        staffId,
        action: 'instrument.spread',
        targetType: 'instrument',
        targetId: id,
        before: { code: spec.code, spread_points: before },
        after: { code: spec.code, spread_points: spreadPoints },
        atMs,
      }),
    );
    if (before === undefined) throw notFound('instrument_not_found', { id });
    this.o.events.publish('instrument_changed', { instrumentId: id, code: spec.code, spreadPoints });
    return this.list().find((instrument) => instrument.id === id)!;
  }
}
