/**
 * Wires the parts together in start order: database and migrations, catalogue and history, market
 * service, accounts and sign-in, the trading book, money, notifications, socket hub, HTTP app, feed.
 * Each part is built by its module under startup/; this file keeps the order. Used by server.ts and
 * by the API tests, so what is tested is what runs.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { MarketFeed, Tick } from './adapters/feed/market-feed.ts';
import { openCrossNode } from './adapters/redis/cross-node.ts';
import { chooseFileStorage } from './adapters/storage/choose-file-storage.ts';
import { LocalFolderStorage } from './adapters/storage/local-folder-storage.ts';
import { buildApp } from './app.ts';
import type { BookCluster } from './cluster/book-cluster.ts';
import type { FeedCluster } from './cluster/feed-cluster.ts';
import type { AppConfig } from './config.ts';
import { ensurePostgresSchema, openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { lockFileOwner, lockPostgresOwner } from './db/owner-lock.ts';
import type { EventBus } from './events/event-bus.ts';
import { withPublishedHere } from './events/published-here.ts';
import { Metrics } from './observability/metrics.ts';
import { Readiness } from './observability/readiness.ts';
import { writeAudit } from './repositories/audit-repository.ts';
import { ContentRepository } from './repositories/content-repository.ts';
import { DashboardRepository } from './repositories/dashboard-repository.ts';
import { FavouritesRepository } from './repositories/favourites-repository.ts';
import { LeaderboardRepository } from './repositories/leaderboard-repository.ts';
import { MarketRepository } from './repositories/market-repository.ts';
import { PreferencesRepository } from './repositories/preferences-repository.ts';
import { serverSecret } from './repositories/server-secrets.ts';
import { UploadRepository } from './repositories/upload-repository.ts';
import { UserDirectoryRepository } from './repositories/user-directory-repository.ts';
import { FileLinks } from './security/file-links.ts';
import { scryptPasswordHasher, type PasswordHasher } from './security/password-hasher.ts';
import { seedContent } from './seed/content-seed.ts';
import { seedMarket, type SeedReport } from './seed/market-seed.ts';
import type { AccountSnapshots } from './services/account-snapshots.ts';
import type { Housekeeping } from './services/housekeeping.ts';
import { ContactChange } from './services/contact-change.ts';
import { ContentAdmin } from './services/content-admin.ts';
import { ContentQueries } from './services/content-queries.ts';
import { DashboardService } from './services/dashboard-service.ts';
import { FavouritesService } from './services/favourites-service.ts';
import { IdentityService } from './services/identity-service.ts';
import { InstrumentAdmin } from './services/instrument-admin.ts';
import { LeaderboardService } from './services/leaderboard-service.ts';
import type { MarketService } from './services/market-service.ts';
import { MessageLog } from './services/message-log.ts';
import { MoneyQueries } from './services/money-queries.ts';
import type { NotificationCentre } from './services/notification-centre.ts';
import type { NotificationChannelAdapter } from './services/notification-channels.ts';
import { payoutCoolingMs } from './services/payout-cooling.ts';
import { PreferencesService } from './services/preferences-service.ts';
import type { PriceAlerts } from './services/price-alerts.ts';
import { RiskWarningService } from './services/risk-warning-service.ts';
import { ServiceTexts } from './services/service-texts.ts';
import { SettingsService } from './services/settings-service.ts';
import { StaffService } from './services/staff-service.ts';
import type { StatementMailer } from './services/statement-mailer.ts';
import { StopOutReports } from './services/stop-out-report.ts';
import type { TradingService } from './services/trading-service.ts';
import { UploadService } from './services/upload-service.ts';
import { imageReencoder, type ImageReencoder } from './adapters/images/image-reencode.ts';
import type { WorkLimits } from './services/work-limiter.ts';
import { UserAccessService } from './services/user-access-service.ts';
import { UserDesk } from './services/user-desk.ts';
import type { WebPushChannel } from './services/web-push-channel.ts';
import type { SecurityNotices } from './services/security-notices.ts';
import { socketIdentityOf, wireAccounts } from './startup/account-wiring.ts';
import { openSecretBox } from './startup/secret-sealing.ts';
import { startBarFlush, startFeed, wireTradingBook } from './startup/book-wiring.ts';
import { LateLogs } from './startup/late-logs.ts';
import { wireMarket } from './startup/market-wiring.ts';
import { wireMoney, wireStatements } from './startup/money-wiring.ts';
import { wireNotifications } from './startup/notification-wiring.ts';
import { logStartNotes } from './startup/start-notes.ts';
import { releaseAfterFailedStart, stopGracefully, type HeldResources } from './startup/stop-sequence.ts';
import { SocketHub } from './ws/socket-hub.ts';

/**
 * The risk warning's figure is recomputed this often: it covers twelve months, so an hour changes it
 * little, and the aggregate over a year of closed orders is not work for every page view.
 */
