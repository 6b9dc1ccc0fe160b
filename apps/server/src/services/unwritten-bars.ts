/**
 * One instrument's bars that the database does not have yet: those changed since the last flush
 * (stored periods only, the latest state of each bar), and on a cluster node that does not write
 * bars, the changes of its last few flushes set aside instead of written (cluster/feed-cluster.ts).
 * Bars a flush has taken count as unwritten until it settles: until it commits, a read of the
 * database may still find their older state.
 */
import type { Bar, StoredKlinePeriod } from '@omp/engine';

export type BarsByPeriod = Map<StoredKlinePeriod, Map<number, Bar>>;

/** `later` over `earlier`, bar by bar: a bar changed in both keeps its later state. */
function mergeBars(earlier: BarsByPeriod, later: BarsByPeriod): BarsByPeriod {
  const merged: BarsByPeriod = new Map([...earlier].map(([period, bars]) => [period, new Map(bars)]));
  for (const [period, bars] of later) {
    const into = merged.get(period);
    if (!into) merged.set(period, new Map(bars));
    else for (const [time, bar] of bars) into.set(time, bar);
  }
  return merged;
}

export class UnwrittenBars {
  private changed: BarsByPeriod = new Map();
  /** Oldest first. */
  private setAsideFlushes: BarsByPeriod[] = [];
  /** Taken by flushes that have not settled (written or restored) yet. */
  private inFlight: BarsByPeriod[] = [];

  /** A bar changed (a copy is kept: the kline book goes on changing its own). */
  mark(period: StoredKlinePeriod, bar: Bar): void {
    let bars = this.changed.get(period);
    if (!bars) this.changed.set(period, (bars = new Map()));
    bars.set(bar.time, { ...bar });
  }

  /** Everything unwritten, the set-aside flushes included, and empties it for the next flush. */
  take(): BarsByPeriod {
    const bars = [...this.setAsideFlushes, this.changed].reduce(mergeBars, new Map());
    this.changed = new Map();
    this.setAsideFlushes = [];
    this.inFlight.push(bars);
    return bars;
  }

  /** Taken bars the database now holds. */
  written(taken: BarsByPeriod): void {
    this.inFlight = this.inFlight.filter((bars) => bars !== taken);
  }

  /** Taken bars that could not be written: bars changed since are newer and win. */
  restore(taken: BarsByPeriod): void {
    this.written(taken);
    this.changed = mergeBars(taken, this.changed);
  }

  /** Sets this flush's changes aside instead of writing them, keeping the last `keep` of them. */
  setAside(keep: number): void {
    if (this.changed.size > 0) this.setAsideFlushes.push(this.changed);
    this.changed = new Map();
    if (this.setAsideFlushes.length > keep)
      this.setAsideFlushes.splice(0, this.setAsideFlushes.length - keep);
  }

  /**
   * Whether a bar of `period` opening before `time` is still unwritten (set aside, or taken by a
   * flush not yet committed): until it is gone, the database's copy of the closed bars may be older
   * than this node's.
   */
  hasBarBefore(period: StoredKlinePeriod, time: number): boolean {
    for (const bars of [this.changed, ...this.inFlight, ...this.setAsideFlushes])
      for (const barTime of bars.get(period)?.keys() ?? []) if (barTime < time) return true;
    return false;
  }

  /** A new price precision: every unwritten bar in the new points. */
  rescale(bar: (old: Bar) => Bar): void {
    const rescaled = (bars: BarsByPeriod): BarsByPeriod =>
      new Map(
        [...bars].map(([period, byTime]) => [period, new Map([...byTime].map(([t, b]) => [t, bar(b)]))]),
      );
    this.changed = rescaled(this.changed);
    this.setAsideFlushes = this.setAsideFlushes.map(rescaled);
  }
}
