/**
 * The lot size of the order ticket, exact: lots are bigint units of 10^-8 lot (the engine's
 * scale), so 0.1 + 0.2 is never 0.30000000000000004 and a lot count the server would refuse
 * ("not a multiple of the lot step") cannot be produced by the stepper.
 *
 * The grid is anchored at zero, as the server checks it (lots % step === 0): with step 0.01 and
 * minimum 0.05, valid sizes are 0.05, 0.06, … up to the maximum.
 *
 *   const rules = lotRulesOf({ Pip: 0.01, ForexMinCont: 0.01, ForexMaxCont: 50 });
 *   stepLots(rules.min, 1, rules)  // 0.02 lot
 *   readLots('0.123')  // 12_300_000n: off the 0.01 grid, which the ticket then says
 */
import { formatScaled, LOT_SCALE, parseLots } from '@omp/engine';
import type { Instrument } from '@omp/protocol';

export interface LotRules {
  /** The lot step (Pip), in 10^-8 lot; never 0. */
  step: bigint;
  /** The smallest size, on the grid. */
  min: bigint;
  /** The largest size, on the grid and never below `min`. */
  max: bigint;
  /** Decimals of the step, for showing sizes: step 0.01 → 2. */
  decimals: number;
}

/** A wire number as plain decimal text: 1e-7 would otherwise print with an exponent. */
function lotsOfNumber(value: number): bigint | null {
  if (!Number.isFinite(value) || value <= 0) return null;
  return parseLots(value.toFixed(8));
}

const floorToStep = (lots: bigint, step: bigint) => (lots / step) * step;
const ceilToStep = (lots: bigint, step: bigint) => ((lots + step - 1n) / step) * step;

export function lotRulesOf(instrument: Pick<Instrument, 'Pip' | 'ForexMinCont' | 'ForexMaxCont'>): LotRules {
  const step = lotsOfNumber(instrument.Pip) ?? LOT_SCALE / 100n;
  const min = ceilToStep(lotsOfNumber(instrument.ForexMinCont) ?? step, step);
  const maxRaw = lotsOfNumber(instrument.ForexMaxCont);
  const max = maxRaw === null ? min : floorToStep(maxRaw, step);
  const stepText = formatScaled(step, 8).replace(/0+$/, '');
  const decimals = Math.max(stepText.length - stepText.indexOf('.') - 1, 0);
  return { step, min, max: max < min ? min : max, decimals };
}

function clamp(lots: bigint, rules: LotRules): bigint {
  if (lots < rules.min) return rules.min;
  if (lots > rules.max) return rules.max;
  return lots;
}

/**
 * One tap of − or +: from a size on the grid, one step; from a size between two steps (typed),
 * to the neighbouring step in that direction. Never below the minimum nor above the maximum.
 */
export function stepLots(lots: bigint, direction: 1 | -1, rules: LotRules): bigint {
  const onGrid = lots % rules.step === 0n;
  const next =
    direction === 1
      ? onGrid
        ? lots + rules.step
        : ceilToStep(lots, rules.step)
      : onGrid
        ? lots - rules.step
        : floorToStep(lots, rules.step);
  return clamp(next, rules);
}

/**
 * Typed text → exactly the size typed (a comma counts as the decimal point), or 0 for text that is
 * not a positive amount. Never rounded or clamped: the ticket sends what the trader sees, and a
 * size off the grid or out of range is shown as a problem instead (engine O3).
 */
export function readLots(text: string): bigint {
  const typed = parseLots(text.trim().replace(',', '.'));
  return typed === null || typed < 0n ? 0n : typed;
}

/** The exact text the server receives as `cont`, with the step's decimals: 0.1 lot → '0.10'. */
export function formatLotsText(lots: bigint, rules: Pick<LotRules, 'decimals'>): string {
  const full = formatScaled(lots, 8);
  if (rules.decimals === 0) return full.slice(0, full.indexOf('.'));
  return full.slice(0, full.indexOf('.') + 1 + rules.decimals);
}

/** Whether typed text (read as `readLots` reads it) is a size the instrument takes. */
export function isValidLots(text: string, rules: LotRules): boolean {
  const typed = readLots(text);
  return typed >= rules.min && typed <= rules.max && typed % rules.step === 0n;
}
