/**
 * The day's figures of a quotation (SPEC.md D1–D3): open, high, low and tick count of the bid since
 * 00:00 UTC, and the change against the day open.
 */
import { bucketStart } from './kline.ts';

export interface DayStats {
  /** 00:00 UTC of the day, Unix seconds. */
  dayStart: number;
  /** Bid points. */
  open: number;
  high: number;
  low: number;
  /** Ticks since the day opened. */
  volume: number;
}

/**
 * Folds one bid into the day's figures [D1, D2]. The first tick of a later UTC day restarts them
 * at that tick; a tick from an earlier day than `stats` is ignored. Never mutates `stats`.
 */
export function foldDayTick(stats: DayStats | undefined, bidPoints: number, timeSec: number): DayStats {
  const dayStart = bucketStart(timeSec, '1D');
  if (stats === undefined || dayStart > stats.dayStart) {
    return { dayStart, open: bidPoints, high: bidPoints, low: bidPoints, volume: 1 };
  }
  if (dayStart < stats.dayStart) return stats;
  return {
    dayStart,
    open: stats.open,
    high: Math.max(stats.high, bidPoints),
    low: Math.min(stats.low, bidPoints),
    volume: stats.volume + 1,
  };
}

/** (a / b) rounded half away from zero, for integers, exactly. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const a = numerator < 0n ? -numerator : numerator;
  const b = denominator < 0n ? -denominator : denominator;
  const quotient = a / b;
  const rounded = (a % b) * 2n >= b ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}

/**
 * (bid − open) / open × 100, rounded half away from zero to 2 decimals [D3]. The hundredths of a
 * percent are found in integers and divided by 100 once, so 1.005 % never becomes 1.00 through a
 * binary fraction. 0 when there is no usable open.
 */
export function changePercent(bidPoints: number, openPoints: number): number {
  if (!(openPoints > 0)) return 0;
  // (bid − open) × 10000 / open = hundredths of a percent. Points are safe integers, but their
  // product with 10000 need not be, hence bigint.
  const hundredths = divideRounded(BigInt(bidPoints - openPoints) * 10_000n, BigInt(openPoints));
  const value = Number(hundredths) / 100;
  return value === 0 ? 0 : value;
}
