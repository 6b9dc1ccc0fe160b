import { describe, expect, it } from 'vitest';
import type { Quotation } from '@omp/protocol';
import { QuoteFrames } from './socket-quote-frames.ts';

const quotation: Quotation = {
  Id: 1,
  ForexId: 1,
  Open: 1.1,
  High: 1.2,
  Low: 1.05,
  Close: 1.15,
  Bid: 1.15,
  Ask: 1.1501,
  Change: 4.55,
  Volume: 10,
  Amount: 0,
  NowTime: 1_790_000_000,
};
const open = { code: 'EURUSD', marketStatus: 1, quotation };
const textOf = (frame: { bytes: Buffer }) => JSON.parse(frame.bytes.subarray(4).toString('utf8'));

describe('quote frames', () => {
  it('builds a quote once and hands out the same frame while it reads the same', () => {
    const frames = new QuoteFrames();
    const first = frames.frameOf(open);
    expect(frames.frameOf({ ...open, quotation: { ...quotation } })).toBe(first);
    expect(textOf(first)).toEqual({
      type: 'DAY_MARKET',
      symbol: 'EURUSD',
      quotation: { ...quotation, MarketStatus: 1 },
    });
  });

  it('builds anew when any field or the market status changed, and keeps the newest', () => {
    const frames = new QuoteFrames();
    const first = frames.frameOf(open);
    for (const key of Object.keys(quotation) as (keyof Quotation)[]) {
      const changed = { ...open, quotation: { ...quotation, [key]: quotation[key] + 1 } };
      const frame = frames.frameOf(changed);
      expect(frame).not.toBe(first);
      expect(textOf(frame).quotation[key]).toBe(quotation[key] + 1);
      expect(frames.frameOf(open)).not.toBe(frame);
    }
    // A quotation changed in place after its frame was built is still a change.
    const mutable = { ...quotation };
    const before = frames.frameOf({ ...open, quotation: mutable });
    mutable.Bid += 0.001;
    expect(frames.frameOf({ ...open, quotation: mutable })).not.toBe(before);
    const closed = frames.frameOf({ ...open, marketStatus: 2 });
    expect(textOf(closed).quotation.MarketStatus).toBe(2);
    expect(frames.frameOf({ ...open, marketStatus: 2 })).toBe(closed);
  });
});
