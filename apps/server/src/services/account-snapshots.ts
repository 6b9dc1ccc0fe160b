/**
 * Records, every few minutes, the figures of every account that holds a position: the history of
 * its margin level that a stop-out report draws (services/stop-out-report.ts). Only the node that
 * owns the book records (its book is the one with live figures; another node's may lag), all
 * accounts of a round in one batch, and records older than the retention are deleted as it goes.
 * Stop-outs and margin calls record their own snapshot in the transaction that stores them.
 */
import type { AccountFigures } from '@omp/engine';
import type { AccountSnapshot, MarginEventRepository } from '../repositories/margin-event-repository.ts';

export interface AccountSnapshotsOptions {
  repository: Pick<MarginEventRepository, 'insertSnapshots' | 'pruneSnapshots'>;
  /** The engine's figures of every account holding a position now. */
  holdingAccounts: () => Array<{ accountId: number; figures: AccountFigures }>;
  /** Whether this node owns the book (services/owner-calls.ts). */
  runsHere: () => boolean;
  now: () => number;
  everyMs: number;
  retentionMs: number;
  logError: (error: unknown, message: string) => void;
}

export class AccountSnapshots {
  private readonly options: AccountSnapshotsOptions;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> = Promise.resolve(0);

  constructor(options: AccountSnapshotsOptions) {
    this.options = options;
  }

  start(): void {
    this.timer = setInterval(() => {
      this.running = this.running.then(() => this.takeNow());
    }, this.options.everyMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a round under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One round: answers how many accounts were recorded (0 on a node that does not own the book). */
  async takeNow(): Promise<number> {
    if (!this.options.runsHere()) return 0;
    const atMs = this.options.now();
    const snapshots: AccountSnapshot[] = this.options.holdingAccounts().map(({ accountId, figures }) => ({
      userId: accountId,
      atMs,
      balanceMicros: figures.balanceMicros,
      equityMicros: figures.equityMicros,
      usedMarginMicros: figures.usedMarginMicros,
      marginLevelBasisPoints: figures.marginLevelBasisPoints,
      reason: 'periodic',
    }));
    try {
      if (snapshots.length > 0) await this.options.repository.insertSnapshots(snapshots);
      await this.options.repository.pruneSnapshots(atMs - this.options.retentionMs);
    } catch (error) {
      // A missed round leaves a gap in a chart, nothing more: the next round records again.
      this.options.logError(error, 'recording account snapshots failed');
      return 0;
    }
    return snapshots.length;
  }
}
