/**
 * The market on a cluster node (DATABASE_URL on PostgreSQL and REDIS_URL both set): one node at a
 * time produces it, and every node applies the same ticks.
 *
 * - The producer is elected with the book's lease (book-lease.ts, shard `feed`, its own row and
 *   fencing token). Only the producer runs the simulator (FEED=simulated), started from the
 *   market's current quotes, so a node that takes the feed over goes on from the last prices.
 * - Every batch of ticks, the simulator's and each one the ingest endpoint accepts on any node,
 *   goes out on the ticks channel (adapters/redis/redis-tick-channel.ts) and every node, the
 *   producer included, applies the batches it hears there, in the channel's one order. Quotes, day
 *   figures, bars, socket pushes and the book's triggers therefore come from one stream on every
 *   node, and the quote and bar events stay on each node (events/event-bus.ts, node-local types).
 * - Only the producer writes bars, each flush fenced by its token, so a deposed producer never
 *   writes after its successor took over. The others build the same bars and keep the last few
 *   flushes' changes, which a new producer writes first: what its predecessor died before writing.
 */
import type { Kysely } from 'kysely';
import type { Tick } from '../adapters/feed/market-feed.ts';
import type { SimulatedFeed } from '../adapters/feed/simulated-feed.ts';
import { closeRedis, connectRedis } from '../adapters/redis/redis-connection.ts';
import { createRedisTickChannel, type TickChannel } from '../adapters/redis/redis-tick-channel.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { Readiness } from '../observability/readiness.ts';
import type { MarketService } from '../services/market-service.ts';
import { BookLease } from './book-lease.ts';

export const FEED_SHARD = 'feed';

/** How long an ingest call waits to see its batch applied on its own node before answering. */
const INGEST_HEARD_WITHIN_MS = 2000;

export interface FeedClusterOptions {
  db: Kysely<unknown>;
  redisUrl: string;
  keyPrefix: string;
  /** This node's name in the lease row. */
  holder: string;
  readiness: Readiness;
  market: Pick<MarketService, 'applyTicks' | 'flush' | 'setAsideUnwritten'>;
  events: EventBus;
  /**
   * Builds the simulator this node runs while it produces, from the market's prices at that
   * moment; absent with FEED=none (ticks then come only through the ingest endpoint).
   */
  newFeed?: () => SimulatedFeed;
  /** How often the runtime writes bars: a node that does not keeps enough flushes to cover a takeover. */
  barFlushIntervalMs: number;
  log: { warn(message: string): void; info(message: string): void };
  logError: (error: unknown, message: string) => void;
  leaseMs?: number;
  renewMs?: number;
  /** False on a node pinned away from the feed (ROLE without `feed`): it applies ticks, never produces. */
  standsForFeed?: boolean;
}

export class FeedCluster {
  private readonly options: FeedClusterOptions;
  private readonly lease: BookLease;
  private readonly publisher;
  private readonly subscriber;
  private readonly ticks: TickChannel;
  /** The flushes of bars a node that does not write them keeps (see the header). */
  private readonly keepUnwritten: number;
  private simulator: SimulatedFeed | undefined;
  private steppedDown = false;
  private closed = false;
  private publishFailing = false;

  constructor(options: FeedClusterOptions) {
    this.options = options;
    const { log, logError } = options;
    this.publisher = connectRedis({ url: options.redisUrl, purpose: 'ticks', log });
    this.subscriber = connectRedis({ url: options.redisUrl, purpose: 'tick listener', log });
    this.ticks = createRedisTickChannel({
      publisher: this.publisher,
      subscriber: this.subscriber,
      keyPrefix: options.keyPrefix,
      apply: (ticks) => options.market.applyTicks(ticks),
      reportError: logError,
    });
    const leaseMs = options.leaseMs ?? 3000;
    const renewMs = options.renewMs ?? 1000;
    // From the producer's last flush to its successor's first: a lease, a round, two flushes.
    this.keepUnwritten = Math.ceil((leaseMs + renewMs) / options.barFlushIntervalMs) + 2;
    this.lease = new BookLease({
      db: options.db,
      holder: options.holder,
      shard: FEED_SHARD,
      leaseMs,
      renewMs,
      onGained: async () => {
        if (!this.steppedDown) this.produce();
        this.report();
      },
      onLost: () => {
        this.stopSimulator();
        this.report();
      },
      log,
    });
    // The spec in the event is the whole new one: the simulator quotes with its spread at once.
    options.events.subscribe('instrument_changed', (change) => this.simulator?.updateInstrument(change.spec));
  }

  /** Listens for ticks, then takes part in the election; the feed's ownership is known after. */
  async start(): Promise<void> {
    await this.ticks.ready();
    if (this.options.standsForFeed !== false) await this.lease.start();
    this.report();
  }

  /** True while this node produces the market (runs the simulator, writes bars). */
  producing(): boolean {
    return !this.steppedDown && this.lease.owns();
  }

  /** The simulator while this node runs it. */
  get feed(): SimulatedFeed | undefined {
    return this.simulator;
  }

  /** Resolves when ticks flow to this node: its tick listener is connected (readiness). */
  async listening(): Promise<void> {
    if (!this.ticks.listening()) throw new Error(`tick listener ${this.subscriber.status}`);
  }

  /**
   * An ingested batch: sent to every node, answered once this node applied it too. Throws when
   * Redis did not take it (then no node applies it).
   */
  ingest(ticks: readonly Tick[]): Promise<void> {
    return this.ticks.publish(ticks, { heardWithinMs: INGEST_HEARD_WITHIN_MS });
  }

  /** The runtime's bar flush: written by the producer, fenced by its token; kept aside elsewhere. */
  async writeBars(): Promise<number> {
    if (!this.lease.owns()) {
      this.options.market.setAsideUnwritten(this.keepUnwritten);
      return 0;
    }
    return this.options.market.flush((trx) => this.lease.fence(trx));
  }

  /** First step of a graceful stop: no more ticks are produced here (bars may still be written). */
  stepDown(): void {
    this.steppedDown = true;
    this.stopSimulator();
    this.report();
  }

  /** Graceful: hands the feed over at once (the lease is released) and closes the connections. */
  async stop(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stepDown();
    await this.lease.stop(true);
    await this.ticks.close();
    await Promise.all([closeRedis(this.subscriber), closeRedis(this.publisher)]);
  }

  /**
   * What a node that died looks like to the others: it stops producing and renewing without
   * releasing, and its Redis connections drop. The lease then runs out and another node produces.
   */
  async abandon(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopSimulator();
    await this.lease.stop(false);
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }

  private produce(): void {
    const simulator = this.options.newFeed?.();
    if (!simulator) return;
    this.simulator = simulator;
    simulator.start((ticks) => {
      // Past the lease's end by this node's clock another node may produce: not a tick more.
      if (!this.lease.owns()) {
        this.stopSimulator();
        return;
      }
      this.ticks.publish(ticks).then(
        () => void (this.publishFailing = false),
        (error: unknown) => {
          // Once per outage: every round would fail the same way.
          if (this.publishFailing) return;
          this.publishFailing = true;
          this.options.logError(error, 'publishing simulated ticks failed');
        },
      );
    });
  }

  private stopSimulator(): void {
    this.simulator?.stop();
    this.simulator = undefined;
  }

  private report(): void {
    this.options.readiness.setBookOwnership({ known: true, shards: { [FEED_SHARD]: this.producing() } });
  }
}
