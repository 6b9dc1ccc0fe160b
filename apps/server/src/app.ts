/**
 * The HTTP application as a function of its dependencies, so tests build it on a real database
 * with `app.inject()` and the boot file (server.ts) only wires and listens.
 */
import { runAsRequestFrom } from './domain/request-origin.ts';
import { readFormBodies } from './http/form-body.ts';
import { parseQueryString } from './http/utf8-text.ts';
import fastifyCors from '@fastify/cors';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { openApiDocumentTransform, openApiRouteTransform } from './http/openapi-document.ts';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import envelopePlugin from './http/envelope-plugin.ts';
import { registerCompression } from './http/compression.ts';
import { apiDocsContentPolicy } from './http/content-policy.ts';
import { staticFiles } from './http/static-files.ts';
import textGuard from './http/text-guard.ts';
import { answerClientError, answerFrameworkError } from './http/transport-errors.ts';
import authPlugin from './http/auth-plugin.ts';
import staffAuthPlugin from './http/staff-auth.ts';
import type { MarketRepository } from './repositories/market-repository.ts';
import { authRoutes } from './routes/auth-routes.ts';
import sessionGuard from './http/session-guard.ts';
import { readJsonExactly } from './http/json-body.ts';
import { refuseEncodedBodies } from './http/content-encoding.ts';
import { commonRoutes } from './routes/common-routes.ts';
import { identityRoutes } from './routes/identity-routes.ts';
import { marketRoutes } from './routes/market-routes.ts';
import { staffRoutes } from './routes/staff-routes.ts';
import { staffDashboardRoutes } from './routes/staff-dashboard-routes.ts';
import type { DashboardService } from './services/dashboard-service.ts';
import type { UserDesk } from './services/user-desk.ts';
import type { MessageLog } from './services/message-log.ts';
import type { InstrumentAdmin } from './services/instrument-admin.ts';
import { staffInstrumentRoutes } from './routes/staff-instrument-routes.ts';
import { staffTraderRoutes } from './routes/staff-trader-routes.ts';
import { adminHosting } from './http/admin-hosting.ts';
import { staffSessionRoutes } from './routes/staff-session-routes.ts';
import { systemRoutes } from './routes/system-routes.ts';
import { tradingRoutes } from './routes/trading-routes.ts';
import { stopOutRoutes } from './routes/stop-out-routes.ts';
import { moneyRoutes } from './routes/money-routes.ts';
import { staffMoneyRoutes } from './routes/staff-money-routes.ts';
import { contentRoutes } from './routes/content-routes.ts';
import { followRoutes } from './routes/follow-routes.ts';
import { favouriteRoutes } from './routes/favourite-routes.ts';
import { preferenceRoutes } from './routes/preference-routes.ts';
import { sessionRoutes } from './routes/session-routes.ts';
import type { SessionDevices } from './services/session-devices.ts';
import type { ContactChange } from './services/contact-change.ts';
import { alertRoutes } from './routes/alert-routes.ts';
import { notificationRoutes } from './routes/notification-routes.ts';
import type { PriceAlerts } from './services/price-alerts.ts';
import type { NotificationCentre } from './services/notification-centre.ts';
import { riskWarningRoutes, type RiskWarningRouteDeps } from './routes/risk-warning-routes.ts';
import { pushRoutes } from './routes/push-routes.ts';
import { staffCompanyRoutes } from './routes/staff-company-routes.ts';
import { staffContentRoutes } from './routes/staff-content-routes.ts';
import type { ContentRepository } from './repositories/content-repository.ts';
import type { ContentQueries } from './services/content-queries.ts';
import type { UserAccessService } from './services/user-access-service.ts';
import type { ContentAdmin } from './services/content-admin.ts';
import type { LeaderboardService } from './services/leaderboard-service.ts';
import type { FavouritesService } from './services/favourites-service.ts';
import type { PreferencesService } from './services/preferences-service.ts';
import type { WebPushChannel } from './services/web-push-channel.ts';
import type { ServiceTexts } from './services/service-texts.ts';
import type { MoneyQueries } from './services/money-queries.ts';
import type { MoneyService } from './services/money-service.ts';
import type { writeAudit } from './repositories/audit-repository.ts';
import { uploadRoutes } from './routes/upload-routes.ts';
import type { IdentityService } from './services/identity-service.ts';
import type { StaffService } from './services/staff-service.ts';
import { FILE_URL_PREFIX, type UploadService } from './services/upload-service.ts';
import type { TradingQueries } from './services/trading-queries.ts';
import type { StatementService } from './services/statement-service.ts';
import type { StatementMailer } from './services/statement-mailer.ts';
import { statementRoutes } from './routes/statement-routes.ts';
import type { TradingService } from './services/trading-service.ts';
import type { StopOutReports } from './services/stop-out-report.ts';
import type { AuthService } from './services/auth-service.ts';
import type { MarketService } from './services/market-service.ts';
import type { Tick } from './adapters/feed/market-feed.ts';
import type { SettingsService } from './services/settings-service.ts';
import type { VerificationService } from './services/verification-service.ts';
import type { SocketHub } from './ws/socket-hub.ts';
import { isSocketOriginAllowed } from './ws/socket-origin.ts';
import { onSocketError } from './ws/socket-faults.ts';
import { AppError } from './http/app-error.ts';
import type { RateLimits } from './http/rate-limits.ts';
import { ResponseCode } from '@omp/protocol';
import { staffUserRoutes } from './routes/staff-user-routes.ts';
import { twoFactorRoutes } from './routes/two-factor-routes.ts';
import type { UserSecondFactor } from './services/user-second-factor.ts';
import type { UserLocales } from './services/user-locales.ts';
import type { Metrics } from './observability/metrics.ts';
import { observeRequests, operatorRoutes } from './observability/operator-routes.ts';
import type { Readiness } from './observability/readiness.ts';
import { REQUEST_ID_HEADER, requestIdMixin, requestIdOf } from './observability/request-id.ts';

