/**
 * Web Push for the installed phone app: the server's public key, and the signed-in user's
 * subscription of this browser (one per browser; notifications go to every browser the user
 * subscribed). What is sent, and when, is decided elsewhere (services/web-push-channel.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeOf,
  pushEndpointBodySchema,
  pushEndpointQuerySchema,
  pushKeySchema,
  pushStateSchema,
  pushSubscribeBodySchema,
} from '@omp/protocol';
import { requireUser, tokenOf } from '../http/auth-plugin.ts';
import { ok } from '../http/envelope-plugin.ts';
import { hashToken } from '../services/auth-service.ts';
import type { PushOwner, WebPushChannel } from '../services/web-push-channel.ts';
import { SESSION_SECURITY } from '../http/session-guard.ts';

/** The signed-in user and the session the request came in (a 999 answer without one). */
async function ownerOf(request: FastifyRequest): Promise<PushOwner> {
  const user = await requireUser(request);
  return { userId: user.id, sessionHash: hashToken(tokenOf(request) ?? '') };
}

export interface PushRouteDeps {
  webPush: WebPushChannel;
}

export async function pushRoutes(app: FastifyInstance, deps: PushRouteDeps) {
  const { webPush } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];
  const security = SESSION_SECURITY;
  const state = { 200: envelopeOf(pushStateSchema) };

  api.get(
    '/v1/api/push/key',
    {
      schema: {
        tags,
        summary: 'The key browsers subscribe to push notifications with',
        description:
          'The VAPID public key (base64url), the applicationServerKey of PushManager.subscribe(). ' +
          'The same on every node, and across restarts.',
        response: { 200: envelopeOf(pushKeySchema) },
      },
    },
    async (request) => ok(request, { public_key: webPush.publicKey() }),
  );

  api.get(
    '/v1/api/push/subscription',
    {
      schema: {
        tags,
        security,
        summary: "Whether this browser's subscription takes the signed-in user's notifications",
        description:
          'Through this session: false when the push service dropped it, another user subscribed the ' +
          'browser since, or it was made in an earlier session. The app then subscribes again.',
        querystring: pushEndpointQuerySchema,
        response: state,
      },
    },
    async (request) => {
      return ok(request, {
        subscribed: await webPush.isSubscribed(await ownerOf(request), request.query.endpoint),
      });
    },
  );

  api.post(
    '/v1/api/push/subscribe',
    {
      schema: {
        tags,
        security,
        summary: "Send the signed-in user's notifications to this browser",
        description:
          'JSON: PushSubscription.toJSON() of the browser, subscribed with GET /v1/api/push/key. ' +
          'The endpoint must be https at a known push service (push.endpoint_not_allowed otherwise). ' +
          'Pushes go to it while this session lasts: after a sign-out or the session expiring, nothing. ' +
          'Subscribing the same endpoint again replaces its keys and its user. A user keeps at most ' +
          '10 browsers; the one renewed longest ago gives way.',
        body: pushSubscribeBodySchema,
        response: state,
      },
    },
    async (request) => {
      await webPush.subscribe(await ownerOf(request), request.body);
      return ok(request, { subscribed: true });
    },
  );

  api.post(
    '/v1/api/push/unsubscribe',
    {
      schema: {
        tags,
        security,
        summary: 'Stop sending notifications to this browser',
        description:
          "Only the signed-in user's own subscription is removed; an unknown endpoint changes nothing.",
        body: pushEndpointBodySchema,
        response: state,
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await webPush.unsubscribe(user.id, request.body.endpoint);
      return ok(request, { subscribed: false });
    },
  );
}
