/**
 * What a client's text frame asks (docs/socket.md "Messages"), read as if anything may arrive:
 * the text is any JSON value or none (`null`, a number, a list, a string), and any field may hold
 * any type. Only an object with a known `type` is a request; everything else is unreadable and is
 * answered as such, never dereferenced.
 */
import { HEARTBEAT_PING } from '@omp/protocol';
import { tokenOfCredential } from '../http/auth-plugin.ts';

export type ClientRequest =
  | { type: 'ping' }
  | { type: 'sub' | 'unsub' | 'logout'; topic: string }
  /** `version`: the protocol version the client speaks, when it said one. */
  | { type: 'login'; topic: string; version: number | undefined }
  | { type: 'unreadable' };

const UNREADABLE: ClientRequest = { type: 'unreadable' };
/** The heartbeat is most of what clients send: one answer for every one of them. */
const PING: ClientRequest = { type: 'ping' };

export function readClientMessage(text: string): ClientRequest {
  if (text === HEARTBEAT_PING) return PING;
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return UNREADABLE;
  }
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return UNREADABLE;
  const { type, params, version } = message as Record<string, unknown>;
  // The topic (or the session token of a login) is text; any other value names no topic.
  const topic = typeof params === 'string' ? params.trim() : '';
  switch (type) {
    case 'sub':
    case 'unsub':
    case 'logout':
      return { type, topic };
    case 'login': {
      // A protocol version is a whole number (docs/socket.md); "abc" or 1.5 names none.
      if (
        version !== undefined &&
        version !== null &&
        !(Number.isSafeInteger(version) && (version as number) >= 0)
      )
        return UNREADABLE;
      // The token as the HTTP API takes it: raw, or `Bearer <token>`.
      return {
        type,
        topic: tokenOfCredential(topic) ?? '',
        version: (version as number | null) ?? undefined,
      };
    }
    default:
      return UNREADABLE;
  }
}
