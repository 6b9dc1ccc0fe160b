/**
 * The one event bus: facts one part of the server announces and other parts act on, without the
 * announcer knowing who listens. Quotes and bars, order and account changes, margin calls, money and
 * identity decisions, settings changes and session ends all travel on it, so the socket hub (and
 * later the back office's live dashboard) subscribes to one thing. On one node every listener
 * lives in this process (below); on a cluster the same interface crosses nodes through Redis
 * pub/sub (adapters/redis/redis-event-bus.ts), so events are plain JSON-serialisable objects
 * (bigint amounts as decimal text) and a publisher never waits for, or hears from, its listeners.
 *
 *   const off = events.subscribe('session_ended', (event) => hub.endSessions(event));
 *   events.publish('session_ended', { userId: 7, reason: 'forced_logout' });
 *
 * Delivery is at most once to each subscriber of each node, the publisher's own node included.
 * Node-local types (`NODE_LOCAL_EVENT_TYPES`: quotes and bars) reach only the subscribers of the
 * node that published them, on every implementation.
 */
import type { InstrumentSpec } from '@omp/engine';
import type { Language, SessionEndReason } from '@omp/protocol';
import type { UserMessage } from '../services/trading-messages.ts';
import type { CreatedNotification } from '../services/notification-centre.ts';
import type { KlineEvent, QuoteEvent } from './market-events.ts';

export type { KlineEvent, QuoteEvent } from './market-events.ts';

export interface SessionEnded {
  userId: number;
  /** SHA-256 of the one session's token that ended; absent: every session of the user ended. */
  tokenHash?: string;
  /**
   * With every session ended, one to leave alone: the session of the device that changed the
   * password, which the answer gives a new token. Telling that device its session ended would race
   * the answer and sign it out.
   */
  spareTokenHash?: string;
  /**
   * With `spareTokenHash`: that session ended too (a new password ends the session that set it),
   * only its device is not told, for the answer hands it a new token. Its sockets are detached
   * without a word and keep their topics, so the client's `login` with the new token carries on
   * where it was; a socket that never signs in again (another holder of the old token) gets nothing
   * more of the user. Without it the spared session goes on (signing the others out).
   */
  spareEnded?: boolean;
  /**
   * With every session ended: the highest session id of the person once they were ended. A session
   * with a higher id was opened after (the new token a password change hands its device, a new
   * login), and this end leaves it alone: on a cluster the event can reach a node after that
   * device's socket signed in again there with its new token. Absent: every session it names ends.
   */
  lastSessionId?: number;
  reason: SessionEndReason;
}

/** A committed trading outcome's message for its user: order rows, closed ids, a margin call. */
export interface TradingUpdate {
  userId: number;
  message: UserMessage;
}

/** A staff decision on a user's money or identity, after its transaction committed. */
export interface StaffDecision {
  userId: number;
  /** deposit.approve, withdrawal.reject, identity.approve, … (the audit log's action). */
  action: string;
  targetId: number;
  staffId: number;
}

export interface AppEvents {
  /** A quotation changed (published by the market service on each tick). Node-local. */
  quote: QuoteEvent;
  /** A forming bar changed. Node-local. */
  kline: KlineEvent;
  /** One message; what a node of the earlier release announces (a rolling upgrade mixes both). */
  trading_update: TradingUpdate;
  /**
   * Every message of one commit, in decision order: a cascade of a thousand closes is one event
   * for the bus (and one Redis message on a cluster), not two thousand.
   */
  trading_updates: { updates: TradingUpdate[] };
  money_decided: StaffDecision;
  identity_decided: StaffDecision;
  /** Settings the back office changed: their keys and new values. */
  settings_changed: { keys: string[]; values: Record<string, string> };
  /**
   * An instrument the back office changed (stored and audited first), with its whole new spec, so
   * every node applies the same terms without reading the database.
   */
  instrument_changed: {
    instrumentId: number;
    code: string;
    spec: InstrumentSpec;
    enabled: boolean;
    names: Partial<Record<Language, string>>;
  };
  session_ended: SessionEnded;
  /** Staff changed what a user may do (a freeze, an account enabled again): caches drop the user. */
  user_changed: { userId: number };
  /**
   * Staff changed the leverage caps (services/leverage-caps.ts): every cap, and the codes of the
   * instruments whose leverage offer changed, so each node's book and each ticket take them at once.
   */
  leverage_caps_changed: { caps: Record<string, number>; codes: string[] };
  /** Staff changed the risk warning's texts: every language staff set, so each node shows them. */
  risk_warning_changed: { texts: Record<string, string> };
  /** A trader left the leaderboard: every node's cached board drops them at once. */
  leaderboard_opted_out: { userId: number };
  /** A notification was stored for a user (services/notification-centre.ts), with their unread count. */
  notification_created: { userId: number; notification: CreatedNotification; unread: number };
}

export type AppEventType = keyof AppEvents;

/**
 * Event types each node derives for itself, which therefore never cross nodes. On a cluster every
 * node applies the same tick stream (cluster/feed-cluster.ts) and announces its own quotes and
 * bars; carrying them across too would hand each socket every quote once per node, and a node's
 * quotes could arrive before that node's market had the tick they come from. A cross-node bus
 * delivers these only to the publishing node's own subscribers, as the in-process bus does.
 */
export const NODE_LOCAL_EVENT_TYPES: ReadonlySet<AppEventType> = new Set<AppEventType>(['quote', 'kline']);

export function isNodeLocal(type: AppEventType): boolean {
  return NODE_LOCAL_EVENT_TYPES.has(type);
}

export interface EventBus {
  publish<T extends AppEventType>(type: T, event: AppEvents[T]): void;
  /** Returns the function that stops the subscription. */
  subscribe<T extends AppEventType>(type: T, handler: (event: AppEvents[T]) => void): () => void;
}

/**
 * Listeners run synchronously inside `publish`, so a session is cut off before the request that
 * ended it answers. A listener that throws is reported and does not keep the others from running.
 */
export function createInProcessEventBus(
  reportError: (error: unknown, type: AppEventType) => void = (error) => console.error(error),
): EventBus {
  const handlers = new Map<AppEventType, Set<(event: never) => void>>();
  return {
    publish(type, event) {
      for (const handler of [...(handlers.get(type) ?? [])]) {
        try {
          (handler as (event: AppEvents[typeof type]) => void)(event);
        } catch (error) {
          reportError(error, type);
        }
      }
    },
    subscribe(type, handler) {
      let set = handlers.get(type);
      if (!set) handlers.set(type, (set = new Set()));
      set.add(handler);
      return () => void set.delete(handler);
    },
  };
}
