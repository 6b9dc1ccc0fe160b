/**
 * The leaderboard: traders who opted in, ranked by their return over the last 21 days, computed
 * from their real closed trades and ledger (docs/decisions/0007-leaderboard.md). Demo and real
 * accounts have boards of their own. A board is recomputed on a schedule and served from memory,
 * so a popular page costs no database work; `refresh()` recomputes at once (tests, a restart).
 *
 * Figures stay exact until they leave: sums are bigint micro-dollars, and each rate is one
 * division rounded half away from zero to hundredths of a percent.
 */
import { divRound, formatScaled } from '@omp/engine';
import type { LeaderboardRow } from '@omp/protocol';
import type { EventBus } from '../events/event-bus.ts';
import type { LeaderboardRepository, TraderTotals } from '../repositories/leaderboard-repository.ts';
import { maskedName } from '../wire/masked-name.ts';
import { money, timeText } from '../wire/trading-wire.ts';

export const LEADERBOARD_WINDOW_MS = 21 * 24 * 3_600_000;

interface Entry {
  userId: number;
  /** The three-week return in 10^-8 (exact enough to rank; ties go to profit, then to the older user). */
  rankKey: bigint;
  row: Omit<LeaderboardRow, 'rank'>;
}

interface Boards {
  real: Entry[];
  demo: Entry[];
  computedAtMs: number;
}

/** ratio as a percentage with `decimals` places, rounded once; 0 when there is no base. */
function percent(numerator: bigint, denominator: bigint, decimals: number): bigint {
  return denominator > 0n ? divRound(numerator * 100n * 10n ** BigInt(decimals), denominator) : 0n;
}
const percentNumber = (numerator: bigint, denominator: bigint) =>
  Number(formatScaled(percent(numerator, denominator, 2), 2));

export function toEntry(t: TraderTotals, codeOf: (instrumentId: number) => string): Entry {
  // Capital at risk in the window: the balance it opened with plus what was put in during it.
  const windowBase = t.openingMicros + t.moneyInWindowMicros;
  return {
    userId: t.userId,
    rankKey: percent(t.netWindowMicros, windowBase, 6),
    row: {
      user: maskedName(t),
      multiple: t.leverage,
      code: codeOf(t.instrumentId),
      three_week_rate: percentNumber(t.netWindowMicros, windowBase),
      three_week_win: percentNumber(BigInt(t.winsWindow), BigInt(t.tradesWindow)),
      three_week_profit: money(t.netWindowMicros),
      total_rate: percentNumber(t.netTotalMicros, t.moneyInTotalMicros),
      total_trade_num: t.tradesTotal,
      // Copy trading does not exist yet, so nobody follows anybody; never a made-up number.
      followers: 0,
    },
  };
}

function byRank(a: Entry & { netWindow: bigint }, b: Entry & { netWindow: bigint }): number {
  if (a.rankKey !== b.rankKey) return a.rankKey > b.rankKey ? -1 : 1;
  if (a.netWindow !== b.netWindow) return a.netWindow > b.netWindow ? -1 : 1;
  return a.userId - b.userId;
}

export interface LeaderboardDeps {
  repository: LeaderboardRepository;
  codeOf: (instrumentId: number) => string;
  now: () => number;
  logError: (error: unknown, message: string) => void;
  /** Carries an opt-out to the other nodes' boards; without it only this node's board knows. */
  events?: EventBus;
}

export class LeaderboardService {
  private readonly deps: LeaderboardDeps;
  private boards: Boards | undefined;
  private running: Promise<void> | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(deps: LeaderboardDeps) {
    this.deps = deps;
    deps.events?.subscribe('leaderboard_opted_out', ({ userId }) => this.dropFromBoards(userId));
  }

  /** Recomputes both boards now; concurrent calls share one computation. */
  refresh(): Promise<void> {
    this.running ??= this.compute().finally(() => (this.running = undefined));
    return this.running;
  }

  private async compute(): Promise<void> {
    const nowMs = this.deps.now();
    const totals = await this.deps.repository.traderTotals(nowMs - LEADERBOARD_WINDOW_MS);
    const entries = totals.map((t) => ({
      ...toEntry(t, this.deps.codeOf),
      netWindow: t.netWindowMicros,
      isDemo: t.isDemo,
    }));
    entries.sort(byRank);
    const strip = ({ netWindow: _n, isDemo: _d, ...entry }: (typeof entries)[number]): Entry => entry;
    this.boards = {
      real: entries.filter((e) => !e.isDemo).map(strip),
      demo: entries.filter((e) => e.isDemo).map(strip),
      computedAtMs: nowMs,
    };
  }

  /** Recomputes every `intervalMs`; a failed refresh keeps the last board and is logged. */
  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      this.refresh().catch((error: unknown) =>
        this.deps.logError(error, 'leaderboard refresh failed; the previous board stays'),
      );
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async page(isDemo: boolean, page: number, pageSize: number) {
    if (!this.boards) await this.refresh();
    const boards = this.boards!;
    const board = isDemo ? boards.demo : boards.real;
    const start = (page - 1) * pageSize;
    return {
      list: board.slice(start, start + pageSize).map((entry, i) => ({ rank: start + i + 1, ...entry.row })),
      total: board.length,
      page,
      updated_at: timeText(boards.computedAtMs),
    };
  }

  optedIn(userId: number): Promise<boolean> {
    return this.deps.repository.optedIn(userId);
  }

  /**
   * Opting out takes the trader off the boards at once, on every node: they asked for their
   * results to stop being public, which must not wait for the next refresh. Opting in shows at the
   * next refresh.
   */
  async setOptIn(userId: number, enabled: boolean): Promise<void> {
    await this.deps.repository.setOptIn(userId, enabled);
    if (enabled) return;
    if (this.deps.events) this.deps.events.publish('leaderboard_opted_out', { userId });
    else this.dropFromBoards(userId);
  }

  private dropFromBoards(userId: number): void {
    if (this.boards)
      this.boards = {
        ...this.boards,
        real: this.boards.real.filter((e) => e.userId !== userId),
        demo: this.boards.demo.filter((e) => e.userId !== userId),
      };
  }
}
