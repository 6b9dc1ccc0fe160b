/**
 * The event bus across nodes (events/event-bus.ts describes the contract). A node's own
 * subscribers hear an event synchronously inside `publish`, exactly as on the in-process bus, and
 * the event goes out on one Redis pub/sub channel to every other node, whose subscriber connection
 * hands it to its own subscribers. Each message names the node that sent it, so a node skips its
 * own echo: every subscriber hears an event once.
 *
 * Order: one publishing connection and one channel per bus, and Redis delivers a channel's messages
 * in the order it received them, so every node hears one node's events in the order they were
 * published. Events of different nodes interleave as they reach Redis.
 *
 * Node-local event types (quotes and bars, `isNodeLocal`) never go out: every node derives its own
 * from the shared tick stream. One that arrives anyway (from a node of an older release) is dropped.
 *
 * Pub/sub is fire-and-forget: a node that is cut off from Redis misses what is published meanwhile
 * (at most once, as the contract says); what must not be lost lives in the database, and the phone
 * reloads its state when its socket reconnects.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  createInProcessEventBus,
  isNodeLocal,
  type AppEvents,
  type AppEventType,
  type EventBus,
} from '../../events/event-bus.ts';

export interface RedisEventBusOptions {
  /** Commands only (PUBLISH). */
  publisher: Redis;
  /** A connection of its own: once subscribed it can do nothing else. */
  subscriber: Redis;
  /** Prefix of the channel, so several installations (or test runs) share one Redis apart. */
  keyPrefix: string;
  reportError: (error: unknown, type: string) => void;
}

export interface RedisEventBus extends EventBus {
  /**
   * Resolves once this node hears the channel (events published before are not heard here);
   * rejects when Redis could not be reached to subscribe.
   */
  ready(): Promise<void>;
  /** Stops listening and closes nothing: the connections belong to the caller. */
  close(): Promise<void>;
}

interface WireMessage {
  /** The publishing node. */
  n: string;
  t: AppEventType;
  e: unknown;
}

/** JSON with every bigint as its decimal text, as the bus contract asks of events. */
export function encodeEvent(node: string, type: AppEventType, event: unknown): string {
  const message: WireMessage = { n: node, t: type, e: event };
  return JSON.stringify(message, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
}

export function decodeEvent(text: string): WireMessage | undefined {
  try {
    const message = JSON.parse(text) as Partial<WireMessage> | null;
    if (typeof message?.n !== 'string' || typeof message.t !== 'string' || !('e' in message))
      return undefined;
    return message as WireMessage;
  } catch {
    return undefined;
  }
}

export function createRedisEventBus(options: RedisEventBusOptions): RedisEventBus {
  const { publisher, subscriber, reportError } = options;
  const channel = `${options.keyPrefix}events`;
  const node = randomUUID();
  const local = createInProcessEventBus(reportError);
  let publishFailing = false;

  const onMessage = (from: string, text: string) => {
    if (from !== channel) return;
    const message = decodeEvent(text);
    if (!message) {
      reportError(new Error(`unreadable event on ${channel}: ${text.slice(0, 200)}`), 'redis');
      return;
    }
    if (message.n === node || isNodeLocal(message.t)) return;
    local.publish(message.t, message.e as AppEvents[typeof message.t]);
  };
  subscriber.on('message', onMessage);
  // ioredis subscribes again by itself after a reconnection. A first subscription that fails
  // rejects `ready()`, whose caller decides (a node does not start without it).
  const subscribed = subscriber.subscribe(channel).then(() => undefined);
  subscribed.catch(() => undefined);

  return {
    publish(type, event) {
      if (isNodeLocal(type)) {
        local.publish(type, event);
        return;
      }
      // Serialised before anything else runs, so a listener that changes the object later cannot
      // change what the other nodes hear.
      const text = encodeEvent(node, type, event);
      local.publish(type, event);
      publisher.publish(channel, text).then(
        () => void (publishFailing = false),
        (error: unknown) => {
          // Once per outage: while Redis is away every quote would fail the same way.
          if (publishFailing) return;
          publishFailing = true;
          reportError(error, type);
        },
      );
    },
    subscribe: (type, handler) => local.subscribe(type, handler),
    ready: () => subscribed,
    async close() {
      subscriber.off('message', onMessage);
      if (subscriber.status === 'ready') await subscriber.unsubscribe(channel).catch(() => undefined);
    },
  };
}
