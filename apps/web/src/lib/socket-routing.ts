/**
 * How the socket client reads a frame and hands it out (lib/socket.ts): every frame is checked
 * against the protocol's union of server messages, and a push reaches the handlers of each name it
 * goes by, each handler once.
 */
import { serverMessageSchema, type ServerMessage, type SessionEndedMessage } from '@omp/protocol';

/**
 * What a handler receives: a server message checked against the protocol's schema (anything else
 * is dropped), with `session_ended` carrying the token it ended so the app can tell if it is its own.
 */
export type SessionEndedPush = SessionEndedMessage & { token: string };
export type PushMessage = Exclude<ServerMessage, SessionEndedMessage> | SessionEndedPush;
export type PushHandler = (message: PushMessage) => void;

/** The messages `type` may be: one push, or the result message whose type list holds it. */
type Carrying<M, T> = M extends { type: infer K } ? (T extends K ? M : never) : never;
export type MessageOf<T extends PushMessage['type']> = Carrying<PushMessage, T>;

/** A handler of one message type, given that type only. */
export type HandlerOf<T extends PushMessage['type']> = (message: MessageOf<T>) => void;

export const isOfType = <T extends PushMessage['type']>(
  message: PushMessage,
  type: T,
): message is MessageOf<T> => message.type === type;

/** A text frame as a server message, or undefined: a message of a newer server, or a broken one. */
export function readFrame(text: string): ServerMessage | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = serverMessageSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  if (import.meta.env?.DEV) console.warn('socket: unknown message', json, parsed.error.issues);
  return undefined;
}

/**
 * Hands a push to the handlers of its exact topic (KLINE.EURUSD.1M), of its type (DAY_MARKET) and
 * of its type narrowed to its symbol (DAY_MARKET.EURUSD). A handler found under several of them
 * (`identityOf` tells which wrappers share a handler) hears it once.
 */
export function deliver(
  message: PushMessage,
  handlersOf: (name: string) => Iterable<PushHandler>,
  identityOf: (handler: PushHandler) => unknown,
): void {
  const names = new Set<string>([message.type]);
  if ('topic' in message) names.add(message.topic);
  if ('symbol' in message) names.add(`${message.type}.${message.symbol}`);
  const delivered = new Set<unknown>();
  for (const name of names) {
    for (const handler of handlersOf(name)) {
      const identity = identityOf(handler);
      if (delivered.has(identity)) continue;
      delivered.add(identity);
      try {
        handler(message);
      } catch (error) {
        // One broken screen must not starve the others of prices.
        console.error(error);
      }
    }
  }
}
