/**
 * Market ticks across nodes: one Redis pub/sub channel, `<prefix>ticks`, carries every batch of
 * ticks (the producing node's simulator rounds, and each batch a price bridge posts to any node).
 *
 * Every node applies what it hears on the channel, the publishing node included, and nothing
 * else: Redis hands one channel's messages to every subscriber in the one order it received them,
 * so every node applies the same ticks in the same order and derives the same quotes, day figures
 * and bars. A node never applies its own batch directly, so it applies it once, from the channel.
 *
 * Pub/sub is at most once: a node cut off from Redis misses ticks meanwhile (its readiness says so)
 * and goes on from the next ones it hears; a tick older than the instrument's last is ignored by
 * the market anyway.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Tick } from '../feed/market-feed.ts';

export interface RedisTickChannelOptions {
  /** Commands only (PUBLISH). */
  publisher: Redis;
  /** A connection of its own: once subscribed it can do nothing else. */
  subscriber: Redis;
  keyPrefix: string;
  /** Applies one batch to this node's market; called for every batch heard, in channel order. */
  apply: (ticks: Tick[]) => void;
  reportError: (error: unknown, message: string) => void;
}

export interface TickChannel {
  /**
   * Sends a batch to every node. Resolves once Redis took it; with `heardWithinMs`, once this node
   * has applied it too (or that much time passed: the others have it all the same). Rejects when
   * Redis did not take it: then no node applies it.
   */
  publish(ticks: readonly Tick[], options?: { heardWithinMs?: number }): Promise<void>;
  /** Resolves once this node hears the channel; rejects when Redis could not be reached. */
  ready(): Promise<void>;
  /** Whether the listening connection is up (readiness). */
  listening(): boolean;
  /** Stops listening and closes nothing: the connections belong to the caller. */
  close(): Promise<void>;
}

interface WireBatch {
  /** The publishing node. */
  n: string;
  /** The batch's number on that node. */
  b: number;
  /** Ticks as [code, bid, ask, timeMs]: a simulator round of every instrument stays small. */
  t: Array<[string, number, number, number]>;
}

export function encodeTicks(node: string, batch: number, ticks: readonly Tick[]): string {
  const message: WireBatch = { n: node, b: batch, t: ticks.map((t) => [t.code, t.bid, t.ask, t.timeMs]) };
  return JSON.stringify(message);
}

const isWireTick = (value: unknown): value is [string, number, number, number] =>
  Array.isArray(value) &&
  value.length === 4 &&
  typeof value[0] === 'string' &&
  value.slice(1).every((n) => Number.isSafeInteger(n));

/** The batch, or undefined for a message that is not one (the market trusts what it is given). */
export function decodeTicks(text: string): { node: string; batch: number; ticks: Tick[] } | undefined {
  try {
    const message = JSON.parse(text) as Partial<WireBatch> | null;
    if (typeof message?.n !== 'string' || typeof message.b !== 'number' || !Array.isArray(message.t))
      return undefined;
    if (!message.t.every(isWireTick)) return undefined;
    const ticks = message.t.map(([code, bid, ask, timeMs]) => ({ code, bid, ask, timeMs }));
    return { node: message.n, batch: message.b, ticks };
  } catch {
    return undefined;
  }
}

export function createRedisTickChannel(options: RedisTickChannelOptions): TickChannel {
  const { publisher, subscriber, apply, reportError } = options;
  const channel = `${options.keyPrefix}ticks`;
  const node = randomUUID();
  let nextBatch = 1;
  /** Own batches whose sender waits until this node applied them. */
  const awaited = new Map<number, () => void>();

  const onMessage = (from: string, text: string) => {
    if (from !== channel) return;
    const message = decodeTicks(text);
    if (!message) {
      reportError(new Error(text.slice(0, 200)), `unreadable tick batch on ${channel}`);
      return;
    }
    try {
      if (message.ticks.length > 0) apply(message.ticks);
    } catch (error) {
      reportError(error, 'applying a batch of ticks failed');
    }
    if (message.node === node) awaited.get(message.batch)?.();
  };
  subscriber.on('message', onMessage);
  const subscribed = subscriber.subscribe(channel).then(() => undefined);
  subscribed.catch(() => undefined);

  return {
    async publish(ticks, { heardWithinMs } = {}) {
      const batch = nextBatch++;
      const heard =
        heardWithinMs === undefined
          ? undefined
          : new Promise<void>((resolve) => {
              const timer = setTimeout(done, heardWithinMs);
              function done() {
                clearTimeout(timer);
                awaited.delete(batch);
                resolve();
              }
              awaited.set(batch, done);
            });
      try {
        await publisher.publish(channel, encodeTicks(node, batch, ticks));
      } catch (error) {
        awaited.get(batch)?.();
        throw error;
      }
      await heard;
    },
    ready: () => subscribed,
    listening: () => subscriber.status === 'ready',
    async close() {
      subscriber.off('message', onMessage);
      for (const done of [...awaited.values()]) done();
      if (subscriber.status === 'ready') await subscriber.unsubscribe(channel).catch(() => undefined);
    },
  };
}
