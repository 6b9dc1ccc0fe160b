/**
 * Web Push to the installed phone app (docs/CONTRACT.md, "Push notifications"): the server's VAPID
 * public key, and a browser's subscription as `PushSubscription.toJSON()` gives it, which the
 * server keeps per browser and sends notifications to.
 *
 *   { endpoint: 'https://fcm.googleapis.com/fcm/send/…', keys: { p256dh: 'BN…', auth: 'x3…' } }
 */
import { z } from 'zod';

/** The longest endpoint kept; push services' endpoints are a few hundred characters. */
export const PUSH_ENDPOINT_MAX_LENGTH = 1024;

/** Base64url text (padding tolerated, as some browsers add it) that decodes to `bytes` bytes. */
const keyOfBytes = (bytes: number, what: string) =>
  z
    .string()
    .max(200)
    .refine((text) => decodedLength(text) === bytes, {
      error: () => `must be ${what}`,
      params: { messageKey: 'push.key_invalid' },
    });

/** How many bytes base64url text decodes to, or -1 when it is not base64url. */
function decodedLength(text: string): number {
  const bare = text.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(bare) || bare.length % 4 === 1) return -1;
  return Math.floor((bare.length * 3) / 4);
}

export const pushEndpointSchema = z
  .string()
  .min(1)
  .max(PUSH_ENDPOINT_MAX_LENGTH)
  .describe("The push service's URL for this browser (https, a known push service)");

export const pushSubscribeBodySchema = z.object({
  endpoint: pushEndpointSchema,
  /** Sent by browsers with the rest of toJSON(); not used: a refused push removes the row. */
  expirationTime: z.number().nullable().optional().describe('As the browser gives it; ignored'),
  keys: z
    .object({
      p256dh: keyOfBytes(65, "the browser's P-256 public key, base64url (65 bytes)").describe(
        "The browser's P-256 public key, base64url",
      ),
      auth: keyOfBytes(16, "the browser's 16-byte authentication secret, base64url").describe(
        "The browser's authentication secret, base64url",
      ),
    })
    .strict(),
});

export type PushSubscribeBody = z.infer<typeof pushSubscribeBodySchema>;

export const pushEndpointBodySchema = z.object({ endpoint: pushEndpointSchema });
export const pushEndpointQuerySchema = z.object({ endpoint: pushEndpointSchema });

export const pushKeySchema = z.object({
  public_key: z.string().describe('The VAPID public key, base64url: applicationServerKey of subscribe()'),
});

export type PushKey = z.infer<typeof pushKeySchema>;

export const pushStateSchema = z.object({
  subscribed: z.boolean().describe('Whether this endpoint takes notifications for the signed-in user'),
});

export type PushState = z.infer<typeof pushStateSchema>;

/**
 * What a notification carries to the service worker (the decrypted push payload): it shows
 * `title` and `body`, replaces an earlier one of the same `tag`, and opens `url` when tapped; the
 * app then marks the centre's notification `id` read, as a tap on it in the centre would.
 */
export const webPushMessageSchema = z.object({
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  id: z.number().int().positive().optional(),
});

export type WebPushMessage = z.infer<typeof webPushMessageSchema>;
