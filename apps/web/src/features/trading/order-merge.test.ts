import { describe, expect, it } from 'vitest';
import { OrderStatus } from '@omp/protocol';
import { anOrder } from '../../lib/trading-fixtures.test-support.ts';
import {
  addIds,
  liveFiguresOf,
  mergeOrderPages,
  totalProfit,
  withLiveFigures,
  holdingListDisagrees,
} from './order-merge.ts';

describe('live figures over fetched rows', () => {
  const live = liveFiguresOf([{ Id: 1, Price: 1.2, FactProfits: 1000 }]);

  it('overlays price and P/L of holding rows from the trade push', () => {
    const row = withLiveFigures(anOrder(1), live);
    expect(row).toMatchObject({ Price: 1.2, UpdatePrice: 1.2, FactProfits: 1000 });
  });

  it('leaves other rows, and unchanged ones, as they are (same object)', () => {
    const pending = anOrder(1, { Status: OrderStatus.pending });
    expect(withLiveFigures(pending, live)).toBe(pending);
    const other = anOrder(2);
    expect(withLiveFigures(other, live)).toBe(other);
    const same = anOrder(1, { Price: 1.2, FactProfits: 1000 });
    expect(withLiveFigures(same, live)).toBe(same);
  });
});

describe('merging pages', () => {
  it('keeps each order once when paging shifted, and drops just-closed open orders', () => {
    const pages = [{ data: [anOrder(5), anOrder(4)] }, { data: [anOrder(4), anOrder(3), anOrder(2)] }];
    const rows = mergeOrderPages(pages, {}, addIds({}, [3]));
    expect(rows.map((r) => r.Id)).toEqual([5, 4, 2]);
  });

  it('keeps a closed order in history even when its id was pushed as closed', () => {
    const pages = [{ data: [anOrder(3, { Status: OrderStatus.closed })] }];
    expect(mergeOrderPages(pages, {}, addIds({}, [3])).map((r) => r.Id)).toEqual([3]);
  });

  it('applies live figures while merging', () => {
    const rows = mergeOrderPages(
      [{ data: [anOrder(1)] }],
      liveFiguresOf([{ Id: 1, Price: 1.3, FactProfits: 5 }]),
      {},
    );
    expect(rows[0]!.FactProfits).toBe(5);
  });
});

describe('id sets and totals', () => {
  it('returns the same set when nothing is new', () => {
    const set = addIds({}, [1, 2]);
    expect(addIds(set, [2])).toBe(set);
    expect(addIds(set, [3])).toEqual({ 1: true, 2: true, 3: true });
  });

  it('sums P/L exactly in micro-dollars', () => {
    const rows = [
      anOrder(1, { FactProfits: 0.1 }),
      anOrder(2, { FactProfits: 0.2 }),
      anOrder(3, { FactProfits: -0.000001 }),
    ];
    expect(totalProfit(rows)).toBe(0.299999);
  });
});

describe('a pushed position the list lacks', () => {
  it('agrees when the pushed positions are the listed ones, or nothing was fetched yet', () => {
    expect(holdingListDisagrees([1, 2], { total: 2, loadedIds: [2, 1] })).toBe(false);
    expect(holdingListDisagrees([], { total: 0, loadedIds: [] })).toBe(false);
    expect(holdingListDisagrees([1], undefined)).toBe(false);
  });

  it('disagrees on a position the list lacks, or a different count', () => {
    expect(holdingListDisagrees([1], { total: 0, loadedIds: [] })).toBe(true);
    expect(holdingListDisagrees([1, 3], { total: 2, loadedIds: [1, 2] })).toBe(true);
    expect(holdingListDisagrees([1], { total: 2, loadedIds: [1, 2] })).toBe(true);
  });

  it('compares only the count while later pages are not loaded', () => {
    const pushed = Array.from({ length: 25 }, (_, i) => i + 1);
    expect(holdingListDisagrees(pushed, { total: 25, loadedIds: pushed.slice(5, 25) })).toBe(false);
    expect(holdingListDisagrees(pushed, { total: 24, loadedIds: pushed.slice(0, 20) })).toBe(true);
  });
});
