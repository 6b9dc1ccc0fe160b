import { describe, expect, it } from 'vitest';
import type { PersistItem } from '../repositories/trading-repository.ts';
import { OutcomeWriter } from './outcome-writer.ts';

/** A stand-in for a decided outcome: the writer only passes items through to `persist`. */
const itemNo = (n: number) => ({ n }) as unknown as PersistItem;
const numberOf = (item: PersistItem) => (item as unknown as { n: number }).n;

describe('the group-commit writer', () => {
  it('writes what queued in one turn as one batch, and answers only after it is written', async () => {
    const written: number[][] = [];
    const answered: number[] = [];
    const writer = new OutcomeWriter({
      persist: async (items) => {
        expect(answered).toEqual([]);
        written.push(items.map(numberOf));
      },
      onFailure: async () => {},
    });
    await Promise.all([1, 2, 3].map((n) => writer.write(itemNo(n)).then(() => answered.push(n))));
    expect(written).toEqual([[1, 2, 3]]);
    expect(answered).toEqual([1, 2, 3]);
  });

  it('fails a batch and everything decided after it, then reports the failure once', async () => {
    const failures: unknown[] = [];
    let calls = 0;
    const writer = new OutcomeWriter({
      persist: async () => {
        calls += 1;
        throw new Error('disk full');
      },
      onFailure: async (error) => void failures.push(error),
      maxBatch: 2,
    });
    const results = await Promise.allSettled([1, 2, 3].map((n) => writer.write(itemNo(n))));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(calls).toBe(1);
    expect(failures).toHaveLength(1);
    await writer.idle();
  });
});
