/**
 * How many sockets one client may hold on this node (docs/socket.md "Limits and close codes"): a
 * bounded number per client address, counted from the upgrade request to the end of its TCP
 * connection, and per signed-in user, the oldest of whose sockets makes way for a newer one. Each
 * node counts its own sockets; on a cluster a client spread over N nodes may hold N times as many.
 */
import { addressUnit } from '../domain/address-unit.ts';

export interface SocketCaps {
  /** Sockets from one client address (an IPv6 /64): beyond it the upgrade is refused (HTTP 429). */
  perAddress: number;
  /** Signed-in sockets of one user: a login beyond it closes that user's oldest socket (4010). */
  perUser: number;
}

/** Generous: an office behind one address, a user with a phone, a tablet and many browser tabs. */
export const DEFAULT_SOCKET_CAPS: SocketCaps = { perAddress: 200, perUser: 20 };

/** The connection a slot is held for: its TCP socket. */
export interface SlotConnection {
  readonly destroyed?: boolean;
  once(event: 'close', listener: () => void): unknown;
}

/** The sockets counted per address key; a slot is held until its connection closes. */
export class AddressSlots {
  private readonly held = new Map<string, number>();
  private readonly cap: number;

  constructor(cap: number) {
    this.cap = cap;
  }

  /**
   * Takes a slot for `address` until `connection` closes (its TCP socket, so a refused or failed
   * handshake frees it too); false when the address holds its cap already.
   */
  take(address: string, connection: SlotConnection): boolean {
    // Gone already (the client hung up while the request was read): its close may have been
    // emitted, so a slot taken now would never be given back, and a client hanging up at once,
    // over and over, would use up its address's share for good.
    if (connection.destroyed) return true;
    const key = addressUnit(address);
    const count = this.held.get(key) ?? 0;
    if (count >= this.cap) return false;
    this.held.set(key, count + 1);
    connection.once('close', () => {
      const left = (this.held.get(key) ?? 1) - 1;
      if (left > 0) this.held.set(key, left);
      else this.held.delete(key);
    });
    return true;
  }

  /** Sockets held by the address's unit (tests, diagnostics). */
  count(address: string): number {
    return this.held.get(addressUnit(address)) ?? 0;
  }
}

/**
 * The sockets to close so that a user holds at most `cap`: the ones signed in longest ago first
 * (`signedIn` in the order they signed in). A phone that reconnects while its old socket is still
 * half-open on the server pushes that one out, not itself.
 */
export function oldestBeyondCap<S>(signedIn: Iterable<S>, cap: number): S[] {
  const sockets = [...signedIn];
  return sockets.slice(0, Math.max(0, sockets.length - cap));
}