export interface AppDeps {
  money: MoneyService;
  moneyQueries: MoneyQueries;
  writeAudit: typeof writeAudit;
  config: AppConfig;
  database: DatabaseHandle;
  repository: MarketRepository;
  market: MarketService;
  hub: SocketHub;
  settings: SettingsService;
  auth: AuthService;
  codes: VerificationService;
  trading: TradingService;
  /** The stop-out explainer (routes/stop-out-routes.ts). */
  stopOutReports: StopOutReports;
  queries: TradingQueries;
  /** Account statements and their monthly e-mail (routes/statement-routes.ts). */
  statements: StatementService;
  statementMailer: StatementMailer;
  uploads: UploadService;
  identity: IdentityService;
  staff: StaffService;
  contentRepository: ContentRepository;
  serviceTexts: ServiceTexts;
  leaderboard: LeaderboardService;
  favourites: FavouritesService;
  /** Preferences kept per user across devices (routes/preference-routes.ts). */
  preferences: PreferencesService;
  /** The devices screen's sessions (routes/session-routes.ts). */
  sessionDevices: SessionDevices;
  /** Changing the e-mail address or mobile number. */
  contactChange: ContactChange;
  /** Price alerts (routes/alert-routes.ts). */
  alerts: PriceAlerts;
  /** Each user's language and time zone, for what is written to them outside a request. */
  userLocales: UserLocales;
  /** The notification centre and channel choices (routes/notification-routes.ts). */
  notifications: NotificationCentre;
  /** Notifications to the installed phone app (routes/push-routes.ts). */
  webPush: WebPushChannel;
  contentQueries: ContentQueries;
  userAccess: UserAccessService;
  /** Traders' two-step sign-in (routes/two-factor-routes.ts). */
  secondFactor: UserSecondFactor;
  contentAdmin: ContentAdmin;
  dashboard: DashboardService;
  userDesk: UserDesk;
  messageLog: MessageLog;
  instrumentAdmin: InstrumentAdmin;
  /** The retail risk warning and the leverage caps (routes/risk-warning-routes.ts). */
  riskWarning: RiskWarningRouteDeps['riskWarning'];
  leverageCaps: RiskWarningRouteDeps['leverageCaps'];
  metrics: Metrics;
  readiness: Readiness;
  /** Where the JSON log lines go; standard output unless a test reads them. */
  logStream?: { write(line: string): void };
  now: () => number;
  /** Where per-user rate limits live (http/rate-limits.ts); in this process when absent. */
  rateLimits?: RateLimits;
  /** On a cluster: sends an ingested batch to every node (cluster/feed-cluster.ts). */
  ingestTicks?: (ticks: Tick[]) => Promise<void>;
}

