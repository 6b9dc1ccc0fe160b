import { describe, expect, it } from 'vitest';
import { KlinePages, type KlinePage } from './kline-pages.ts';

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

  it('reads once for the charts that ask while a page is being read', async () => {
    const pages = new KlinePages();
    let reads = 0;
    const read = async () => {
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return reads;
    };
    expect(await Promise.all([pages.shared('a', read), pages.shared('a', read)])).toEqual([1, 1]);
    expect(await pages.shared('a', read)).toBe(2); // the earlier read is over: a new one
  });
});
