/**
 * Leverage caps per class of instrument (docs/decisions/0022): the highest leverage the broker
 * allows on, say, a major currency pair (30) or a coin (2), as retail regulators require. Staff
 * change them live; every node holds them in memory and takes a change from the event that
 * announced it (`leverage_caps_changed`, carrying every cap), so all nodes decide alike at once.
 *
 * A cap narrows what an instrument offers: its leverage options above the cap are dropped, and when
 * a cap removes them all the cap itself is the one option, so a ticket (ours, or an older client
 * that takes the first option as its default) always has a leverage it may send. Open positions and
 * waiting orders keep the leverage they were accepted with.
 *
 *   allowedLeverage([100, 50, 20], 30) // [20]
 *   allowedLeverage([100, 50], 30)     // [30]
 */
import type { InstrumentSpec } from '@omp/engine';
import { LEVERAGE_CAP_CLASSES, type LeverageCapClass, type LeverageCapRow } from '@omp/protocol';
import { refused, type DomainError } from '../domain/errors.ts';
import type { EventBus } from '../events/event-bus.ts';
import { changedValues, type AuditEntry } from '../repositories/audit-repository.ts';
import type { RiskWarningRepository } from '../repositories/risk-warning-repository.ts';
import type { Tx } from '../repositories/unit-of-work.ts';
import { SEED_CATEGORIES } from '../seed/instruments.ts';

/**
 * The caps a new installation starts with: the retail limits of the European regulator (ESMA), the
 * strictest widely copied set. Major pairs 30; other pairs, gold and major indices 20; other metals
 * and energies (commodities) 10; crypto 2.
 */
export const DEFAULT_LEVERAGE_CAPS: Readonly<Record<LeverageCapClass, number>> = {
  fx_major: 30,
  fx_other: 20,
  gold: 20,
  metals: 10,
  energies: 10,
  indices: 20,
  crypto: 2,
};

/** A pair of two of these is a major pair, as the regulators define it. */
const MAJOR_CURRENCIES = new Set(['USD', 'EUR', 'JPY', 'GBP', 'CAD', 'CHF']);

type ClassedSpec = Pick<InstrumentSpec, 'categoryId' | 'baseCurrency' | 'quoteCurrency'>;

/** The class whose cap applies to an instrument; undefined for a category no cap knows. */
export function capClassOf(spec: ClassedSpec): LeverageCapClass | undefined {
  const category = SEED_CATEGORIES.find((c) => c.id === spec.categoryId)?.code;
  switch (category) {
    case 'forex':
      return MAJOR_CURRENCIES.has(spec.baseCurrency) && MAJOR_CURRENCIES.has(spec.quoteCurrency)
        ? 'fx_major'
        : 'fx_other';
    case 'metals':
      return spec.baseCurrency === 'XAU' ? 'gold' : 'metals';
    case 'energies':
    case 'indices':
    case 'crypto':
      return category;
    default:
      return undefined;
  }
}

/** The options at or under the cap, in their order; the cap alone when none is. None stays none. */
export function allowedLeverage(options: readonly number[], cap: number | undefined): number[] {
  if (cap === undefined || options.length === 0) return [...options];
  const allowed = options.filter((value) => value <= cap);
  return allowed.length > 0 ? allowed : [cap];
}

export interface LeverageCapsOptions {
  repository: Pick<RiskWarningRepository, 'caps' | 'saveCaps' | 'transaction'>;
  events: Pick<EventBus, 'publish' | 'subscribe'>;
  writeAudit: (trx: Tx, entry: AuditEntry) => Promise<void>;
  now: () => number;
  /** Every instrument as the market has it now (for the back office's list and the pushes). */
  instruments: () => readonly InstrumentSpec[];
}

export class LeverageCaps {
  private readonly options: LeverageCapsOptions;
  private caps: Record<LeverageCapClass, number> = { ...DEFAULT_LEVERAGE_CAPS };
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribe: () => void;

