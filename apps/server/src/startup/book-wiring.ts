/**
 * The trading book: on a cluster first the election of its owner and of the node that produces the
 * market, then the calls that run on the owner, the trading service over the book, and what reads
 * or records it (the account snapshots, the trading queries).
 */
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { EventBus } from '../events/event-bus.ts';
import type { MarketFeed } from '../adapters/feed/market-feed.ts';
import { resumedSimulatedFeed } from '../adapters/feed/resumed-feed.ts';
import { BookCluster } from '../cluster/book-cluster.ts';
import { FeedCluster } from '../cluster/feed-cluster.ts';
import type { Metrics } from '../observability/metrics.ts';
import type { Readiness } from '../observability/readiness.ts';
import { IdempotencyRepository } from '../repositories/idempotency-repository.ts';
import { MarginEventRepository } from '../repositories/margin-event-repository.ts';
import { TradingRepository } from '../repositories/trading-repository.ts';
import type { Tx } from '../repositories/unit-of-work.ts';
import { AccountSnapshots } from '../services/account-snapshots.ts';
import { Housekeeping } from '../services/housekeeping.ts';
import { RetentionRepository } from '../repositories/retention-repository.ts';
import type { LeverageCaps } from '../services/leverage-caps.ts';
import type { MarketService } from '../services/market-service.ts';
import { OwnerCalls } from '../services/owner-calls.ts';
import type { SettingsService } from '../services/settings-service.ts';
import { TradingQueries } from '../services/trading-queries.ts';
import { TradingService } from '../services/trading-service.ts';
import type { LateLogs } from './late-logs.ts';
import type { StartupBase } from './startup-base.ts';
import type { HeldResources } from './stop-sequence.ts';

/** Forming bars reach the database this often; a crash loses at most this much of a bar. */
export const BAR_FLUSH_INTERVAL_MS = 1000;

export interface BookWiringDeps extends StartupBase {
  /** PostgreSQL and Redis: the book and the feed are elected among the nodes. */
  clustered: boolean;
  market: MarketService;
  events: EventBus;
  settings: SettingsService;
  leverageCaps: LeverageCaps;
  readiness: Readiness;
  metrics: Metrics;
  /** The clusters go here as soon as they exist, so that a failed start-up closes them. */
  held: HeldResources;
  /** Housekeeping's deletion of uploads never attached (UploadService.deleteUnattached). */
  deleteUnattachedUploads: (beforeMs: number, limit: number) => Promise<number>;
}

export type TradingBook = Awaited<ReturnType<typeof wireTradingBook>>;