const RISK_WARNING_REFRESH_MS = 60 * 60 * 1000;

export interface Runtime {
  app: FastifyInstance;
  database: DatabaseHandle;
  market: MarketService;
  trading: TradingService;
  hub: SocketHub;
  /** Image uploads: what they store, and how many of a user's this process is receiving. */
  uploads: UploadService;
  /** The event bus (events/event-bus.ts): in-process on one node, through Redis with REDIS_URL. */
  events: EventBus;
  leaderboard: LeaderboardService;
  /** The notification centre (services/notification-centre.ts). */
  notifications: NotificationCentre;
  /** Price alerts, watched on the book's owner (services/price-alerts.ts). */
  alerts: PriceAlerts;
  /** The periodic account snapshots (services/account-snapshots.ts). */
  snapshots: AccountSnapshots;
  /** Deletes records whose use has ended (services/housekeeping.ts). */
  housekeeping: Housekeeping;
  /** The monthly statements by e-mail (services/statement-mailer.ts). */
  statementMailer: StatementMailer;
  /** The simulator of a single node; on a cluster the producing node's is `feedCluster.feed`. */
  feed: MarketFeed | undefined;
  seedReport: SeedReport;
  /** What GET /readyz answers; the book's ownership is reported to it (observability/readiness.ts). */
  readiness: Readiness;
  metrics: Metrics;
  /** On a cluster (PostgreSQL and Redis): the book's lease and call forwarding (cluster/). */
  bookCluster: BookCluster | undefined;
  /** On a cluster: the election of the node that produces the market, and the ticks channel. */
  feedCluster: FeedCluster | undefined;
  /** Notifications to the installed phone app: `webPush.deliver(userId, message)`. */
  webPush: WebPushChannel;
  /** The security notices (services/security-notices.ts), sent in the background: `idle()` awaits them. */
  notices: SecurityNotices;
  stop(): Promise<void>;
}

export interface RuntimeOptions {
  now?: () => number;
  /** PostgreSQL schema to work in (tests). */
  databaseSchema?: string;
  /** The password scheme; scrypt unless a test wants to count the checks. */
  passwords?: PasswordHasher;
  /** Where the JSON log lines go (tests read them); standard output by default. */
  logStream?: { write(line: string): void };
  /** The Web Push channel of notifications; none by default (tests pass one that records). */
  pushChannel?: NotificationChannelAdapter;
  /** False stops the forming bars' write each second: a test that compares them writes them itself. */
  timedBarFlush?: boolean;
  /**
   * False leaves the housekeeping round to `housekeeping.runNow()`: a test whose clock runs days
   * ahead would otherwise see its records deleted by a round that happens to fall inside it.
   */
  timedHousekeeping?: boolean;
  /** The re-encoding of uploads; image-reencode.ts unless a test counts or holds the calls. */
  reencodeImage?: ImageReencoder;
  /** How many uploads are re-encoded and wait at once (services/work-limiter.ts). */
  imageWork?: WorkLimits;
}

