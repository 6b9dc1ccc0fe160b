import { describe, expect, it } from 'vitest';
import type { Bar } from '@omp/engine';
import { KlinePages, latestPageJson, type KlinePage, type LatestPageSource } from './kline-pages.ts';

const page = (bytes: number): KlinePage => ({
  formingTime: 60,
  pricePrecision: 5,
  closed: Buffer.alloc(bytes, 'x'),
  compressedHeads: new Map(),
});

describe('the kline page cache', () => {
  it('stays within its bytes, dropping the least recently used page first', () => {
    const pages = new KlinePages(300);
    pages.set(KlinePages.key(1, '1M', 1000), page(100));
    pages.set(KlinePages.key(2, '1M', 1000), page(100));
    pages.set(KlinePages.key(3, '1M', 1000), page(100));
    pages.get(KlinePages.key(1, '1M', 1000)); // now the most recently used
    pages.set(KlinePages.key(4, '1M', 1000), page(100));
    expect(pages.get(KlinePages.key(2, '1M', 1000))).toBeUndefined();
    expect(pages.get(KlinePages.key(1, '1M', 1000))).toBeDefined();
    expect(pages.size).toEqual({ pages: 3, bytes: 300 });
  });

  it('counts compressed heads a page gains, and keeps no page larger than the cap', () => {
    const pages = new KlinePages(300);
    pages.set('1:1M:1000', page(100));
    pages.set('2:1M:1000', page(100));
    pages.grew('2:1M:1000', 150);
    expect(pages.get('1:1M:1000')).toBeUndefined();
    expect(pages.size).toEqual({ pages: 1, bytes: 250 });
    pages.set('3:1M:1000', page(301));
    expect(pages.get('3:1M:1000')).toBeUndefined();
  });

  it("drops one instrument's pages and no other's", () => {
    const pages = new KlinePages();
    for (const key of ['1:1M:1000', '1:4H:300', '11:1M:1000']) pages.set(key, page(10));
    pages.forInstrument(1);
    expect(pages.size).toEqual({ pages: 1, bytes: 10 });
    expect(pages.get('11:1M:1000')).toBeDefined();
  });

  it('keeps no page read while a write of bars is in flight, which it may have read half of', async () => {
    const bar = (time: number): Bar => ({ time, open: 1, high: 1, low: 1, close: 1, volume: 1 });
    // No write counted yet: one is in flight.
    const database: { writes: number | undefined } = { writes: undefined };
    let reads = 0;
    const source: LatestPageSource = {
      key: '1:1M:3',
      limit: 3,
      forming: () => bar(180),
      pricePrecision: () => 5,
      closedBarsWritten: () => true,
      writes: () => database.writes,
      readBars: async () => {
        reads++;
        return [bar(60), bar(120)];
      },
      uncached: async () => [],
    };
    const pages = new KlinePages();
    await latestPageJson(pages, source);
    await latestPageJson(pages, source);
    expect(reads).toBe(2);
    database.writes = 7; // the write is done
    await latestPageJson(pages, source);
    const page = await latestPageJson(pages, source);
    expect(reads).toBe(3);
    expect(page.closed.toString()).toMatch(/^\{"Time":60,.*\{"Time":120,.*\},$/u);
  });
});
