/**
 * How the runtime lets go: the resources held from the first moments of start-up (closed as they
 * are if start-up fails), and the graceful stop of a running node.
 */
import type { FastifyInstance } from 'fastify';
import type { MarketFeed } from '../adapters/feed/market-feed.ts';
import type { CrossNode } from '../adapters/redis/cross-node.ts';
import type { FileStorage } from '../adapters/storage/file-storage.ts';
import type { BookCluster } from '../cluster/book-cluster.ts';
import type { FeedCluster } from '../cluster/feed-cluster.ts';
import type { AppConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { OwnerLock } from '../db/owner-lock.ts';
import type { Readiness } from '../observability/readiness.ts';
import type { AccountSnapshots } from '../services/account-snapshots.ts';
import type { Housekeeping } from '../services/housekeeping.ts';
import type { LeaderboardService } from '../services/leaderboard-service.ts';
import type { LeverageCaps } from '../services/leverage-caps.ts';
import type { PriceAlerts } from '../services/price-alerts.ts';
import type { RiskWarningService } from '../services/risk-warning-service.ts';
import type { SecurityNotices } from '../services/security-notices.ts';
import type { StatementMailer } from '../services/statement-mailer.ts';
import type { TradingService } from '../services/trading-service.ts';
import type { WebPushChannel } from '../services/web-push-channel.ts';
import type { SocketHub } from '../ws/socket-hub.ts';
import type { BarFlush } from './book-wiring.ts';

/** What start-up opened that holds a connection, a lock or a lease, filled in as each is opened. */
export interface HeldResources {
  ownerLock?: OwnerLock | undefined;
  crossNode?: CrossNode | undefined;
  fileStorage?: FileStorage | undefined;
  bookCluster?: BookCluster | undefined;
  feedCluster?: FeedCluster | undefined;
}

/** A start-up that failed half way closes what it had opened, the database last but for the lock. */
export async function releaseAfterFailedStart(held: HeldResources, database: DatabaseHandle): Promise<void> {
  await held.feedCluster?.stop().catch(() => undefined);
  await held.bookCluster?.stop().catch(() => undefined);
  await held.fileStorage?.close?.();
  await held.crossNode?.close();
  await database.close();
  await held.ownerLock?.release();
}

export interface RunningParts {
  config: AppConfig;
  database: DatabaseHandle;
  held: HeldResources;
  readiness: Readiness;
  hub: SocketHub;
  app: FastifyInstance;
  feed: MarketFeed | undefined;
  alerts: PriceAlerts;
  leaderboard: LeaderboardService;
  riskWarning: RiskWarningService;
  leverageCaps: LeverageCaps;
  snapshots: AccountSnapshots;
  housekeeping: Housekeeping;
  statementMailer: StatementMailer;
  webPush: WebPushChannel;
  notices: SecurityNotices;
  bars: BarFlush;
  trading: TradingService;
}

// Graceful: the load balancer is told first (readyz 503, then DRAIN_DELAY_MS of serving),
// sockets are told why and closed,
// the listener stops taking requests and lets those under way finish; then the market and
// the book stop, everything decided is committed, and the book is handed over last.
export async function stopGracefully(parts: RunningParts): Promise<void> {
  const { config, held, readiness } = parts;
  readiness.startDraining();
  // Requests keep being served while the balancer notices the 503 and takes the node out.
  if (config.drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
  parts.hub.close();
  await parts.app.close();
  parts.feed?.stop();
  held.feedCluster?.stepDown();
  parts.alerts.stop();
  parts.leaderboard.stop();
  parts.riskWarning.stop();
  parts.leverageCaps.stop();
  await parts.snapshots.stop();
  await parts.housekeeping.stop();
  await parts.statementMailer.stop();
  await parts.webPush.idle();
  await parts.notices.idle();
  parts.bars.stopTimer();
  held.bookCluster?.stepDown();
  await parts.trading.stop();
  await parts.bars.underWay();
  await parts.bars.write();
  await held.feedCluster?.stop();
  await held.bookCluster?.stop();
  await held.fileStorage?.close?.();
  await held.crossNode?.close();
  await parts.database.close();
  await held.ownerLock?.release();
}
