/** The tick-ingest endpoint for a real price bridge (health and metrics: observability/). */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parsePriceToPoints } from '@omp/engine';
import { envelopeOf, ResponseCode, tickIngestBodySchema, type TickIngestBody } from '@omp/protocol';
import type { Tick } from '../adapters/feed/market-feed.ts';
import type { AppConfig } from '../config.ts';
import { invalid } from '../domain/errors.ts';
import { AppError } from '../http/app-error.ts';
import { ok } from '../http/envelope-plugin.ts';
import type { MarketService } from '../services/market-service.ts';

export interface SystemRouteDeps {
  config: AppConfig;
  market: MarketService;
  now: () => number;
  /**
   * On a cluster: sends the batch to every node, this one included, and resolves once it is
   * applied here (cluster/feed-cluster.ts). Absent, the batch is applied to this node's market.
   */
  ingestTicks?: (ticks: Tick[]) => Promise<void>;
}

export async function systemRoutes(app: FastifyInstance, deps: SystemRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/v1/api/forex/ingest',
    {
      schema: {
        tags: ['market'],
        summary: 'Push ticks from a price bridge (header x-ingest-secret)',
        description:
          'Enabled when INGEST_SECRET is set. Prices as numbers or decimal strings; ask defaults to bid + spread. ' +
          'The whole batch is refused if any tick is invalid. On a cluster the batch reaches every node; ' +
          '503 ingest_unavailable when it could not be passed on (then no node applied it).',
        headers: z.object({ 'x-ingest-secret': z.string().optional() }),
        body: tickIngestBodySchema,
        response: { 200: envelopeOf(z.object({ accepted: z.number().int() })) },
      },
    },
    async (request) => {
      const secret = deps.config.ingestSecret;
      if (!secret) throw new AppError(ResponseCode.refused, 'ingest_disabled', {}, 403);
      if (!secretMatches(request.headers['x-ingest-secret'], secret)) {
        throw new AppError(ResponseCode.refused, 'ingest_forbidden', {}, 401);
      }
      const ticks = toTicks(request.body, deps.market, deps.now(), deps.config.ingestMaxFutureMs);
      if (!deps.ingestTicks) deps.market.applyTicks(ticks);
      else
        await deps.ingestTicks(ticks).catch((error: unknown) => {
          request.log.error({ err: error }, 'an ingested batch could not be sent to the other nodes');
          throw new AppError(ResponseCode.refused, 'ingest_unavailable', {}, 503);
        });
      return ok(request, { accepted: ticks.length });
    },
  );
}

function secretMatches(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Validates every tick before any is applied, so a bad batch changes nothing. A tick dated beyond
 * `maxFutureMs` from now is refused: later ticks older than it would be ignored as replays.
 */
export function toTicks(
  body: TickIngestBody,
  market: MarketService,
  nowMs: number,
  maxFutureMs: number,
): Tick[] {
  return body.ticks
    .map((raw) => {
      const spec = market.instrumentByCode(raw.code);
      if (!spec) throw invalid('ingest_unknown_code', { code: raw.code });
      const bid = parsePriceToPoints(raw.bid, spec.pricePrecision);
      if (bid === null) throw invalid('ingest_bad_price', { code: raw.code, value: String(raw.bid) });
      let ask = bid + spec.spreadPoints;
      if (raw.ask !== undefined) {
        const parsed = parsePriceToPoints(raw.ask, spec.pricePrecision);
        if (parsed === null) throw invalid('ingest_bad_price', { code: raw.code, value: String(raw.ask) });
        if (parsed < bid) throw invalid('ingest_crossed_quote', { code: raw.code });
        ask = parsed;
      }
      const timeMs = raw.time ?? nowMs;
      if (timeMs > nowMs + maxFutureMs)
        throw invalid('ingest_future_time', {
          code: raw.code,
          ahead: Math.ceil((timeMs - nowMs) / 1000),
          max: Math.floor(maxFutureMs / 1000),
        });
      return { code: spec.code, bid, ask, timeMs };
    })
    .sort((a, b) => a.timeMs - b.timeMs);
}
