/**
 * The operator's endpoints, outside the `{code, msg, data}` envelope and the OpenAPI document
 * (docs/CONTRACT.md "Operator endpoints"), as load balancers and Prometheus expect them:
 *
 * - GET /healthz: the process is alive and its event loop turns. Touches nothing else, so a slow
 *   database never gets a node restarted.
 * - GET /readyz: the node may take traffic (readiness.ts); 503 names the failing checks.
 * - GET /metrics: Prometheus text (metrics.ts), for the bearer of METRICS_TOKEN; without a token
 *   configured, only for a scraper on this machine talking to the node directly.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResponseCode } from '@omp/protocol';
import { AppError } from '../http/app-error.ts';
import type { Metrics } from './metrics.ts';
import type { Readiness } from './readiness.ts';

export interface OperatorRouteDeps {
  metrics: Metrics;
  readiness: Readiness;
  /** METRICS_TOKEN; unset: /metrics only for a direct request from this machine. */
  metricsToken: string | undefined;
}

/** Counts every answered request; registered on the root app so it sees every route. */
export function observeRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeHttp(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });
}

export async function operatorRoutes(app: FastifyInstance, deps: OperatorRouteDeps) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({
    status: 'alive',
    uptimeSeconds: Math.round(process.uptime()),
  }));

  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    const report = await deps.readiness.report();
    const checks = Object.fromEntries(
      Object.entries(report.checks).map(([name, { ok, error }]) => [name, error ? { ok, error } : { ok }]),
    );
    if (!report.ready) {
      // A node pinned away from the API is not ready by configuration: nothing to warn about.
      for (const name of report.failing.filter((failing) => failing !== 'role'))
        request.log.warn({ check: name, detail: report.checks[name]?.detail }, `not ready: ${name}`);
    }
    return reply
      .status(report.ready ? 200 : 503)
      .send(
        report.ready ? { status: 'ready', checks } : { status: 'not_ready', failing: report.failing, checks },
      );
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    guardMetrics(request, deps.metricsToken);
    return reply.type(deps.metrics.contentType).send(await deps.metrics.text());
  });
}

/** Headers a proxy adds: a request carrying one came from elsewhere, whatever its socket says. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * With a token: the bearer of it, compared in constant time. Without: a request whose socket is on
 * this machine and that no proxy forwarded; a proxy on the same machine that adds no forwarding
 * header would pass, which is why a public deployment sets METRICS_TOKEN (README).
 */
function guardMetrics(request: FastifyRequest, token: string | undefined): void {
  if (token) {
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameText(given, token)) throw new AppError(ResponseCode.refused, 'metrics_token_required', {}, 401);
    return;
  }
  const direct = FORWARDING_HEADERS.every((header) => request.headers[header] === undefined);
  if (!direct || !isLoopback(request.socket.remoteAddress))
    throw new AppError(ResponseCode.refused, 'metrics_local_only', {}, 403);
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function isLoopback(address: string | undefined): boolean {
  return address === '::1' || address === '::ffff:127.0.0.1' || /^127\./.test(address ?? '');
}
