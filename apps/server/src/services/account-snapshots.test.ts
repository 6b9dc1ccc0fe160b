import { describe, expect, it } from 'vitest';
import type { AccountFigures } from '@omp/engine';
import type { AccountSnapshot } from '../repositories/margin-event-repository.ts';
import { AccountSnapshots } from './account-snapshots.ts';

const figures = (equity: bigint, used: bigint): AccountFigures => ({
  balanceMicros: 1_000_000_000n,
  usedMarginMicros: used,
  floatingMicros: equity - 1_000_000_000n,
  equityMicros: equity,
  freeMarginMicros: equity - used,
  marginLevelBasisPoints: (equity * 10_000n) / used,
});

function setup(owns: boolean) {
  const written: AccountSnapshot[][] = [];
  const pruned: number[] = [];
  const snapshots = new AccountSnapshots({
    repository: {
      insertSnapshots: async (rows) => void written.push([...rows]),
      pruneSnapshots: async (beforeMs) => (pruned.push(beforeMs), 0),
    },
    holdingAccounts: () => [
      { accountId: 1, figures: figures(900_000_000n, 600_000_000n) },
      { accountId: 2, figures: figures(400_000_000n, 500_000_000n) },
    ],
    runsHere: () => owns,
    now: () => 1_000_000_000,
    everyMs: 300_000,
    retentionMs: 14 * 86_400_000,
    logError: () => undefined,
  });
  return { snapshots, written, pruned };
}

describe('periodic account snapshots', () => {
  it('records every holding account in one batch and prunes what is older than the retention', async () => {
    const { snapshots, written, pruned } = setup(true);
    expect(await snapshots.takeNow()).toBe(2);
    expect(written).toHaveLength(1);
    expect(written[0]!.map((s) => [s.userId, s.marginLevelBasisPoints, s.reason, s.atMs])).toEqual([
      [1, 15_000n, 'periodic', 1_000_000_000],
      [2, 8_000n, 'periodic', 1_000_000_000],
    ]);
    expect(pruned).toEqual([1_000_000_000 - 14 * 86_400_000]);
  });

  it('records nothing on a node that does not own the book', async () => {
    const { snapshots, written, pruned } = setup(false);
    expect(await snapshots.takeNow()).toBe(0);
    expect(written).toEqual([]);
    expect(pruned).toEqual([]);
  });
});
