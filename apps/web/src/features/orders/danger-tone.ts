/**
 * The colour of a distance to the margin call or the stop-out, by the size of the price move left
 * (percent): beyond 10 % neutral, within 10 % amber, within 3 % (or reached, 0) red. A forex price
 * rarely moves 3 % in a day, an index or a coin can in an hour: amber is "watch this", red is
 * "this can happen today".
 */
export const DANGER_WARN_PERCENT = 10;
export const DANGER_NEAR_PERCENT = 3;

export type DangerTone = 'danger' | 'warn' | undefined;

export function dangerTone(move: number | null | undefined): DangerTone {
  if (move === null || move === undefined) return undefined;
  const size = Math.abs(move);
  if (size <= DANGER_NEAR_PERCENT) return 'danger';
  if (size <= DANGER_WARN_PERCENT) return 'warn';
  return undefined;
}
