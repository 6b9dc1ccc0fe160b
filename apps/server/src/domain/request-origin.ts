/**
 * Where the request being served came from (the client's address), for the audit log's "from
 * where", and its id, which every log line written on its behalf carries (even from a service that
 * logs through the app's own logger). The HTTP layer opens the context for each request; whatever runs on that request's
 * behalf reads it, however deep, without every service passing it along. Work handed to a shared
 * queue (the trading writer's group commit) is bound to its request's context when it is handed
 * over (TradingService.commit), so a batch never records another request's address.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const origins = new AsyncLocalStorage<{ ip: string; requestId: string }>();

/** Runs `next` (and everything it starts) as work of the request `requestId` from `ip`. */
export function runAsRequestFrom(ip: string, next: () => void, requestId = ''): void {
  origins.run({ ip, requestId }, next);
}

/** The id of the request this work serves, or '' outside any request. */
export function currentRequestId(): string {
  return origins.getStore()?.requestId ?? '';
}

/** The address of the request this work serves, or '' outside any request (timers, the feed). */
export function requestOrigin(): string {
  return origins.getStore()?.ip ?? '';
}

/** `fn` bound to the request it was made in, to be called later from elsewhere. */
export function boundToRequest<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return AsyncLocalStorage.bind(fn);
}