  constructor(options: LeverageCapsOptions) {
    this.options = options;
    this.unsubscribe = options.events.subscribe('leverage_caps_changed', (event) => this.apply(event.caps));
  }

  /** Reads the caps staff stored over the defaults; before the book is built from them. */
  async load(): Promise<void> {
    this.apply(Object.fromEntries(await this.options.repository.caps()));
  }

  stop(): void {
    this.unsubscribe();
  }

  /** Called after every change of the caps, on every node (the trading book re-applies them). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  capOf(spec: ClassedSpec): number | undefined {
    const capClass = capClassOf(spec);
    return capClass === undefined ? undefined : this.caps[capClass];
  }

  /** The leverage the instrument offers under its cap (trade_list's HasForexMultiple). */
  optionsOf(spec: InstrumentSpec): number[] {
    return allowedLeverage(spec.leverageOptions, this.capOf(spec));
  }

  /** The spec as the trading book decides on it: only the leverage the cap allows. */
  capped(spec: InstrumentSpec): InstrumentSpec {
    return { ...spec, leverageOptions: this.optionsOf(spec) };
  }

  /**
   * The refusal of a leverage above the instrument's cap, naming the cap; undefined when allowed.
   * A cap above every option the broker configured limits nothing: a leverage beyond it is simply
   * not offered, which the engine says itself.
   */
  refusal(spec: InstrumentSpec, leverage: number): DomainError | undefined {
    const cap = this.capOf(spec);
    if (cap === undefined || leverage <= cap) return undefined;
    // The book's copy of the spec is already capped: judge by what the broker configured.
    const configured = this.options.instruments().find((s) => s.id === spec.id) ?? spec;
    if (cap >= Math.max(...configured.leverageOptions)) return undefined;
    return refused('order.leverage_above_cap', { cap, code: spec.showCode, leverage });
  }

  rows(): LeverageCapRow[] {
    const instruments = this.options.instruments();
    return LEVERAGE_CAP_CLASSES.map((capClass) => ({
      class: capClass,
      cap: this.caps[capClass],
      default_cap: DEFAULT_LEVERAGE_CAPS[capClass],
      instruments: instruments.filter((spec) => capClassOf(spec) === capClass).map((spec) => spec.code),
    }));
  }

  /**
   * A staff change: stored with its audit row (every cap before and after, and the reason) in one
   * transaction, then announced with every cap and the instruments whose offer changed, so each
   * node's book and each phone's ticket take it at once.
   */
  async changeByStaff(
    staffId: number,
    changes: Partial<Record<LeverageCapClass, number>>,
    reason: string,
  ): Promise<LeverageCapRow[]> {
    const atMs = this.options.now();
    const before = { ...this.caps };
    const after = { ...this.caps, ...changes };
    const entries = Object.entries(changes) as Array<[LeverageCapClass, number]>;
    await this.options.repository.transaction(async (trx) => {
      await this.options.repository.saveCaps(trx, entries, atMs);
      // Every cap before and after, for the picture; but only when one of them changed.
      if (!changedValues(before, after)) return;
      await this.options.writeAudit(trx, {
        staffId,
        action: 'leverage_caps.update',
        targetType: 'leverage_caps',
        targetId: 0,
        before,
        after: { ...after, reason },
        atMs,
      });
    });
    const offer = (spec: InstrumentSpec, caps: Record<LeverageCapClass, number>) => {
      const capClass = capClassOf(spec);
      return allowedLeverage(spec.leverageOptions, capClass && caps[capClass]).join(',');
    };
    const codes = this.options
      .instruments()
      .filter((spec) => offer(spec, before) !== offer(spec, after))
      .map((spec) => spec.code);
    this.options.events.publish('leverage_caps_changed', { caps: after, codes });
    return this.rows();
  }

  private apply(values: Record<string, number>): void {
    const next = { ...this.caps };
    for (const capClass of LEVERAGE_CAP_CLASSES) {
      const value = values[capClass];
      if (Number.isInteger(value) && value! >= 1) next[capClass] = value!;
    }
    this.caps = next;
    for (const listener of this.listeners) listener();
  }
}
