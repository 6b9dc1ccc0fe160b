/**
 * Price alerts of the signed-in user: list, set, delete (services/price-alerts.ts). Setting and
 * deleting run on the node that watches the prices, wherever the request arrived.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  alertCreateSchema,
  alertTargetSchema,
  envelopeOf,
  MAX_ACTIVE_ALERTS,
  priceAlertListSchema,
  priceAlertSchema,
} from '@omp/protocol';
import { requireUser } from '../http/auth-plugin.ts';
import { ok } from '../http/envelope-plugin.ts';
import type { PriceAlerts } from '../services/price-alerts.ts';
import { SESSION_SECURITY } from '../http/session-guard.ts';

export interface AlertRouteDeps {
  alerts: PriceAlerts;
}

export async function alertRoutes(app: FastifyInstance, deps: AlertRouteDeps) {
  const { alerts } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['alerts'];
  const security = SESSION_SECURITY;

  api.get(
    '/v1/api/alerts',
    {
      schema: {
        tags,
        security,
        summary: 'The signed-in user’s price alerts',
        description: 'Waiting alerts first, newest first, then the 50 most recently fired.',
        response: { 200: envelopeOf(priceAlertListSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, await alerts.list(user.id));
    },
  );

  api.post(
    '/v1/api/alerts',
    {
      schema: {
        tags,
        security,
        summary: 'Set a price alert',
        description:
          'Form-encoded or JSON. The alert watches the bid: above fires when it rises to price, below when it ' +
          'falls to price, move when it moves move_percent either way from the bid now (stored as its two ' +
          'levels). It fires once, as a notification of kind price_alert. Refused: an unknown instrument, one ' +
          'without a price yet, a level with more decimals than the instrument quotes, an above level not above ' +
          `the bid or a below level not below it, a move outside 0.01–50 %, and more than ${MAX_ACTIVE_ALERTS} ` +
          'waiting alerts. Answers the alert.',
        body: alertCreateSchema,
        response: { 200: envelopeOf(priceAlertSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, await alerts.create({ userId: user.id, body: request.body }));
    },
  );

  api.delete(
    '/v1/api/alerts',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a price alert',
        description:
          'A deleted alert never fires. An id that is not one of the user’s alerts is 404. Answers the new list.',
        querystring: alertTargetSchema,
        response: { 200: envelopeOf(priceAlertListSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await alerts.delete({ userId: user.id, id: request.query.id });
      return ok(request, await alerts.list(user.id));
    },
  );
}
