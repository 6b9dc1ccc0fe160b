/**
 * Where the request being served came from (the client's address), for the audit log's "from
 * where". The HTTP layer opens the context for each request; whatever runs on that request's
 * behalf reads it, however deep, without every service passing it along. Work handed to a shared
 * queue (the trading writer's group commit) is bound to its request's context when it is handed
 * over (TradingService.commit), so a batch never records another request's address.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const origins = new AsyncLocalStorage<{ ip: string }>();

/** Runs `next` (and everything it starts) as work of a request from `ip`. */
export function runAsRequestFrom(ip: string, next: () => void): void {
  origins.run({ ip }, next);
}

/** The address of the request this work serves, or '' outside any request (timers, the feed). */
export function requestOrigin(): string {
  return origins.getStore()?.ip ?? '';
}

/** `fn` bound to the request it was made in, to be called later from elsewhere. */
export function boundToRequest<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return AsyncLocalStorage.bind(fn);
}
