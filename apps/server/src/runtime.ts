/**
 * Wires the parts together in start order: database and migrations, catalogue and history, market
 * service, socket hub, feed, HTTP app. Used by server.ts and by the API tests, so what is tested is
 * what runs.
 */
import { DashboardService } from './services/dashboard-service.ts';
import { UserDesk } from './services/user-desk.ts';
import { MessageLog } from './services/message-log.ts';
import { InstrumentAdmin } from './services/instrument-admin.ts';
import { UserDirectoryRepository } from './repositories/user-directory-repository.ts';
import { DashboardRepository } from './repositories/dashboard-repository.ts';
import path from 'node:path';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { MarketFeed, Tick } from './adapters/feed/market-feed.ts';
import { resumedSimulatedFeed } from './adapters/feed/resumed-feed.ts';
import { chooseFileStorage } from './adapters/storage/choose-file-storage.ts';
import type { FileStorage } from './adapters/storage/file-storage.ts';
import { buildApp } from './app.ts';
import type { AppConfig } from './config.ts';
import { ensurePostgresSchema, openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { lockFileOwner, lockPostgresOwner, type OwnerLock } from './db/owner-lock.ts';
import {
  httpSmsSender,
  loggedSender,
  loggedText,
  outboxSender,
  smtpMailSender,
  type OutboxWriter,
} from './adapters/messaging/message-sender.ts';
import { MarketRepository } from './repositories/market-repository.ts';
import { UploadRepository } from './repositories/upload-repository.ts';
import { UserRepository } from './repositories/user-repository.ts';
import { VerificationRepository } from './repositories/verification-repository.ts';
import { AuthService } from './services/auth-service.ts';
import { IdentityService } from './services/identity-service.ts';
import { StaffService } from './services/staff-service.ts';
import { scryptPasswordHasher, type PasswordHasher } from './security/password-hasher.ts';
import { UploadService } from './services/upload-service.ts';
import { FileLinks } from './security/file-links.ts';
import { serverSecret } from './repositories/server-secrets.ts';
import { SettingsService } from './services/settings-service.ts';
import { VerificationService } from './services/verification-service.ts';
import type { EventBus } from './events/event-bus.ts';
import { openCrossNode, type CrossNode, type CrossNodeLog } from './adapters/redis/cross-node.ts';
import { seedMarket, type SeedReport } from './seed/market-seed.ts';
import { MarketService } from './services/market-service.ts';
import { TradingRepository } from './repositories/trading-repository.ts';
import { TradingQueries } from './services/trading-queries.ts';
import { TradingService } from './services/trading-service.ts';
import { IdempotencyRepository } from './repositories/idempotency-repository.ts';
import { MoneyRepository } from './repositories/money-repository.ts';
import { MoneyService } from './services/money-service.ts';
import { MoneyQueries } from './services/money-queries.ts';
import { ContentQueries } from './services/content-queries.ts';
import { UserAccessService } from './services/user-access-service.ts';
import { UserSecondFactor } from './services/user-second-factor.ts';
import { ContentAdmin } from './services/content-admin.ts';
import { seedMoney } from './seed/money-seed.ts';
import { writeAudit } from './repositories/audit-repository.ts';
import { ContentRepository } from './repositories/content-repository.ts';
import { LeaderboardRepository } from './repositories/leaderboard-repository.ts';
import { FavouritesRepository } from './repositories/favourites-repository.ts';
import { PreferencesRepository } from './repositories/preferences-repository.ts';
import { seedContent } from './seed/content-seed.ts';
import { LeaderboardService } from './services/leaderboard-service.ts';
import { FavouritesService } from './services/favourites-service.ts';
import { PreferencesService } from './services/preferences-service.ts';
import { ServiceTexts } from './services/service-texts.ts';
import { SocketHub } from './ws/socket-hub.ts';
import { Metrics } from './observability/metrics.ts';
import { Readiness } from './observability/readiness.ts';
import { BookCluster } from './cluster/book-cluster.ts';
import { OwnerCalls } from './services/owner-calls.ts';
import type { Tx } from './repositories/unit-of-work.ts';
import { FeedCluster } from './cluster/feed-cluster.ts';
import { MarginEventRepository } from './repositories/margin-event-repository.ts';
import { AccountSnapshots } from './services/account-snapshots.ts';
import { StopOutReports } from './services/stop-out-report.ts';
import { SecurityNotices } from './services/security-notices.ts';
import { UserLocales } from './services/user-locales.ts';
import { UserLocaleRepository } from './repositories/user-locale-repository.ts';
import { SessionDevices } from './services/session-devices.ts';
import { SessionRepository } from './repositories/session-repository.ts';
import { ContactChange } from './services/contact-change.ts';
import { payoutCoolingMs } from './services/payout-cooling.ts';
import { withPublishedHere } from './events/published-here.ts';
import type { NotificationCentre } from './services/notification-centre.ts';
import type { NotificationChannelAdapter } from './services/notification-channels.ts';
import type { PriceAlerts } from './services/price-alerts.ts';
import { startNotifications } from './services/notification-start.ts';
import { NotificationRepository } from './repositories/notification-repository.ts';
import { AlertRepository } from './repositories/alert-repository.ts';
import type { InstrumentSpec } from '@omp/engine';
import { RiskWarningRepository } from './repositories/risk-warning-repository.ts';
import { LeverageCaps } from './services/leverage-caps.ts';
import { RiskWarningService } from './services/risk-warning-service.ts';
import { StatementRepository } from './repositories/statement-repository.ts';
import { StatementService } from './services/statement-service.ts';
import { StatementMailer } from './services/statement-mailer.ts';
import type { WebPushChannel } from './services/web-push-channel.ts';
import { openWebPushChannel } from './services/web-push-setup.ts';
import { PushSubscriptionRepository } from './repositories/push-subscription-repository.ts';

/**
 * The risk warning's figure is recomputed this often: it covers twelve months, so an hour changes it
 * little, and the aggregate over a year of closed orders is not work for every page view.
 */
const RISK_WARNING_REFRESH_MS = 60 * 60 * 1000;

/** Forming bars reach the database this often; a crash loses at most this much of a bar. */
const BAR_FLUSH_INTERVAL_MS = 1000;

export interface Runtime {
  app: FastifyInstance;
  database: DatabaseHandle;
  market: MarketService;
  trading: TradingService;
  hub: SocketHub;
  /** The event bus (events/event-bus.ts): in-process on one node, through Redis with REDIS_URL. */
  events: EventBus;
  leaderboard: LeaderboardService;
  /** The notification centre (services/notification-centre.ts). */
  notifications: NotificationCentre;
  /** Price alerts, watched on the book's owner (services/price-alerts.ts). */
  alerts: PriceAlerts;
  /** The periodic account snapshots (services/account-snapshots.ts). */
  snapshots: AccountSnapshots;
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
  let ownerLock: OwnerLock | undefined;
  let crossNode: CrossNode | undefined;
  let fileStorage: FileStorage | undefined;
  let bookCluster: BookCluster | undefined;
  let feedCluster: FeedCluster | undefined;
  // A cluster elects the book's owner through a lease (cluster/book-lease.ts); otherwise one
  // process owns it and a second one refuses to start.
  const clustered = database.kind === 'postgres' && config.redisUrl !== undefined;
  try {
    if (!clustered)
      ownerLock = config.databaseUrl
        ? await lockPostgresOwner(config.databaseUrl, schema)
        : lockFileOwner(path.join(config.dataDir, 'app.db.owner'));
    await migrateToLatest(database.db as unknown as Kysely<unknown>, database.kind);
    const repository = new MarketRepository(database.db);
    const seedReport = await seedMarket(repository, now(), config.feedSeed);

    // Late-bound like `log`: a failing listener is logged through the app's logger once it exists.
    let reportEventError: (error: unknown, type: string) => void = (error, type) =>
      console.error(`a ${type} listener failed`, error);
    // Late-bound too: Redis connection trouble is logged through the app's logger once it exists.
    let redisLog: CrossNodeLog = {
      warn: (message) => console.warn(message),
      info: (message) => console.log(message),
    };
    crossNode = await openCrossNode({
      redisUrl: config.redisUrl,
      keyPrefix: config.redisKeyPrefix,
      now,
      log: { warn: (message) => redisLog.warn(message), info: (message) => redisLog.info(message) },
      reportEventError: (error, type) => reportEventError(error, type),
    });
    const { locks } = crossNode;
    // Work that must happen once per decision listens to what this node published (published-here.ts).
    const events = withPublishedHere(crossNode.events, (error, type) => reportEventError(error, type));
    const riskRepository = new RiskWarningRepository(database.db);
    const leverageCaps: LeverageCaps = new LeverageCaps({
      repository: riskRepository,
      events,
      writeAudit,
      now,
      instruments: (): InstrumentSpec[] => market.instruments().map((record) => record.spec),
    });
    await leverageCaps.load();
    const market: MarketService = new MarketService({
      repository,
      bus: events,
      now,
      leverageOptionsOf: (spec) => leverageCaps.optionsOf(spec),
    });
    await market.init();
    const readiness = new Readiness();
    readiness.addCheck('database', () => database.ping());
    if (!config.roles.has('api')) readiness.refuseTraffic();
    const node = crossNode;
    // Ticks come through a listener of their own on a cluster: without it the market stands still.
    if (node.kind === 'redis')
      readiness.addCheck('redis', () => Promise.all([node.ping(), feedCluster?.listening()]));
    // Read when scraped: `hub` exists by then.
    const metrics: Metrics = new Metrics({
      socketClients: (): number => hub.stats().clients,
      ticksApplied: () => market.stats().ticks,
      lastTickAtMs: () => market.stats().lastTickAtMs,
      bookOwnership: () => readiness.bookOwnership(),
      databasePool: () => database.poolFigures?.(),
    });
    const settings = new SettingsService(repository, now, events);
    const users = new UserRepository(database.db);
    const verifications = new VerificationRepository(database.db);
    // Late-bound: the outbox logs through the app's logger, which exists once the app is built.
    let log: (message: string) => void = console.log;
    const writeOutbox: OutboxWriter = async (channel, message, delivery = 'outbox') => {
      await verifications.insertOutbox(
        channel,
        message.to,
        message.subject,
        loggedText(message),
        now(),
        delivery,
      );
      // Only what stayed here is printed: a delivered code does not belong in the log.
      if (delivery === 'outbox') log(`outbox (${channel}) to ${message.to}: ${message.text}`);
    };
    // One e-mail sender for codes and notifications: the same transport and message log.
    const mail = config.smtpUrl
      ? loggedSender('email', smtpMailSender(config.smtpUrl, config.mailFrom), writeOutbox)
      : outboxSender('email', writeOutbox);
    const codes = new VerificationService({
      repository: verifications,
      mail,
      sms: config.smsProviderUrl
        ? loggedSender('sms', httpSmsSender(config.smsProviderUrl, config.smsProviderToken), writeOutbox)
        : outboxSender('sms', writeOutbox),
      now,
      log: (message) => log(message),
      fixedCaptchaText: config.captchaTestAnswer,
      locks,
    });
    // Late-bound like `log`: notices that fail are logged through the app's logger.
    let logNoticeError: (error: unknown, message: string) => void = (error, message) =>
      console.error(message, error);
    const userLocales = new UserLocales({
      repository: new UserLocaleRepository(database.db),
      now,
      logError: (error, message) => logNoticeError(error, message),
    });
    const notices = new SecurityNotices({
      users,
      locales: userLocales,
      mail: codes.mailSender,
      sms: codes.smsSender,
      logError: (error, message) => logNoticeError(error, message),
    });
    const secondFactor = new UserSecondFactor({
      db: database.db,
      writeAudit,
      verifications,
      locks,
      now,
      notices,
    });
    const sessionDevices: SessionDevices = new SessionDevices({
      sessions: new SessionRepository(database.db),
      notices,
      sessionsEnded: (event) => auth.sessionsEnded(event),
      now,
      logError: (error, message) => logNoticeError(error, message),
    });
    const auth: AuthService = new AuthService({
      users,
      verifications,
      codes,
      settings,
      now,
      passwords,
      events,
      locks,
      devices: sessionDevices,
      notices,
      secondFactor,
    });
    const tradingRepository = new TradingRepository(database.db);
    // Late-bound like `log`: the error log exists once the app is built.
    let logError: (error: unknown, message: string) => void = (error, message) =>
      console.error(message, error);
    let logWarn: (message: string) => void = console.warn;
    const idempotency = new IdempotencyRepository(database.db);
    // The simulator a node starts goes on from the market's last prices (after a restart, or a
    // takeover of the feed on a cluster).
    const newSimulatedFeed = () =>
      resumedSimulatedFeed(market, {
        seed: config.feedSeed + Math.floor(now() / 1000),
        now,
        intervalMs: config.feedIntervalMs,
      });
    if (clustered) {
      const clusterNode = {
        db: database.db as unknown as Kysely<unknown>,
        redisUrl: config.redisUrl!,
        keyPrefix: config.redisKeyPrefix,
        holder: `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
        readiness,
        log: { warn: (text: string) => redisLog.warn(text), info: (text: string) => redisLog.info(text) },
        logError: (error: unknown, message: string) => logError(error, message),
      };
      bookCluster = new BookCluster({ ...clusterNode, standsForBook: config.roles.has('book') });
      feedCluster = new FeedCluster({
        ...clusterNode,
        market,
        events,
        ...(config.feed === 'simulated' ? { newFeed: newSimulatedFeed } : {}),
        barFlushIntervalMs: BAR_FLUSH_INTERVAL_MS,
        standsForFeed: config.roles.has('feed'),
      });
    }
    // Work of the book runs on its owner: here on one node, forwarded on a cluster (owner-calls.ts).
    const ownerCalls = new OwnerCalls(bookCluster);
    const trading = new TradingService({
      repository: tradingRepository,
      market,
      settings,
      findReply: (userId, key) => idempotency.find(userId, key),
      events,
      now,
      logError: (error, message) => logError(error, message),
      counts: metrics,
      calls: ownerCalls,
      ...(bookCluster ? { fence: (trx: Tx) => bookCluster!.fence(trx) } : {}),
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
      logError: (error, message) => logError(error, message),
    });
    const queries = new TradingQueries(trading, tradingRepository);
    const statementRepository = new StatementRepository(database.db);
    const statements = new StatementService({
      repository: statementRepository,
      users,
      instrument: (id) => market.instrumentById(id),
      idle: () => trading.idle(),
      logError: (error, message) => logError(error, message),
    });
    const statementMailer = new StatementMailer({
      repository: statementRepository,
      statements,
      mail,
      users,
      locales: userLocales,
      runsHere: () => ownerCalls.runsHere(),
      now,
      everyMs: config.statementMailEveryMs,
      logError: (error, message) => logError(error, message),
    });
    fileStorage = chooseFileStorage(config, database.db);
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
    });
    const identity = new IdentityService({ db: database.db, uploads, events, now });
    const staff = new StaffService({ db: database.db, verifications, now, passwords, locks });
    const moneyRepository = new MoneyRepository(database.db);
    await seedMoney(database.db);
    const money = new MoneyService({
      repository: moneyRepository,
      trading,
      settings,
      uploadOwnedBy: (nameOrUrl, userId) => uploads.ownedBy(nameOrUrl, userId),
      isIdentityCertified: (userId) => identity.isCertified(userId),
      // Read at the moment of asking, not from the session cache: a freeze holds on every node at once.
      areWithdrawalsFrozen: async (userId) => (await users.byId(userId))?.withdrawalsFrozen === true,
      checkSecondFactor: (userId, code, ip) => secondFactor.checkWithdrawal(userId, code, ip),
      writeAudit,
      events,
      now,
      calls: ownerCalls,
      notices,
    });
    await money.init();
    // Push is one of the notification centre's channels (web-push-channel.ts); tests may record it instead.
    const webPush = await openWebPushChannel({
      config: config.webPush,
      repository: new PushSubscriptionRepository(database.db),
      keptSecret: (name, make) => serverSecret(database.db, name, make),
      now,
      registry: metrics.registry,
      log: { warn: (message) => logWarn(message), error: (error, message) => logError(error, message) },
    });
    const { notifications, alerts } = await startNotifications({
      repositories: {
        notifications: new NotificationRepository(database.db),
        alerts: new AlertRepository(database.db),
      },
      events,
      trading,
      market,
      calls: ownerCalls,
      mail,
      emailOf: async (userId) => (await users.byId(userId))?.email ?? null,
      languageOf: (userId) => userLocales.languageOf(userId),
      amounts: moneyRepository,
      // A notification links to a route of the phone app, which routes after the hash.
      pushChannel: options.pushChannel ?? {
        deliver: (userId, message) => webPush.deliver(userId, { ...message, url: `/#${message.url}` }),
      },
      now,
      logError: (error, message) => logError(error, message),
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
      logError: (error, message) => logError(error, message),
      events,
    });
    const riskWarning = new RiskWarningService({
      repository: riskRepository,
      events,
      writeAudit,
      now,
      logError: (error, message) => logError(error, message),
    });
    await riskWarning.start(RISK_WARNING_REFRESH_MS);
    const hub = new SocketHub({
      market,
      trading,
      flushIntervalMs: config.quotePushIntervalMs,
      now,
      events,
      authenticate: async (token) => {
        const session = await auth.sessionOfToken(token);
        return (
          session && {
            userId: session.user.id,
            isDemo: session.user.isDemo,
            tokenHash: session.tokenHash,
            expiresAtMs: session.expiresAtMs,
            ...(session.user.demoOf !== null ? { ownerId: session.user.demoOf } : {}),
          }
        );
      },
    });

    let feed: MarketFeed | undefined;
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
        events: marginEvents,
        orderById: (userId, id) => tradingRepository.orderById(userId, id),
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
      sessionDevices,
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
      ...(feedCluster ? { ingestTicks: (ticks: Tick[]) => feedCluster!.ingest(ticks) } : {}),
    });

    // On a cluster only the node that produces the market writes bars (cluster/feed-cluster.ts).
    const writeBars = () => (feedCluster ? feedCluster.writeBars() : market.flush());
    let flushing = Promise.resolve(0);
    const flushTimer = setInterval(() => {
      flushing = flushing.then(writeBars).catch((error: unknown) => {
        app.log.error({ err: error }, 'writing kline bars failed; they stay in memory and are retried');
        return 0;
      });
    }, BAR_FLUSH_INTERVAL_MS);
    flushTimer.unref();
    leaderboard.start(config.leaderboardRefreshMs);
    snapshots.start();
    statementMailer.start();

    log = (message) => app.log.info(message);
    logError = (error, message) => app.log.error({ err: error }, message);
    logNoticeError = logError;
    logWarn = (message) => app.log.warn(message);
    reportEventError = (error, type) => app.log.error({ err: error }, `a ${type} listener failed`);
    redisLog = { warn: (message) => app.log.warn(message), info: (message) => app.log.info(message) };
    app.log.info(`uploaded images are kept in: ${fileStorage.kind}`);
    // Apple's push service refuses a contact it cannot reach.
    if (/@localhost$/.test(config.webPush.subject))
      app.log.warn(`VAPID_SUBJECT is ${config.webPush.subject}: set a real contact, or iPhones get no push`);
    if (config.captchaTestAnswer)
      app.log.warn('CAPTCHA_TEST_ANSWER is set: every captcha accepts a known answer (tests only)');
    const initialAdmin = await staff.ensureInitialAdmin(config.adminInitialPassword);
    if (initialAdmin?.generatedPassword)
      app.log.warn(`back-office login: ${initialAdmin.username} / ${initialAdmin.generatedPassword}`);
    else if (initialAdmin)
      app.log.info(`back-office login: ${initialAdmin.username} (password from ADMIN_INITIAL_PASSWORD)`);

    // The feed starts last: its first ticks need the app's logger and a listening hub. On a
    // cluster one node produces the market and every node applies its ticks from Redis.
    if (feedCluster) await feedCluster.start();
    else if (config.feed === 'simulated') {
      const simulated = newSimulatedFeed();
      feed = simulated;
      events.subscribe('instrument_changed', (change) => simulated.updateInstrument(change.spec));
      // A throw inside a feed's timer would crash the process; log it and keep the market running.
      feed.start((ticks) => {
        try {
          market.applyTicks(ticks);
        } catch (error) {
          app.log.error({ err: error }, 'applying simulated ticks failed');
        }
      });
    }

    return {
      app,
      database,
      market,
      trading,
      hub,
      events,
      leaderboard,
      notifications,
      alerts,
      snapshots,
      statementMailer,
      feed,
      seedReport,
      readiness,
      metrics,
      bookCluster,
      feedCluster,
      webPush,
      // Graceful: the load balancer is told first (readyz 503, then DRAIN_DELAY_MS of serving),
      // sockets are told why and closed,
      // the listener stops taking requests and lets those under way finish; then the market and
      // the book stop, everything decided is committed, and the book is handed over last.
      async stop() {
        readiness.startDraining();
        // Requests keep being served while the balancer notices the 503 and takes the node out.
        if (config.drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
        hub.close();
        await app.close();
        feed?.stop();
        feedCluster?.stepDown();
        alerts.stop();
        leaderboard.stop();
        riskWarning.stop();
        leverageCaps.stop();
        await snapshots.stop();
        await statementMailer.stop();
        await webPush.idle();
        clearInterval(flushTimer);
        bookCluster?.stepDown();
        await trading.stop();
        await flushing;
        await writeBars();
        await feedCluster?.stop();
        await bookCluster?.stop();
        await fileStorage?.close?.();
        await crossNode?.close();
        await database.close();
        await ownerLock?.release();
      },
    };
  } catch (error) {
    await feedCluster?.stop().catch(() => undefined);
    await bookCluster?.stop().catch(() => undefined);
    await fileStorage?.close?.();
    await crossNode?.close();
    await database.close();
    await ownerLock?.release();
    throw error;
  }
}
