/**
 * The event bus with one more kind of listener: one that hears only what this node published. On a
 * cluster every node hears every event, so work that must happen once per event (storing a
 * notification of a staff decision) listens here, on the node that made the decision, instead of
 * on the bus, where every node would do it.
 *
 *   const events = withPublishedHere(crossNode.events);
 *   events.publishedHere('money_decided', (decision) => notifyOnce(decision));
 */
import type { AppEvents, AppEventType, EventBus } from './event-bus.ts';

export interface EventBusWithLocalTaps extends EventBus {
  /** Runs `handler` after each publish of `type` made on this node. Returns the unsubscriber. */
  publishedHere<T extends AppEventType>(type: T, handler: (event: AppEvents[T]) => void): () => void;
}

export function withPublishedHere(
  bus: EventBus,
  reportError: (error: unknown, type: AppEventType) => void = (error) => console.error(error),
): EventBusWithLocalTaps {
  const taps = new Map<AppEventType, Set<(event: never) => void>>();
  return {
    publish(type, event) {
      bus.publish(type, event);
      for (const tap of [...(taps.get(type) ?? [])]) {
        try {
          (tap as (event: AppEvents[typeof type]) => void)(event);
        } catch (error) {
          reportError(error, type);
        }
      }
    },
    subscribe: (type, handler) => bus.subscribe(type, handler),
    publishedHere(type, handler) {
      let set = taps.get(type);
      if (!set) taps.set(type, (set = new Set()));
      set.add(handler);
      return () => void set.delete(handler);
    },
  };
}