export async function startRuntime(config: AppConfig, options: RuntimeOptions = {}): Promise<Runtime> {
  const now = options.now ?? Date.now;
  const passwords = options.passwords ?? scryptPasswordHasher;
  const schema = options.databaseSchema ?? config.databaseSchema;
  if (config.databaseUrl && config.databaseSchema && !options.databaseSchema)
    await ensurePostgresSchema(config.databaseUrl, config.databaseSchema);
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: path.join(config.dataDir, 'app.db'),
    ...(schema ? { schema } : {}),
  });
  const held: HeldResources = {};
  // A cluster elects the book's owner through a lease (cluster/book-lease.ts); otherwise one
  // process owns it and a second one refuses to start.
  const clustered = database.kind === 'postgres' && config.redisUrl !== undefined;
  try {
    if (!clustered)
      held.ownerLock = config.databaseUrl
        ? await lockPostgresOwner(config.databaseUrl, schema)
        : lockFileOwner(path.join(config.dataDir, 'app.db.owner'));
    await migrateToLatest(database.db as unknown as Kysely<unknown>, database.kind);
    const repository = new MarketRepository(database.db);
    const seedReport = await seedMarket(
      repository,
      now(),
      config.feedSeed,
      config.seedOpenAllWeek,
      config.seedHistory,
    );

    // Until the app is built, the parts log to the console; then through its logger (late-logs.ts).
    const logs = new LateLogs();
    const secrets = await openSecretBox(config, database.db, logs.warn);
    const crossNode = await openCrossNode({
      redisUrl: config.redisUrl,
      keyPrefix: config.redisKeyPrefix,
      now,
      log: { warn: logs.warn, info: logs.info },
      reportEventError: logs.eventError,
    });
    held.crossNode = crossNode;
    const { locks } = crossNode;
    // Work that must happen once per decision listens to what this node published (published-here.ts).
    const events = withPublishedHere(crossNode.events, logs.eventError);
    const { riskRepository, leverageCaps, market } = await wireMarket({ database, repository, events, now });
    const readiness = new Readiness();
    readiness.addCheck('database', () => database.ping());
    if (!config.roles.has('api')) readiness.refuseTraffic();
    // Ticks come through a listener of their own on a cluster: without it the market stands still.
    if (crossNode.kind === 'redis')
      readiness.addCheck('redis', () => Promise.all([crossNode.ping(), held.feedCluster?.listening()]));
    // Read when scraped: `hub` exists by then.
    const metrics: Metrics = new Metrics({
      socketClients: (): number => hub.stats().clients,
      ticksApplied: () => market.stats().ticks,
      lastTickAtMs: () => market.stats().lastTickAtMs,
      bookOwnership: () => readiness.bookOwnership(),
      databasePool: () => database.poolFigures?.(),
    });
    const settings = new SettingsService(repository, now, events, locks);
    const base = { config, database, now, logs };
    const accounts = wireAccounts({ ...base, settings, events, locks, passwords, secrets });
    const { users, verifications, codes, userLocales, notices, secondFactor, auth } = accounts;
    const book = await wireTradingBook({
      ...base,
      clustered,
      market,
      events,
      settings,
      leverageCaps,
      readiness,
      metrics,
      held,
      // The upload service is made further down; housekeeping rounds start only after it exists.
      deleteUnattachedUploads: (beforeMs, limit) => uploads.deleteUnattached(beforeMs, limit),
    });
    const { bookCluster, feedCluster } = held;
    const { trading, ownerCalls, queries, snapshots, housekeeping } = book;
    const { statements, statementMailer } = wireStatements({ ...base, accounts, book, market });
    const fileStorage = await chooseFileStorage(config, database.db);
    // Writes a previous process left half done (it died in the middle of one) are only litter now.
    if (fileStorage instanceof LocalFolderStorage) await fileStorage.sweepTemporary();
    held.fileStorage = fileStorage;
    const uploads = new UploadService({
      repository: new UploadRepository(database.db),
      storage: fileStorage,
      links: new FileLinks({
        secret: config.fileLinkSecret ?? (await serverSecret(database.db, 'file_links')),
        ttlMs: config.fileLinkTtlMs,
        now,
      }),
      now,
      locks,
      reencode: options.reencodeImage ?? imageReencoder(config.imageTimeoutSeconds),
      ...(options.imageWork ? { imageWork: options.imageWork } : {}),
    });
    const identity = new IdentityService({ db: database.db, uploads, events, now });
    const staff = new StaffService({ db: database.db, verifications, now, passwords, locks, secrets });
    const { moneyRepository, money } = await wireMoney({
      ...base,
      accounts,
      book,
      settings,
      uploads,
      identity,
      events,
      locks,
    });
    const { webPush, notifications, alerts } = await wireNotifications({
      ...base,
      accounts,
      book,
      metrics,
      events,
      market,
      moneyRepository,
      pushChannel: options.pushChannel,
      locks,
    });
    const userDesk = new UserDesk({
      db: database.db,
      directory: new UserDirectoryRepository(database.db),
      trading,
      queries,
      events,
      now,
      calls: ownerCalls,
    });
    // Every call of the book is defined by now, so this node may answer forwarded ones. A node that
    // takes the book over rebuilds it and reads where the ids it allocates go on.
    if (bookCluster)
      await bookCluster.start({
        calls: ownerCalls,
        takeOwnership: async () => {
          await trading.takeOwnership();
          await money.init();
          await alerts.takeOwnership();
        },
      });
    // One node holds the whole book (the owner lock above); a cluster's election reports shards.
    else readiness.setBookOwnership({ known: true, shards: { all: true } });
    const contentRepository = new ContentRepository(database.db);
    await seedContent(database.db, now());
    const serviceTexts = new ServiceTexts(database.db);
    const leaderboard = new LeaderboardService({
      repository: new LeaderboardRepository(database.db),
      codeOf: (instrumentId) => market.instrumentById(instrumentId)?.showCode ?? '',
      now,
      logError: logs.error,
      events,
    });
    const riskWarning = new RiskWarningService({
      repository: riskRepository,
      events,
      writeAudit,
      now,
      logError: logs.error,
    });
    await riskWarning.start(RISK_WARNING_REFRESH_MS);
    const hub = new SocketHub({
      market,
      trading,
      flushIntervalMs: config.quotePushIntervalMs,
      now,
      events,
      authenticate: socketIdentityOf(auth),
      caps: { perAddress: config.socketsPerAddress, perUser: config.socketsPerUser },
      logError: logs.error,
    });

    const app = await buildApp({
      config,
      database,
      repository,
      market,
      hub,
      settings,
      auth,
      codes,
      trading,
      stopOutReports: new StopOutReports({
        events: book.marginEvents,
        orderById: (userId, id) => book.tradingRepository.orderById(userId, id),
        instrument: (id) => trading.board.instrument(id),
      }),
      queries,
      statements,
      statementMailer,
      uploads,
      identity,
      staff,
      money,
      moneyQueries: new MoneyQueries({
        repository: moneyRepository,
        link: (name) => uploads.link(name),
        coolingMs: () => payoutCoolingMs(settings),
        now,
      }),
      writeAudit,
      contentRepository,
      serviceTexts,
      leaderboard,
      favourites: new FavouritesService({ repository: new FavouritesRepository(database.db), market, now }),
      preferences: new PreferencesService({ repository: new PreferencesRepository(database.db), now }),
      sessionDevices: accounts.sessionDevices,
      userLocales,
      contactChange: new ContactChange({ users, auth, codes, notices, events, now }),
      alerts,
      notifications,
      webPush,
      contentQueries: new ContentQueries(contentRepository),
      secondFactor,
      userAccess: new UserAccessService({
        db: database.db,
        auth,
        codes,
        events,
        writeAudit,
        now,
        languageOf: (userId) => userLocales.languageOf(userId),
      }),
      contentAdmin: new ContentAdmin({
        db: database.db,
        repository: contentRepository,
        serviceTexts,
        settings,
        writeAudit,
        now,
      }),
      messageLog: new MessageLog(verifications),
      instrumentAdmin: new InstrumentAdmin({ repository, market, events, writeAudit, now }),
      riskWarning,
      leverageCaps,
      userDesk,
      dashboard: new DashboardService({
        repository: new DashboardRepository(database.db),
        trading,
        codeOf: (instrumentId) => market.instrumentById(instrumentId)?.code ?? String(instrumentId),
        now,
      }),
      metrics,
      readiness,
      ...(options.logStream ? { logStream: options.logStream } : {}),
      now,
      rateLimits: crossNode.rateLimits,
      ...(feedCluster ? { ingestTicks: (ticks: Tick[]) => feedCluster.ingest(ticks) } : {}),
    });

    const bars = startBarFlush(market, feedCluster, logs, options.timedBarFlush ?? true);
    leaderboard.start(config.leaderboardRefreshMs);
    snapshots.start();
    if (options.timedHousekeeping ?? true) housekeeping.start();
    statementMailer.start();

    logs.bindTo(app.log);
    await logStartNotes(app.log, config, fileStorage, staff);

    const feed = await startFeed({ ...base, feedCluster, market, events, book });

    const running = { config, database, held, readiness, hub, app, feed, alerts, leaderboard, riskWarning };
    return {
      app,
      database,
      market,
      trading,
      hub,
      uploads,
      events,
      leaderboard,
      notifications,
      alerts,
      snapshots,
      housekeeping,
      statementMailer,
      feed,
      seedReport,
      readiness,
      metrics,
      bookCluster,
      feedCluster,
      webPush,
      notices,
      stop: () =>
        stopGracefully({
          ...running,
          leverageCaps,
          snapshots,
          housekeeping,
          statementMailer,
          webPush,
          notices,
          bars,
          trading,
        }),
    };
  } catch (error) {
    await releaseAfterFailedStart(held, database);
    throw error;
  }
}
