/**
 * A round that comes while the previous one is still going out: the push returns after one slice
 * instead of writing every client the old round had left, and each client still ends with the
 * newest frame of every key, never an older frame after a newer one.
 */
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { DEFAULT_SLOW_CLIENT_LIMITS, Fanout, PushRound, type FanoutClient } from './socket-fanout.ts';
import { textFrame } from './socket-frames.ts';
import { PUSH_SLICE_MS } from './sliced-run.ts';

/** How long each stand-in write holds the thread: 64 of them outlast a slice (2 ms). */
const WRITE_MS = 0.1;

interface Recorded extends FanoutClient {
  /** Every text the client got, in order. */
  got: string[];
}

/** A stand-in socket (no TCP stream under it, so each frame goes through `send` as text). */
function client(): Recorded {
  const got: string[] = [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    send(text: string) {
      const until = performance.now() + WRITE_MS;
      while (performance.now() < until);
      got.push(text);
    },
  } as unknown as WebSocket;
  return {
    socket,
    topics: new Set(['DAY_MARKET']),
    pending: new Map(),
    backedUpSinceMs: undefined,
    closing: false,
    got,
  };
}

function round(frames: Record<string, string>): PushRound {
  const r = new PushRound();
  for (const [key, text] of Object.entries(frames)) r.add('DAY_MARKET', key, textFrame(text));
  return r;
}

/** A fanout with the default limits, whose clock and drops no test here needs. */
const newFanout = () =>
  new Fanout<Recorded>(
    DEFAULT_SLOW_CLIENT_LIMITS,
    () => 0,
    () => {},
  );

/** Lets every scheduled slice run. */
async function drained(): Promise<void> {
  for (let i = 0; i < 1_000; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('Fanout', () => {
  it('does not finish an unfinished round before the next: clients it missed get both merged', async () => {
    const fanout = newFanout();
    const clients = Array.from({ length: 1_000 }, client);
    const writes = () => clients.reduce((n, c) => n + c.got.length, 0);

    fanout.push(round({ EURUSD: 'eur@1', GBPUSD: 'gbp@1' }), clients);
    const firstSlice = writes();
    expect(firstSlice).toBeGreaterThan(0);
    expect(firstSlice).toBeLessThan(2 * 1_000);

    // EURUSD moved again, GBPUSD did not: the push takes one more slice, not the 900-odd clients left.
    fanout.push(round({ EURUSD: 'eur@2' }), clients);
    expect(writes() - firstSlice).toBeLessThan(2 * 1_000 - firstSlice);

    await drained();
    for (const c of clients) {
      // Each client ends with the newest EURUSD and has GBPUSD; EURUSD never goes back to @1.
      expect(c.got.filter((t) => t.startsWith('eur')).at(-1)).toBe('eur@2');
      expect(c.got).toContain('gbp@1');
      expect(c.got.lastIndexOf('eur@1')).toBeLessThan(c.got.indexOf('eur@2'));
    }
    // Those the first round had not reached got one write of both rounds (two frames), not three.
    const reachedLate = clients.filter((c) => !c.got.includes('eur@1'));
    expect(reachedLate.length).toBeGreaterThan(0);
    for (const c of reachedLate) expect(c.got.sort()).toEqual(['eur@2', 'gbp@1']);
  });

  it('holds the event loop for one slice: the budget and at most one clock check of clients past it', () => {
    const fanout = newFanout();
    const clients = Array.from({ length: 1_000 }, client);
    // Two frames a client, each stand-in write holding the thread WRITE_MS: a client costs 0.2 ms.
    fanout.push(round({ EURUSD: 'eur@1', GBPUSD: 'gbp@1' }), clients);
    const reached = clients.filter((c) => c.got.length > 0).length;
    const withinBudget = Math.ceil(PUSH_SLICE_MS / (2 * WRITE_MS));
    const oneClockCheck = 16;
    expect(reached).toBeGreaterThan(0);
    // A turn of the loop that waits on this slice (an order's answer, a timer) waits this long at most.
    expect(reached).toBeLessThanOrEqual(withinBudget + oneClockCheck);
    fanout.finish();
  });

  it('a third round while two legs wait still leaves every client at the newest state', async () => {
    const fanout = newFanout();
    const clients = Array.from({ length: 600 }, client);
    fanout.push(round({ EURUSD: 'eur@1', GBPUSD: 'gbp@1' }), clients);
    fanout.push(round({ EURUSD: 'eur@2' }), clients);
    fanout.push(round({ GBPUSD: 'gbp@3', USDJPY: 'jpy@3' }), clients);
    // A client that joins now gets the newest round only (its subscription brought the rest).
    const late = client();
    fanout.push(round({ EURUSD: 'eur@4' }), [...clients, late]);
    await drained();
    for (const c of clients) {
      expect(c.got.filter((t) => t.startsWith('eur')).at(-1)).toBe('eur@4');
      expect(c.got.filter((t) => t.startsWith('gbp')).at(-1)).toBe('gbp@3');
      expect(c.got).toContain('jpy@3');
    }
    expect(late.got).toEqual(['eur@4']);
  });

  it('finish sends everything left at once', () => {
    const fanout = newFanout();
    const clients = Array.from({ length: 300 }, client);
    fanout.push(round({ EURUSD: 'eur@1' }), clients);
    fanout.finish();
    for (const c of clients) expect(c.got).toEqual(['eur@1']);
  });
});