/** What a node without the `api` role still answers: the load balancer's and monitoring's probes. */
const OPERATOR_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      deps.config.logLevel === 'silent'
        ? false
        : {
            level: deps.config.logLevel,
            serializers: { req: requestForLog },
            mixin: requestIdMixin,
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    // Every log line of a request carries its id (observability/request-id.ts).
    genReqId: requestIdOf,
    // Behind the broker's balancer, the client's address is the one its trusted proxies forward.
    trustProxy: deps.config.trustProxy ?? false,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    // Clients on phones retry on flaky networks; keep-alive sockets save their handshakes.
    keepAliveTimeout: 65_000,
    // A request must have arrived whole within REQUEST_TIMEOUT_S (Node's default is no limit). Given
    // to Node's server too, so its headers timeout is held within it, and the server looks for late
    // requests often enough that a short setting takes effect on time.
    requestTimeout: deps.config.requestTimeoutMs,
    http: {
      requestTimeout: deps.config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, deps.config.requestTimeoutMs / 4)),
    },
    bodyLimit: 1024 * 1024,
    // The query read from its bytes, so an escape of ill-formed UTF-8 (`?name=%FF`) reaches the
    // text rule (http/text-guard.ts) instead of being kept as the escape itself (http/utf8-text.ts).
    routerOptions: { querystringParser: parseQueryString },
    // Faults of the request found before any route runs answer in the envelope too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  // JSON numbers reach the decimal fields as the digits that were sent (http/json-body.ts).
  readJsonExactly(app);
  // Response schemas document the API; they are checked by the API tests, not on every response,
  // because refusals travel as HTTP 200 envelopes with `data: null` (see envelope-plugin.ts).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // Each request's work runs in its own context, so an audit row knows where the action came from
  // (domain/request-origin.ts). A callback hook: the context then holds for the whole request.
  app.addHook('onRequest', (request, _reply, done) => runAsRequestFrom(request.ip, done, request.id));

  // Headers every answer carries: no MIME sniffing, no framing of our pages by other sites
  // (clickjacking of an order ticket), no full URLs leaked to other origins, no window of another
  // site keeping a handle on ours, and nothing of ours loaded by another site's page. Behind a TLS
  // proxy, browsers are told to come back over HTTPS only.
  const strictTransport = deps.config.behindHttps ? 'max-age=31536000; includeSubDomains' : undefined;
  // Uploaded images are the exception: the broker's web apps on ALLOWED_ORIGINS show them in <img>
  // tags by their signed links, which same-origin would block; without such origins, the sites of
  // the same domain (the app on its own sub-domain) still may. A link opens one file for minutes.
  const filesResourcePolicy = deps.config.allowedOrigins.length > 0 ? 'cross-origin' : 'same-site';
  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header(
      'Cross-Origin-Resource-Policy',
      request.url.startsWith(FILE_URL_PREFIX) ? filesResourcePolicy : 'same-origin',
    );
    if (strictTransport) reply.header('Strict-Transport-Security', strictTransport);
  });
  observeRequests(app, deps.metrics);
  // Before any static hosting, so every kind of answer passes through it (http/compression.ts).
  await registerCompression(app);
  await app.register(envelopePlugin);
  // After the envelope's hook, so the refusal is worded in the request's language.
  refuseEncodedBodies(app);
  // After the envelope's own hook, so the refusal is worded in the request's language.
  // A cluster node pinned away from the API (ROLE) answers only the operator's probes.
  if (!deps.config.roles.has('api'))
    app.addHook('onRequest', async (request) => {
      if (!OPERATOR_PATHS.has(request.url.split('?')[0]!))
        throw new AppError(ResponseCode.internal, 'node_serves_no_api', {}, 503);
    });
  // A call that needs a session refuses a request without one (999) before reading its fields.
  await app.register(sessionGuard);
  await app.register(textGuard);
  await app.register(authPlugin, { auth: deps.auth, locales: deps.userLocales });
  await app.register(staffAuthPlugin, { staff: deps.staff });
  readFormBodies(app);
  // The public API may be called from the broker's own web origins (the spec puts it on a
  // sub-domain of its own): those origins, with the headers the clients send, and nothing else.
  // The back office's API stays same-origin.
  await app.register(fastifyCors, {
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      const allowed =
        origin !== undefined &&
        deps.config.allowedOrigins.includes(origin) &&
        !(request.url ?? '').startsWith('/admin/');
      callback(null, {
        origin: allowed,
        methods: ['GET', 'POST'],
        allowedHeaders: [
          'lang',
          'authorization',
          'content-type',
          'idempotency-key',
          'device-id',
          'time-zone',
        ],
        maxAge: 600,
      });
    },
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 }, errorHandler: onSocketError });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Open Margin Platform API',
        version: '1.0.0',
        description:
          'Every response is the envelope {code, msg, data}: code 1 success, 999 session invalid, any other code a ' +
          'refusal whose msg is in the language of the `lang` header. The realtime socket is documented in docs/socket.md.',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'authorization' } },
      },
    },
    transform: openApiRouteTransform,
    transformObject: openApiDocumentTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    // The page's own policy (apiDocsContentPolicy). No schema validator badge, which would send
    // our document to a third-party host.
    staticCSP: true,
    transformStaticCSP: apiDocsContentPolicy,
    uiConfig: { validatorUrl: null },
  });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get(
    '/v1/ws',
    {
      websocket: true,
      schema: { hide: true },
      // Before the upgrade: a refused page gets HTTP 403 and never a socket (socket-origin.ts), and
      // an address (the one the rate limits know, behind TRUST_PROXY the forwarded one) holding its
      // share of sockets gets HTTP 429 (socket-admission.ts).
      onRequest: async (request) => {
        const { origin, host } = request.headers;
        if (!isSocketOriginAllowed(origin, host, deps.config.allowedOrigins))
          throw new AppError(ResponseCode.forbidden, 'socket_origin_forbidden', {}, 403);
        if (!deps.hub.admit(request.ip, request.raw.socket))
          throw new AppError(ResponseCode.rateLimited, 'socket_too_many_connections', {}, 429);
      },
    },
    (socket, request) => {
      deps.hub.attach(socket, request.lang);
    },
  );

  await app.register(async (scope) => marketRoutes(scope, deps));
  await app.register(async (scope) => systemRoutes(scope, deps));
  await app.register(async (scope) =>
    operatorRoutes(scope, {
      metrics: deps.metrics,
      readiness: deps.readiness,
      metricsToken: deps.config.metricsToken,
    }),
  );
  await app.register(async (scope) => commonRoutes(scope, deps));
  await app.register(async (scope) => authRoutes(scope, deps));
  await app.register(async (scope) => tradingRoutes(scope, deps));
  await app.register(async (scope) => stopOutRoutes(scope, deps));
  await app.register(async (scope) => uploadRoutes(scope, deps));
  await app.register(async (scope) => identityRoutes(scope, deps));
  await app.register(async (scope) => moneyRoutes(scope, deps));
  await app.register(async (scope) => staffMoneyRoutes(scope, deps));
  await app.register(async (scope) => staffSessionRoutes(scope, { staff: deps.staff }));
  await app.register(async (scope) => staffRoutes(scope, { staff: deps.staff }));
  await app.register(async (scope) => staffDashboardRoutes(scope, deps));
  await app.register(async (scope) => staffTraderRoutes(scope, deps));
  await app.register(async (scope) => staffInstrumentRoutes(scope, deps));
  await app.register(async (scope) => contentRoutes(scope, deps));
  await app.register(async (scope) => followRoutes(scope, deps));
  await app.register(async (scope) => favouriteRoutes(scope, deps));
  await app.register(async (scope) => preferenceRoutes(scope, deps));
  await app.register(async (scope) => sessionRoutes(scope, deps));
  await app.register(async (scope) => alertRoutes(scope, deps));
  await app.register(async (scope) => notificationRoutes(scope, deps));
  await app.register(async (scope) => riskWarningRoutes(scope, deps));
  await app.register(async (scope) => statementRoutes(scope, deps));
  await app.register(async (scope) => pushRoutes(scope, deps));
  await app.register(async (scope) => staffContentRoutes(scope, deps));
  await app.register(async (scope) => staffCompanyRoutes(scope, deps));
  await app.register(async (scope) => staffUserRoutes(scope, deps));
  await app.register(async (scope) => twoFactorRoutes(scope, deps));
  await app.register(async (scope) => adminHosting(scope, deps.config.adminDist));
  await app.register(async (scope) => staticFiles(scope, deps.config.webDist, deps.settings));
  return app;
}

/**
 * What the request log records of a request. A log must never hold a working credential: a
 * client that still puts its session token in the query string, or the signature of a file link.
 */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(/([?&](?:token|sig)=)[^&#]*/gi, '$1[redacted]'),
    remoteAddress: request.ip,
  };
}
