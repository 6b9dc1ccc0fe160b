/**
 * The ticks channel: every node applies every batch once, its own included, in one order; and a
 * message that is not a batch is reported and applies nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Tick } from '../feed/market-feed.ts';
import { createRedisTickChannel, decodeTicks, encodeTicks } from './redis-tick-channel.ts';
import { deleteKeys, testRedis, testRedisUrl, uniqueKeyPrefix } from './redis-test-target.ts';

const tick = (bid: number, timeMs = 1000 + bid): Tick => ({ code: 'EURUSD', bid, ask: bid + 12, timeMs });

describe('tick batch wire format', () => {
  it('reads back what it writes', () => {
    const ticks = [tick(110000), { code: 'XAUUSD', bid: 240000, ask: 240030, timeMs: 5 }];
    expect(decodeTicks(encodeTicks('node-1', 7, ticks))).toEqual({ node: 'node-1', batch: 7, ticks });
  });

  it('refuses what is not a batch of whole-point ticks', () => {
    for (const text of [
      'not json',
      'null',
      '{"n":"a","b":1}',
      '{"n":"a","b":1,"t":[["EURUSD",1.1,2,3]]}',
      '{"n":"a","b":1,"t":[["EURUSD",1,2]]}',
      '{"n":"a","b":1,"t":[[7,1,2,3]]}',
    ])
      expect(decodeTicks(text), text).toBeUndefined();
  });
});

describe.skipIf(!testRedisUrl)('ticks channel on Redis', () => {
  it('has every node apply every batch once, its own included, in the same order', async () => {
    const keyPrefix = uniqueKeyPrefix();
    const connections = Array.from({ length: 5 }, testRedis);
    const [pubA, subA, pubB, subB, raw] = connections;
    const appliedOn = { a: [] as number[], b: [] as number[] };
    const reported: unknown[] = [];
    const channel = (publisher: typeof pubA, subscriber: typeof pubA, into: number[]) =>
      createRedisTickChannel({
        publisher: publisher!,
        subscriber: subscriber!,
        keyPrefix,
        apply: (ticks) => into.push(...ticks.map((t) => t.bid)),
        reportError: (error) => reported.push(error),
      });
    const a = channel(pubA, subA, appliedOn.a);
    const b = channel(pubB, subB, appliedOn.b);
    await Promise.all([a.ready(), b.ready()]);

    const sent: Promise<void>[] = [];
    for (let i = 1; i <= 50; i++) sent.push((i % 2 ? a : b).publish([tick(i), tick(i + 1000)]));
    await Promise.all(sent);
    await raw!.publish(`${keyPrefix}ticks`, 'not a batch');
    // Heard back on its own node before it resolves: everything sent before it has arrived too.
    await a.publish([tick(9999)], { heardWithinMs: 2000 });
    await b.publish([tick(9998)], { heardWithinMs: 2000 });

    // Each node heard its own last batch; the other node's may still be on its way to it.
    await expect.poll(() => appliedOn.a.length, { timeout: 2000 }).toBe(50 * 2 + 2);
    await expect.poll(() => appliedOn.b.length, { timeout: 2000 }).toBe(50 * 2 + 2);
    expect(appliedOn.b).toEqual(appliedOn.a);
    expect(new Set(appliedOn.a).size).toBe(appliedOn.a.length);
    // The stray message, once on each node.
    expect(reported).toHaveLength(2);
    await Promise.all([a.close(), b.close()]);
    await deleteKeys(raw!, keyPrefix);
    await Promise.all(connections.map((connection) => connection.quit()));
  });
});
