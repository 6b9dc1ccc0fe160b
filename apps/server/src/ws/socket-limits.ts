/**
 * What one client may cost the hub, and how a client beyond it is let go (docs/socket.md "Limits
 * and close codes"): sockets per address and per user (socket-admission.ts), messages per
 * connection, and unsent data (socket-fanout.ts decides when; the closing is done here). A client
 * let go is marked closing and detached at once, so it gets nothing more in the meantime.
 */
import type { WebSocket } from 'ws';
import { SOCKET_SILENT_CLIENT_MS, SocketCloseCode } from '@omp/protocol';
import { TokenBuckets } from '../http/token-buckets.ts';
import {
  AddressSlots,
  DEFAULT_SOCKET_CAPS,
  oldestBeyondCap,
  type SlotConnection,
  type SocketCaps,
} from './socket-admission.ts';
import { DEFAULT_SOCKET_RATE_LIMIT, type SocketRateLimit } from './socket-session.ts';

/** Clients silent for this long are gone (clients ping at least every 5 s: the web app every second when no push comes). */
export const SILENT_CLIENT_TIMEOUT_MS = SOCKET_SILENT_CLIENT_MS;

/**
 * Topics one socket may hold at once. The phone holds a handful; every spelling of a bar period
 * (`KLINE.EURUSD.1m`, `.1M`, `.01`…) is a topic of its own, so without a bound one socket could
 * hold thousands, each stored and looked up on every push to it.
 */
export const MAX_TOPICS_PER_SOCKET = 200;

/** A client closed for being too slow gets this long to read its close frame, then is cut off. */
const SLOW_CLIENT_CLOSE_GRACE_MS = 5_000;

export interface LimitedClient {
  socket: WebSocket;
  closing: boolean;
  pending: Map<string, unknown>;
  lastSeenMs: number;
}

export interface SocketLimitsOptions<C> {
  rateLimit?: SocketRateLimit | undefined;
  caps?: Partial<SocketCaps> | undefined;
  now: () => number;
  /** Forgets the client: its topics, its user. */
  detach: (client: C) => void;
  /** Tells a flooding client why it is closed, while it still may be told. */
  tellFlooding: (client: C) => void;
}

export class SocketLimits<C extends LimitedClient> {
  private readonly addressSlots: AddressSlots;
  private readonly perUser: number;
  private readonly messageBuckets: TokenBuckets<C>;
  private readonly o: SocketLimitsOptions<C>;
  /** Clients dropped for not reading. */
  droppedSlow = 0;

  constructor(options: SocketLimitsOptions<C>) {
    const caps = { ...DEFAULT_SOCKET_CAPS, ...options.caps };
    this.o = options;
    this.addressSlots = new AddressSlots(caps.perAddress);
    this.perUser = caps.perUser;
    this.messageBuckets = new TokenBuckets({
      ...(options.rateLimit ?? DEFAULT_SOCKET_RATE_LIMIT),
      now: options.now,
    });
  }

  /**
   * Whether another socket from `address` may open, asked before the upgrade so a refused one costs
   * no handshake; its slot is held until `connection` (the request's TCP socket) closes.
   */
  admit(address: string, connection: SlotConnection): boolean {
    return this.addressSlots.take(address, connection);
  }

  /**
   * Counts one message of the client, before anything else is done with it, so a flood costs one
   * bucket check a message; beyond the rate the client is told why and closed (false).
   */
  allowMessage(client: C): boolean {
    if (this.messageBuckets.take(client) === 0) return true;
    this.o.tellFlooding(client);
    this.letGo(client, SocketCloseCode.rateLimited, 'message rate limit exceeded');
    return false;
  }

  /**
   * Closes the oldest of a user's signed-in sockets (in the order they signed in) beyond the cap: a
   * user expects the device in hand to work, and a phone reconnecting pushes out its own half-open
   * socket rather than locking itself out.
   */
  keepWithinUserCap(signedIn: Iterable<C>): void {
    for (const oldest of oldestBeyondCap(signedIn, this.perUser))
      this.letGo(
        oldest,
        SocketCloseCode.replacedByNewer,
        'too many sockets of this user: the oldest is closed',
      );
  }

  /** Drops a client that stopped reading; it is told why if it reads again soon (docs/socket.md). */
  dropSlow(client: C): void {
    this.droppedSlow += 1;
    this.letGo(client, SocketCloseCode.tooSlow, 'too slow: unsent data over the limit');
    client.pending.clear();
    // Its close frame waits behind what it did not read; the memory is not held for ws's 30 s.
    setTimeout(() => client.socket.terminate(), SLOW_CLIENT_CLOSE_GRACE_MS).unref();
  }

  /** Cuts off the clients not heard from for SILENT_CLIENT_TIMEOUT_MS (a lost network: no close frame). */
  dropSilent(clients: Iterable<C>): void {
    const cutoff = this.o.now() - SILENT_CLIENT_TIMEOUT_MS;
    for (const client of clients) if (client.lastSeenMs < cutoff) client.socket.terminate();
  }

  private letGo(client: C, code: number, reason: string): void {
    client.closing = true;
    this.o.detach(client);
    client.socket.close(code, reason);
  }
}
