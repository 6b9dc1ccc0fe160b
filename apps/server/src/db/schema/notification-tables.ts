/** Notifications: the centre's entries and settings, price alerts, and browsers' push subscriptions. */
import type { DbInt, DbId } from './column-types.ts';

/** One notification of the centre (services/notification-centre.ts). */
export interface NotificationTable {
  id: DbId;
  user_id: DbInt;
  kind: string;
  /** Under `notification.<text_key>.title` and `.body` in the server's catalogs. */
  text_key: string;
  /** JSON object of the texts' parameters. */
  params: string;
  link: string;
  created_at: DbInt;
  read_at: DbInt | null;
}

export interface NotificationSettingTable {
  user_id: DbInt;
  kind: string;
  /** 1 on, 0 off. */
  push: DbInt;
  email: DbInt;
  updated_at: DbInt;
}

/** A price alert (services/price-alerts.ts); levels in points of `price_precision`. */
export interface PriceAlertTable {
  id: DbId;
  user_id: DbInt;
  instrument_id: DbInt;
  /** 'above', 'below' or 'move'. */
  condition: string;
  /** 0 for none. */
  above_points: DbInt;
  below_points: DbInt;
  /** The bid when it was set. */
  reference_points: DbInt;
  /** A move alert's percent in hundredths; 0 otherwise. */
  move_basis_points: DbInt;
  price_precision: DbInt;
  created_at: DbInt;
  fired_at: DbInt | null;
  fired_points: DbInt | null;
  deleted_at: DbInt | null;
}

/** Where a browser's push service takes notifications for a user (one row per browser). */
export interface PushSubscriptionTable {
  endpoint: string;
  user_id: DbInt;
  /** The browser's P-256 public key, base64url: payloads are encrypted to it. */
  p256dh: string;
  /** The browser's 16-byte authentication secret, base64url. */
  auth: string;
  /** The token hash of the session that subscribed: pushes go only while it lasts. */
  session_hash: string;
  created_at: DbInt;
  updated_at: DbInt;
}
