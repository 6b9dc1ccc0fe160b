/**
 * The signed-in user's notification centre and channel choices (services/notification-centre.ts).
 * Texts come in the language of the request (which, like every signed-in request's, also becomes
 * the user's language for e-mail and push: services/user-locales.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeOf,
  NOTIFICATION_KINDS,
  notificationPageQuerySchema,
  notificationPageSchema,
  notificationSettingsSaveSchema,
  notificationSettingsSchema,
  notificationTargetSchema,
  unreadCountSchema,
} from '@omp/protocol';
import { requireUser } from '../http/auth-plugin.ts';
import { ok } from '../http/envelope-plugin.ts';
import type { NotificationCentre } from '../services/notification-centre.ts';
import { SESSION_SECURITY } from '../http/session-guard.ts';

export interface NotificationRouteDeps {
  notifications: NotificationCentre;
}

export async function notificationRoutes(app: FastifyInstance, deps: NotificationRouteDeps) {
  const { notifications } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const security = SESSION_SECURITY;
  const unread = { 200: envelopeOf(unreadCountSchema) };
  const settings = { 200: envelopeOf(notificationSettingsSchema) };

  api.get(
    '/v1/api/notifications',
    {
      schema: {
        tags,
        security,
        summary: 'A page of the signed-in user’s notifications',
        description: `Newest first, with the unread count. Kinds: ${NOTIFICATION_KINDS.join(', ')}.`,
        querystring: notificationPageQuerySchema,
        response: { 200: envelopeOf(notificationPageSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { page, page_size } = request.query;
      return ok(request, await notifications.page(user.id, request.lang, page, page_size));
    },
  );

  api.get(
    '/v1/api/notifications/unread',
    {
      schema: {
        tags,
        security,
        summary: 'How many of the signed-in user’s notifications are unread',
        description: 'The bell’s count.',
        response: unread,
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, { unread: await notifications.unreadCount(user.id) });
    },
  );

  api.post(
    '/v1/api/notifications/read',
    {
      schema: {
        tags,
        security,
        summary: 'Mark one notification read',
        description: 'Marking a read one changes nothing. Answers the unread count.',
        body: notificationTargetSchema,
        response: unread,
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, await notifications.markRead(user.id, request.body.id));
    },
  );

  api.post(
    '/v1/api/notifications/read_all',
    {
      schema: {
        tags,
        security,
        summary: 'Mark every notification read',
        description: 'Answers the unread count, 0.',
        response: unread,
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, await notifications.markAllRead(user.id));
    },
  );

  api.get(
    '/v1/api/notifications/settings',
    {
      schema: {
        tags,
        security,
        summary: 'The channels each kind of notification travels by',
        description: 'Every kind, in app always; push and e-mail as chosen (or their defaults).',
        response: settings,
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, { list: await notifications.settings(user.id) });
    },
  );

  api.post(
    '/v1/api/notifications/settings',
    {
      schema: {
        tags,
        security,
        summary: 'Choose the channels of some kinds of notification',
        description:
          'JSON {list: [{kind, push?, email?}]}; what is left out keeps its choice. Answers every kind.',
        body: notificationSettingsSaveSchema,
        response: settings,
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, { list: await notifications.saveSettings(user.id, request.body) });
    },
  );
}
