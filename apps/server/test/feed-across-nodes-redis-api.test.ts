/**
 * The market on a cluster (PostgreSQL and Redis): two nodes on one schema and one Redis, with the
 * simulator on. Exactly one node produces the market; both apply its ticks from Redis in the same
 * order, so their quotes are identical, and their quote events stay on each node; a batch ingested
 * on either reaches both, once each; a spread changed on one node is used by the other's simulator;
 * only the producer writes bars; and when the producer dies (stops renewing and drops its
 * connections, no handover) the other produces within 5 s, going on from the last price.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Redis } from 'ioredis';
import type { Tick } from '../src/adapters/feed/market-feed.ts';
import { decodeEvent } from '../src/adapters/redis/redis-event-bus.ts';
import type { Runtime } from '../src/runtime.ts';
import { adminToken, callApi } from './helpers/staff-helpers.ts';
import { startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import {
  clusterUnavailable,
  startAnotherNode,
  forgetRedisKeys,
  testRedisUrl,
  uniqueKeyPrefix,
  waitUntil,
} from './helpers/cluster-target.ts';
import { testRedis } from '../src/adapters/redis/redis-test-target.ts';

const INGEST_SECRET = 'feed-across-nodes-ingest-secret';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(clusterUnavailable('FEED ACROSS NODES CASES'))('the market on a cluster of two nodes', () => {
  const keyPrefix = uniqueKeyPrefix();
  let first: TestRuntime;
  let second: TestRuntime;
  let secondStopped = false;
  let eventsListener: Redis;
  const crossedTypes: string[] = [];
  /** Every tick each node applied, in its order. */
  const applied = new Map<Runtime, Tick[]>();
  const quotesHeard = new Map<Runtime, number>();

  const nodeLike = (runtime: Runtime): TestRuntime => ({ ...first, ...runtime });
  const eurusd = () => first.market.instrumentByCode('EURUSD')!;
  /** Moves the shared clock on in simulator-sized steps; the producer's timer makes the ticks. */
  const runMarket = async (ms: number) => {
    for (let done = 0; done < ms; done += 250) {
      first.clock.advance(250);
      await pause(30);
    }
  };
  /** Waits until both nodes applied the same number of ticks and it stays so for a moment. */
  const settled = async (nodes: Runtime[] = [first, second]) => {
    let last = -1;
    await waitUntil(() => {
      const counts = nodes.map((node) => applied.get(node)!.length);
      const same = counts.every((count) => count === counts[0]) && counts[0]! > 0;
      const steady = same && counts[0] === last;
      last = same ? counts[0]! : -1;
      return steady;
    }, 5000).catch(() => undefined);
  };
  const watch = (node: Runtime) => {
    applied.set(node, []);
    quotesHeard.set(node, 0);
    node.market.onTick((_id, tick) => applied.get(node)!.push({ ...tick }));
    node.events.subscribe('quote', () => quotesHeard.set(node, quotesHeard.get(node)! + 1));
  };
  const ingestOn = (node: TestRuntime, ticks: Array<Record<string, unknown>>) =>
    node.app.inject({
      method: 'POST',
      url: '/v1/api/forex/ingest',
      headers: { 'content-type': 'application/json', 'x-ingest-secret': INGEST_SECRET, lang: 'en' },
      payload: JSON.stringify({ ticks }),
    });
  const storedBar = async (node: Runtime, instrumentId: number, time: number) => {
    const { rows } = await sql<{ open: string; high: string; low: string; close: string; volume: string }>`
      SELECT open, high, low, close, volume FROM klines
      WHERE instrument_id = ${instrumentId} AND period = '1M' AND time = ${time}`.execute(node.database.db);
    const row = rows[0];
    return row && { time, ...Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) };
  };

  beforeAll(async () => {
    eventsListener = testRedis();
    eventsListener.on('message', (_channel: string, text: string) => {
      const message = decodeEvent(text);
      if (message) crossedTypes.push(message.t);
    });
    await eventsListener.subscribe(`${keyPrefix}events`);
    first = await startTestRuntime({
      engine: 'postgres',
      env: {
        REDIS_URL: testRedisUrl!,
        REDIS_KEY_PREFIX: keyPrefix,
        FEED: 'simulated',
        FEED_INTERVAL_MS: '20',
        INGEST_SECRET,
      },
    });
    second = nodeLike(await startAnotherNode(first));
    watch(first);
    watch(second);
  });
  afterAll(async () => {
    if (!secondStopped) await second?.stop();
    await first?.dispose();
    await eventsListener?.quit();
    await forgetRedisKeys(keyPrefix);
  });

  it('has exactly one node produce the market, and readiness and metrics say which', async () => {
    expect(first.feedCluster?.producing()).toBe(true);
    expect(second.feedCluster?.producing()).toBe(false);
    expect(first.feedCluster?.feed).toBeDefined();
    expect(second.feedCluster?.feed).toBeUndefined();
    expect(first.readiness.bookOwnership()).toEqual({ known: true, shards: { book: true, feed: true } });
    expect(second.readiness.bookOwnership()).toEqual({ known: true, shards: { book: false, feed: false } });
    expect(await first.metrics.registry.metrics()).toContain('omp_book_owned{shard="feed"} 1');
    expect(await second.metrics.registry.metrics()).toContain('omp_book_owned{shard="feed"} 0');
    expect((await second.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('applies the producer’s ticks on both nodes in the same order, so their quotes are identical', async () => {
    await runMarket(2000);
    await settled();
    const onFirst = applied.get(first)!;
    expect(onFirst.length).toBeGreaterThan(3);
    expect(applied.get(second)).toEqual(onFirst);
    expect(second.market.quotations()).toEqual(first.market.quotations());
    expect(second.market.quotationOf('EURUSD')!.quotation.Bid).toBeGreaterThan(0);
    expect(second.market.formingBar('EURUSD', '1M')).toEqual(first.market.formingBar('EURUSD', '1M'));
    expect(second.trading.board.quote(eurusd().id)).toEqual(first.trading.board.quote(eurusd().id));
  });

  it('keeps quote and bar events on each node: one quote per tick applied there, none through Redis', async () => {
    // An event published after the ticks reached the listener, so every earlier event has too.
    const marker = new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (!crossedTypes.includes('user_changed')) return;
        clearInterval(check);
        resolve();
      }, 10);
    });
    second.events.publish('user_changed', { userId: 987654 });
    await marker;
    expect(crossedTypes.filter((type) => type === 'quote' || type === 'kline')).toEqual([]);
    expect(quotesHeard.get(first)).toBe(applied.get(first)!.length);
    expect(quotesHeard.get(second)).toBe(applied.get(second)!.length);
  });

  it('gives a batch ingested on one node to both, once each', async () => {
    const before = [applied.get(first)!.length, applied.get(second)!.length];
    const res = await ingestOn(second, [{ code: 'EURUSD', bid: '1.23456', time: first.clock.now() }]);
    expect(res.json()).toMatchObject({ code: 1, data: { accepted: 1 } });
    // The answer comes once the ingesting node applied it.
    expect(second.market.quotationOf('EURUSD')!.quotation.Bid).toBe(1.23456);
    await waitUntil(() => first.market.quotationOf('EURUSD')!.quotation.Bid === 1.23456, 3000);
    await pause(200);
    expect([applied.get(first)!.length, applied.get(second)!.length]).toEqual([
      before[0]! + 1,
      before[1]! + 1,
    ]);
    expect(applied.get(first)!.at(-1)).toEqual(applied.get(second)!.at(-1));
    expect(second.market.quotations()).toEqual(first.market.quotations());
  });

  it('applies a spread changed on the other node to both markets and books, and the producer quotes with it', async () => {
    const { id, spreadPoints } = eurusd();
    const newSpread = spreadPoints + 37;
    const admin = await adminToken(second);
    const changed = await callApi(second, 'POST', `/admin/api/instruments/${id}`, admin, {
      spread_points: newSpread,
    });
    expect(changed).toMatchObject({ code: 1 });
    await waitUntil(() => first.market.instrumentByCode('EURUSD')!.spreadPoints === newSpread, 3000);
    for (const node of [first, second]) {
      expect(node.market.instrumentByCode('EURUSD')!.spreadPoints).toBe(newSpread);
      expect(node.trading.board.instrument(id)!.spreadPoints).toBe(newSpread);
    }
    const from = applied.get(second)!.length;
    const newTicks = () =>
      applied
        .get(second)!
        .slice(from)
        .filter((tick) => tick.code === 'EURUSD');
    for (let round = 0; round < 8 && newTicks().length === 0; round++) await runMarket(1000);
    await settled();
    expect(newTicks().length).toBeGreaterThan(0);
    for (const tick of newTicks()) expect(tick.ask - tick.bid).toBe(newSpread);
    expect(second.market.quotations()).toEqual(first.market.quotations());
  });

  it('writes bars only on the producer', async () => {
    const flushesOnFirst = vi.spyOn(first.market, 'flush');
    const flushesOnSecond = vi.spyOn(second.market, 'flush');
    await runMarket(1000);
    await settled();
    const before = flushesOnFirst.mock.calls.length;
    await waitUntil(() => flushesOnFirst.mock.calls.length > before, 5000);
    await pause(1200);
    expect(flushesOnSecond).not.toHaveBeenCalled();
    await flushesOnFirst.mock.results.at(-1)!.value;
    // The producer wrote the forming bar both nodes hold.
    const forming = first.market.formingBar('EURUSD', '1M')!.bar;
    expect(second.market.formingBar('EURUSD', '1M')!.bar).toEqual(forming);
    expect(await storedBar(first, eurusd().id, forming.time)).toEqual(forming);
    expect(await second.feedCluster!.writeBars()).toBe(0);
    expect(flushesOnSecond).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('moves the feed to the other node within 5 s when the producer dies, going on from the last price', async () => {
    const lastBid = second.market.currentQuote(eurusd().id)!.bid;
    const flushesOnFirst = vi.spyOn(first.market, 'flush');
    await first.feedCluster!.abandon();
    const tookMs = await waitUntil(() => second.feedCluster!.feed !== undefined, 5000);
    expect(tookMs).toBeLessThan(5000);
    expect(second.feedCluster!.producing()).toBe(true);
    expect(first.feedCluster!.producing()).toBe(false);
    expect(second.readiness.bookOwnership()).toMatchObject({ shards: { feed: true } });
    // The new producer's simulator starts from the market's last quote, not its start price.
    expect(second.feedCluster!.feed!.bid('EURUSD')).toBe(lastBid);

    const from = applied.get(second)!.length;
    const next = () =>
      applied
        .get(second)!
        .slice(from)
        .find((tick) => tick.code === 'EURUSD');
    for (let round = 0; round < 8 && !next(); round++) await runMarket(1000);
    const tick = next();
    expect(tick).toBeDefined();
    expect(Math.abs(tick!.bid - lastBid) / lastBid).toBeLessThan(0.002);

    // Bars are now the new producer's to write, and the dead one writes none.
    await settled([second]);
    const flushesOnSecond = vi.spyOn(second.market, 'flush');
    await waitUntil(() => flushesOnSecond.mock.calls.length > 0, 5000);
    await flushesOnSecond.mock.results.at(-1)!.value;
    const forming = second.market.formingBar('EURUSD', '1M')!.bar;
    expect(await storedBar(second, eurusd().id, forming.time)).toEqual(forming);
    expect(flushesOnFirst).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('hands the feed over at once on a graceful stop', async () => {
    const third = await startAnotherNode(first);
    try {
      expect(third.feedCluster!.producing()).toBe(false);
      await second.stop();
      secondStopped = true;
      const tookMs = await waitUntil(() => third.feedCluster!.feed !== undefined, 5000);
      // Sooner than the lease would have run out by itself (3 s): the stop released it.
      expect(tookMs).toBeLessThan(2500);
    } finally {
      await third.stop();
    }
  });
});