export async function wireTradingBook(deps: BookWiringDeps) {
  const { config, database, market, events, settings, leverageCaps, readiness, now, logs, held } = deps;
  const tradingRepository = new TradingRepository(database.db);
  const idempotency = new IdempotencyRepository(database.db);
  // The simulator a node starts goes on from the market's last prices (after a restart, or a
  // takeover of the feed on a cluster).
  const newSimulatedFeed = () =>
    resumedSimulatedFeed(market, {
      seed: config.feedSeed + Math.floor(now() / 1000),
      now,
      intervalMs: config.feedIntervalMs,
    });
  if (deps.clustered) {
    const clusterNode = {
      db: database.db as unknown as Kysely<unknown>,
      redisUrl: config.redisUrl!,
      keyPrefix: config.redisKeyPrefix,
      holder: `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
      readiness,
      log: { warn: logs.warn, info: logs.info },
      logError: logs.error,
    };
    held.bookCluster = new BookCluster({ ...clusterNode, standsForBook: config.roles.has('book') });
    held.feedCluster = new FeedCluster({
      ...clusterNode,
      market,
      events,
      ...(config.feed === 'simulated' ? { newFeed: newSimulatedFeed } : {}),
      barFlushIntervalMs: BAR_FLUSH_INTERVAL_MS,
      standsForFeed: config.roles.has('feed'),
    });
  }
  const { bookCluster } = held;
  // Work of the book runs on its owner: here on one node, forwarded on a cluster (owner-calls.ts).
  const ownerCalls = new OwnerCalls(bookCluster);
  const trading = new TradingService({
    repository: tradingRepository,
    market,
    settings,
    findReply: (userId, key) => idempotency.find(userId, key),
    events,
    now,
    logError: logs.error,
    counts: deps.metrics,
    calls: ownerCalls,
    ...(bookCluster ? { fence: (trx: Tx) => bookCluster.fence(trx) } : {}),
    leverageCaps,
  });
  await trading.init();
  const marginEvents = new MarginEventRepository(database.db);
  const snapshots = new AccountSnapshots({
    repository: marginEvents,
    holdingAccounts: () => trading.holdingAccountFigures(),
    runsHere: () => ownerCalls.runsHere(),
    now,
    everyMs: config.snapshotEveryMs,
    retentionMs: config.snapshotRetentionMs,
    logError: logs.error,
  });
  const housekeeping = new Housekeeping({
    repository: new RetentionRepository(database.db),
    runsHere: () => ownerCalls.runsHere(),
    now,
    everyMs: config.housekeepingEveryMs,
    idempotencyRetentionMs: config.idempotencyRetentionMs,
    messageLogRetentionMs: config.messageLogRetentionMs,
    sessionHistoryRetentionMs: config.sessionHistoryRetentionMs,
    barRetentionPeriods: config.klineRetentionBars,
    deleteUnattachedUploads: deps.deleteUnattachedUploads,
    counts: deps.metrics,
    logInfo: logs.info,
    logError: logs.error,
  });
  const queries = new TradingQueries(trading, tradingRepository);
  return {
    tradingRepository,
    newSimulatedFeed,
    ownerCalls,
    trading,
    marginEvents,
    snapshots,
    housekeeping,
    queries,
  };
}

/** The timer that writes forming bars, and what the stop sequence needs of it. */
export interface BarFlush {
  stopTimer(): void;
  /** The write the timer started last, settled (its failure was logged). */
  underWay(): Promise<number>;
  /** Writes what formed since. */
  write(): Promise<number>;
}

export function startBarFlush(
  market: MarketService,
  feedCluster: FeedCluster | undefined,
  logs: LateLogs,
  timed: boolean,
): BarFlush {
  // On a cluster only the node that produces the market writes bars (cluster/feed-cluster.ts).
  const writeBars = () => (feedCluster ? feedCluster.writeBars() : market.flush());
  let flushing = Promise.resolve(0);
  const flushTimer = timed
    ? setInterval(() => {
        flushing = flushing.then(writeBars).catch((error: unknown) => {
          logs.error(error, 'writing kline bars failed; they stay in memory and are retried');
          return 0;
        });
      }, BAR_FLUSH_INTERVAL_MS)
    : undefined;
  flushTimer?.unref();
  return { stopTimer: () => clearInterval(flushTimer), underWay: () => flushing, write: writeBars };
}

export interface FeedStartDeps extends Pick<StartupBase, 'config' | 'logs'> {
  feedCluster: FeedCluster | undefined;
  market: MarketService;
  events: EventBus;
  book: Pick<TradingBook, 'newSimulatedFeed'>;
}

/**
 * The feed starts last: its first ticks need the app's logger and a listening hub. On a
 * cluster one node produces the market and every node applies its ticks from Redis.
 * Answers the simulator of a single node, if it runs one.
 */
export async function startFeed(deps: FeedStartDeps): Promise<MarketFeed | undefined> {
  const { config, feedCluster, market, logs } = deps;
  if (feedCluster) await feedCluster.start();
  else if (config.feed === 'simulated') {
    const simulated = deps.book.newSimulatedFeed();
    deps.events.subscribe('instrument_changed', (change) => simulated.updateInstrument(change.spec));
    // A throw inside a feed's timer would crash the process; log it and keep the market running.
    simulated.start((ticks) => {
      try {
        market.applyTicks(ticks);
      } catch (error) {
        logs.error(error, 'applying simulated ticks failed');
      }
    });
    return simulated;
  }
  return undefined;
}
