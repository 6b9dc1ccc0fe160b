/**
 * What the alert sheet shows while the user types: the level(s) the alert would watch and how far
 * they are from the bid now, or the first problem the server would refuse it for. The levels come
 * from the engine's own rule (SPEC.md AL2, AL3), so the preview and the server agree.
 */
import { decideAlertLevels, type AlertRejection } from '@omp/engine';

export type AlertCondition = 'above' | 'below' | 'move';

export type AlertProblem = AlertRejection | 'empty' | 'too_many_decimals';

export interface AlertPreview {
  /** Levels in points; 0 for none. */
  abovePoints: number;
  belowPoints: number;
  /** Distance of the nearer level from the bid, in points and percent (two decimals). */
  distancePoints: number;
  distancePercent: number;
}

/** A plain decimal as whole units of 10^-decimals; undefined for anything else or too many decimals. */
export function decimalToWhole(text: string, decimals: number): number | 'too_many_decimals' | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,12}(\.\d{0,15})?$/.test(trimmed)) return undefined;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > decimals) return 'too_many_decimals';
  return Number(whole + significant.padEnd(decimals, '0'));
}

export function previewAlert(
  condition: AlertCondition,
  input: string,
  bidPoints: number,
  precision: number,
): { ok: true; preview: AlertPreview } | { ok: false; problem: AlertProblem } {
  const parsed = decimalToWhole(input, condition === 'move' ? 2 : precision);
  if (parsed === undefined) return { ok: false, problem: 'empty' };
  if (parsed === 'too_many_decimals') return { ok: false, problem: 'too_many_decimals' };
  const decided = decideAlertLevels(
    condition === 'move' ? { condition, moveBasisPoints: parsed } : { condition, levelPoints: parsed },
    bidPoints,
  );
  if (!decided.ok) return { ok: false, problem: decided.rejection };
  const nearest = decided.abovePoints > 0 ? decided.abovePoints : decided.belowPoints;
  const distancePoints = Math.abs(nearest - bidPoints);
  return {
    ok: true,
    preview: {
      abovePoints: decided.abovePoints,
      belowPoints: decided.belowPoints,
      distancePoints,
      distancePercent: bidPoints > 0 ? Math.round((distancePoints / bidPoints) * 10_000) / 100 : 0,
    },
  };
}
