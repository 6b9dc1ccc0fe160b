/**
 * The once-a-second trade pass with many users signed in: it goes out in slices instead of one
 * turn of the event loop, each user's state taken when its turn comes, and a socket that signed
 * out meanwhile gets nothing more of that user's.
 */
import { describe, expect, it } from 'vitest';
import { Topic } from '@omp/protocol';
import type { Frame } from './socket-frames.ts';
import { TradeStream, type TradeSource, type TradeSubscriber } from './socket-trade-stream.ts';

/** How long building one user's state holds the thread: 64 users outlast a slice (2 ms). */
const SNAPSHOT_MS = 0.1;

type Snapshot = NonNullable<ReturnType<TradeSource['tradeSnapshot']>>;

function source(version: () => number): TradeSource {
  return {
    tradeSnapshot(userId: number) {
      const until = performance.now() + SNAPSHOT_MS;
      while (performance.now() < until);
      // One holding order, its price saying when the state was taken.
      return { orders: [{ Id: userId, Price: version() }], info: {} } as unknown as Snapshot;
    },
    account: () => Promise.reject(new Error('not used')),
  };
}

const subscriber = (): TradeSubscriber => ({ session: undefined, topics: new Set([Topic.forexTrade]) });

async function drained(): Promise<void> {
  for (let i = 0; i < 1_000; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('TradeStream.pushLive', () => {
  it('pushes a thousand users over several turns, each with its state when its turn comes', async () => {
    let version = 1;
    const got = new Map<TradeSubscriber, string[]>();
    const stream = new TradeStream<TradeSubscriber>(
      source(() => version),
      () => {},
      (_key: string, frame: Frame, client: TradeSubscriber) => got.get(client)!.push(frame.text),
    );
    const byUser = new Map<number, Set<TradeSubscriber>>();
    for (let userId = 1; userId <= 1_000; userId++) {
      const client = subscriber();
      got.set(client, []);
      byUser.set(userId, new Set([client]));
    }
    const pushed = () => [...got.values()].filter((texts) => texts.length > 0).length;

    stream.pushLive(10_000, byUser);
    const firstTurn = pushed();
    expect(firstTurn).toBeGreaterThan(0);
    expect(firstTurn).toBeLessThan(1_000);

    // The prices move, and user 1,000 signs out before its turn: it gets nothing more.
    version = 2;
    const leaving = [...byUser.get(1_000)!][0]!;
    byUser.get(1_000)!.clear();
    // A second call while the pass is under way starts nothing over.
    stream.pushLive(20_000, byUser);
    await drained();

    expect(got.get(leaving)).toEqual([]);
    const texts = [...got.values()].filter((t) => t.length > 0);
    expect(texts).toHaveLength(999);
    for (const t of texts) expect(t).toHaveLength(1);
    // Those reached after the first turn carry the newer state.
    expect(texts.filter((t) => t[0]!.includes('"Price":2')).length).toBe(999 - firstTurn);
  });

  it('stop ends the pass under way', async () => {
    let delivered = 0;
    const stream = new TradeStream<TradeSubscriber>(
      source(() => 1),
      () => {},
      () => delivered++,
    );
    const byUser = new Map(Array.from({ length: 500 }, (_, i) => [i + 1, new Set([subscriber()])]));
    stream.pushLive(10_000, byUser);
    const before = delivered;
    stream.stop();
    await drained();
    expect(delivered).toBe(before);
    expect(before).toBeLessThan(500);
  });
});
