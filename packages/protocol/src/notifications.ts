/**
 * Price alerts and the notification centre on the wire (docs/CONTRACT.md "Price alerts and
 * notifications"): alerts a user sets on an instrument's bid, the notifications the server keeps for
 * each user, and which channels each kind of notification travels by.
 */
import { z } from 'zod';
import { blankSkippingFields, instrumentKey, pageFields, wholeNumber } from './fields.ts';
import { decimalText } from './trading.ts';
import { NOTIFICATION_KINDS, notificationSchema } from './wire-rows.ts';

// What the socket carries too lives with its messages, in zod's mini build (wire-rows.ts).
export {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGE,
  notificationSchema,
  notificationPushSchema,
  type NotificationChannel,
  type NotificationKind,
  type NotificationItem,
  type NotificationPush,
} from './wire-rows.ts';

/** Alerts a user may have waiting at once; fired and deleted ones do not count. */
export const MAX_ACTIVE_ALERTS = 50;

export const ALERT_CONDITION_NAMES = ['above', 'below', 'move'] as const;

export const alertCreateSchema = z.object({
  forex_id: instrumentKey('forex_id').describe('The instrument (Instrument.Id)'),
  condition: z
    .enum(ALERT_CONDITION_NAMES)
    .describe(
      'above: the bid rises to price; below: the bid falls to price; move: the bid moves move_percent either way',
    ),
  price: decimalText('price')
    .optional()
    .describe('above and below: the level, with at most the instrument’s price precision in decimals'),
  move_percent: decimalText('move_percent')
    .optional()
    .describe('move: the percent move from the bid now, 0.01 to 50, at most 2 decimals'),
});
export type AlertCreateBody = z.infer<typeof alertCreateSchema>;

export const alertTargetSchema = z.object({ id: wholeNumber('id', 1).describe('The alert’s id') });

export const priceAlertSchema = z.object({
  id: z.number().int(),
  forex_id: z.number().int(),
  code: z.string().describe('The instrument’s show code, e.g. EUR/USD'),
  condition: z.enum(ALERT_CONDITION_NAMES),
  above_price: z.number().nullable().describe('Fires when the bid is at or above it; null for none'),
  below_price: z.number().nullable().describe('Fires when the bid is at or below it; null for none'),
  move_percent: z.number().nullable().describe('The percent asked for a move alert; null otherwise'),
  reference_price: z.number().describe('The bid when the alert was set'),
  price_precision: z.number().int(),
  created_at: z.number().int().describe('Unix seconds'),
  fired_at: z.number().int().nullable().describe('Unix seconds; null while waiting'),
  fired_price: z.number().nullable().describe('The bid that fired it; null while waiting'),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;

export const priceAlertListSchema = z
  .array(priceAlertSchema)
  .describe('Waiting alerts first (newest first), then the 50 most recently fired');

export const notificationPageQuerySchema = z.object({ ...pageFields });

export const notificationPageSchema = z.object({
  list: z.array(notificationSchema).describe('Newest first'),
  total: z.number().int(),
  page: z.number().int(),
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });

export const notificationTargetSchema = z.object({
  id: wholeNumber('id', 1).describe('The notification’s id'),
});

export const notificationSettingSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  in_app: z.literal(true).describe('The notification centre always receives every kind'),
  push: z.boolean().describe('Web Push to the phone’s home-screen app'),
  email: z.boolean().describe('E-mail to the account’s address, in the user’s language'),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

export const notificationSettingsSchema = z.object({ list: z.array(notificationSettingSchema) });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsSaveSchema = z.object({
  list: z
    .array(
      z
        .object({
          kind: z.enum(NOTIFICATION_KINDS),
          // A channel sent empty is one left out: it keeps its choice.
          ...blankSkippingFields({ push: z.boolean(), email: z.boolean() }),
        })
        .strict(),
    )
    .min(1)
    .max(NOTIFICATION_KINDS.length * 2)
    .describe('The kinds to change; a channel left out keeps its choice'),
});
export type NotificationSettingsSave = z.infer<typeof notificationSettingsSaveSchema>;
