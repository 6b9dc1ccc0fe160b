/**
 * What makes an instrument's trading terms consistent (SPEC.md "Instrument terms", I1–I6): the
 * back office checks a change against these before it is stored, so the book never trades on
 * terms it cannot honour (a step that does not divide the minimum, a session that overlaps
 * another, a leverage of zero).
 */
import { MINUTES_PER_WEEK, type InstrumentSpec, type WeeklySchedule } from './instrument.ts';
import { parseLots, parseRate, RATE_SCALE } from './money.ts';

export const INSTRUMENT_PROBLEMS = [
  'lots_invalid',
  'lots_min_above_max',
  'lots_off_step',
  'leverage_invalid',
  'fee_rate_invalid',
  'contract_size_invalid',
  'schedule_invalid',
  'schedule_overlaps',
] as const;
export type InstrumentProblem = (typeof INSTRUMENT_PROBLEMS)[number];

/** The highest leverage a broker may offer (I3): beyond it a 1-point move wipes the margin. */
export const MAX_LEVERAGE = 1000;
/** Fee rates are a share of the notional (I4): 10 % would already be absurd. */
const MAX_FEE_RATE = RATE_SCALE / 10n;

type Terms = Pick<
  InstrumentSpec,
  'lotStep' | 'minLots' | 'maxLots' | 'leverageOptions' | 'feeRate' | 'contractSize' | 'schedule'
>;

/** The first problem of the terms, in the order of `INSTRUMENT_PROBLEMS`, or undefined. */
export function instrumentTermsProblem(terms: Terms): InstrumentProblem | undefined {
  const step = parseLots(terms.lotStep);
  const min = parseLots(terms.minLots);
  const max = parseLots(terms.maxLots);
  // I1: all three positive amounts of at most 8 decimals.
  if (step === null || min === null || max === null || step <= 0n || min <= 0n || max <= 0n)
    return 'lots_invalid';
  if (min > max) return 'lots_min_above_max';
  // I2: the smallest and the largest order are whole steps, so both can be typed.
  if (min % step !== 0n || max % step !== 0n) return 'lots_off_step';
  // I3: at least one option, whole numbers from 1 to MAX_LEVERAGE, none twice.
  const options = terms.leverageOptions;
  if (
    options.length === 0 ||
    new Set(options).size !== options.length ||
    options.some((value) => !Number.isInteger(value) || value < 1 || value > MAX_LEVERAGE)
  )
    return 'leverage_invalid';
  const fee = parseRate(terms.feeRate);
  if (fee === null || fee < 0n || fee > MAX_FEE_RATE) return 'fee_rate_invalid';
  if (!Number.isSafeInteger(terms.contractSize) || terms.contractSize < 1) return 'contract_size_invalid';
  return scheduleProblem(terms.schedule);
}

/**
 * I5: sessions are whole minutes, start inside the week, last at most a week, and are listed in
 * order. I6: no two overlap, counting a session that wraps past the week's end into the first.
 */
export function scheduleProblem(schedule: WeeklySchedule): InstrumentProblem | undefined {
  for (const { from, to } of schedule) {
    if (!Number.isInteger(from) || !Number.isInteger(to)) return 'schedule_invalid';
    if (from < 0 || from >= MINUTES_PER_WEEK || to <= from || to - from > MINUTES_PER_WEEK)
      return 'schedule_invalid';
  }
  for (let i = 1; i < schedule.length; i += 1) {
    if (schedule[i]!.from < schedule[i - 1]!.from) return 'schedule_invalid';
    if (schedule[i]!.from < schedule[i - 1]!.to) return 'schedule_overlaps';
  }
  const first = schedule[0];
  const last = schedule.at(-1);
  if (first && last && schedule.length > 1 && last.to - MINUTES_PER_WEEK > first.from)
    return 'schedule_overlaps';
  return undefined;
}
