/**
 * The market: the leverage caps staff set per instrument (loaded first, as the market's leverage
 * options read them), then the market service over the catalogue and history.
 */
import type { InstrumentSpec } from '@omp/engine';
import type { EventBus } from '../events/event-bus.ts';
import { writeAudit } from '../repositories/audit-repository.ts';
import type { MarketRepository } from '../repositories/market-repository.ts';
import { RiskWarningRepository } from '../repositories/risk-warning-repository.ts';
import { LeverageCaps } from '../services/leverage-caps.ts';
import { MarketService } from '../services/market-service.ts';
import type { StartupBase } from './startup-base.ts';

export interface MarketWiringDeps extends Pick<StartupBase, 'database' | 'now'> {
  repository: MarketRepository;
  events: EventBus;
}

export async function wireMarket({ database, repository, events, now }: MarketWiringDeps) {
  const riskRepository = new RiskWarningRepository(database.db);
  const leverageCaps: LeverageCaps = new LeverageCaps({
    repository: riskRepository,
    events,
    writeAudit,
    now,
    instruments: (): InstrumentSpec[] => market.instruments().map((record) => record.spec),
  });
  await leverageCaps.load();
  const market: MarketService = new MarketService({
    repository,
    bus: events,
    now,
    leverageOptionsOf: (spec) => leverageCaps.optionsOf(spec),
  });
  await market.init();
  return { riskRepository, leverageCaps, market };
}
