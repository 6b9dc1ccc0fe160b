/** Market calls (docs/CONTRACT.md "Calls"): categories, instruments, klines. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  abbreviatedKlineQuerySchema,
  categorySchema,
  envelopeOf,
  instrumentSchema,
  klinePointSchema,
  klineQuerySchema,
  tradeListQuerySchema,
} from '@omp/protocol';
import { notFound } from '../domain/errors.ts';
import { ok } from '../http/envelope-plugin.ts';
import { sendKlinePage } from '../http/kline-page-reply.ts';
import { writePartsOnSend } from '../http/precompressed-json.ts';
import type { MarketService } from '../services/market-service.ts';

export interface MarketRouteDeps {
  market: MarketService;
}

export async function marketRoutes(app: FastifyInstance, deps: MarketRouteDeps) {
  const { market } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['market'];

  api.get(
    '/v1/api/forex/getCategories',
    {
      schema: {
        tags,
        summary: "Instrument categories with names in the request's language",
        response: { 200: envelopeOf(z.array(categorySchema)) },
      },
    },
    async (request) => {
      const categories = await market.categories();
      return ok(
        request,
        categories.map((c) => ({
          Id: c.id,
          Code: c.code,
          Sort: c.sort,
          NameShowTrans: c.names[request.lang] ?? c.names.en ?? c.code,
        })),
      );
    },
  );

  api.get(
    '/v1/api/forex/trade_list',
    {
      schema: {
        tags,
        summary: 'Instruments with their live quotation',
        description:
          "`searchCurrency` finds the instruments whose code, display code or name (in the request's " +
          'language or in English) contains it, ignoring case, accents, spaces and punctuation: ' +
          '"eur/us", "gold", "黃金" (with lang hk).',
        querystring: tradeListQuerySchema,
        response: { 200: envelopeOf(z.array(instrumentSchema)) },
      },
    },
    async (request) =>
      ok(
        request,
        market.listInstruments(
          { search: request.query.searchCurrency, categoryId: request.query.category_id },
          request.lang,
        ),
      ),
  );

  api.get(
    '/v1/api/forex/kline',
    {
      schema: {
        tags,
        summary: 'Kline bars of one instrument and period, oldest first',
        description:
          'Without `before`, the last bar is the forming one. With `before`, older history for paging. ' +
          'History reaches back KLINE_RETENTION_BARS periods of the chart (100,000 by default: one-minute ' +
          'bars about 69 days); an older `before` answers an empty list.',
        querystring: klineQuerySchema,
        response: { 200: envelopeOf(z.array(klinePointSchema)) },
      },
      // The cached page goes out in parts (http/precompressed-json.ts).
      onSend: writePartsOnSend,
    },
    async (request, reply) => {
      const { forex_id, period, limit, before } = request.query;
      if (!market.instrumentById(forex_id)) throw notFound('instrument_not_found', { id: forex_id });
      // The latest page, which every chart opens with, comes encoded from the page cache.
      if (before === undefined)
        return sendKlinePage(request, reply, await market.latestKlinesJson(forex_id, period, limit));
      // Older pages, as charts scroll back: kept once all their bars are closed and written.
      return sendKlinePage(request, reply, await market.olderKlinesJson(forex_id, period, limit, before));
    },
  );

  api.get(
    '/v1/api/forex/abbreviated_cache_kline',
    {
      schema: {
        tags,
        summary: 'The last 96 bars of an instrument, cached for 10 s (mini charts)',
        querystring: abbreviatedKlineQuerySchema,
        response: { 200: envelopeOf(z.array(klinePointSchema)) },
      },
      onSend: writePartsOnSend,
    },
    async (request, reply) => {
      const { forex_id, period } = request.query;
      if (!market.instrumentById(forex_id)) throw notFound('instrument_not_found', { id: forex_id });
      return sendKlinePage(request, reply, await market.abbreviatedKlinesJson(forex_id, period));
    },
  );
}
