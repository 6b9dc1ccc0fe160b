/**
 * How one flush's market pushes reach every client (docs/socket.md "Delivery"), and what happens
 * to a client that stops reading.
 *
 * A round holds, per topic, the newest frame per key (instrument, or bar topic and period), each
 * built once; the frames of a topic are joined once, and each client gets one write of what its
 * topics carry. Ten thousand clients take tens of milliseconds or more, so a round goes out in
 * slices of a few milliseconds with the event loop free in between (HTTP requests, ticks). A new
 * round that comes while one is under way does not wait for it: the clients the old round has not
 * reached get both merged (the newest frame per key, so never an older state after a newer one),
 * the others the new round alone. A node whose writes cannot keep up with the push interval so
 * sends fewer, fuller writes instead of blocking its event loop to finish a round.
 *
 * A client with more than `backlogBytes` unsent gets no growing queue: it keeps one newest frame
 * per key, sent once its buffer drains. One that goes beyond `maxBufferedBytes` unsent, or stays
 * backed up for `maxBackedUpMs` on end, is dropped with close code 4009 (`tooSlow`): a socket that
 * stopped reading costs memory and work for nothing, and the others pay for neither.
 */
import type { WebSocket } from 'ws';
import { SlicedRun } from './sliced-run.ts';
import { joinFrames, writeFrames, type Frame } from './socket-frames.ts';

export interface FanoutClient {
  socket: WebSocket;
  topics: Set<string>;
  /** Newest undelivered frame per key, while backed up. */
  pending: Map<string, Frame>;
  /** When it last went from keeping up to backed up; undefined while it keeps up. */
  backedUpSinceMs: number | undefined;
  /** Being closed: nothing more is sent. */
  closing: boolean;
}

export interface SlowClientLimits {
  /** Above this many unsent bytes a client is backed up: it gets the newest state once it drains. */
  backlogBytes: number;
  /** Above this many unsent bytes the client is dropped. */
  maxBufferedBytes: number;
  /** Backed up without a break for this long, the client is dropped. */
  maxBackedUpMs: number;
}

export const DEFAULT_SLOW_CLIENT_LIMITS: SlowClientLimits = {
  backlogBytes: 256 * 1024,
  maxBufferedBytes: 1024 * 1024,
  maxBackedUpMs: 30_000,
};

/**
 * Clients written between two looks at the clock: a loopback write takes 15 to 30 µs, so a slice
 * overruns its budget (sliced-run.ts) by half a millisecond at most.
 */
const CLIENTS_PER_CLOCK_CHECK = 16;

/** One topic's frames of a round, newest per key, joined once on first use. */
class TopicPush {
  readonly frames = new Map<string, Frame>();
  private joined: Buffer | undefined;

  bytes(): Buffer {
    this.joined ??= joinFrames([...this.frames.values()]);
    return this.joined;
  }
}

/** What one flush sends, per topic. */
export class PushRound {
  readonly topics = new Map<string, TopicPush>();

  add(topic: string, key: string, frame: Frame): void {
    let push = this.topics.get(topic);
    if (!push) this.topics.set(topic, (push = new TopicPush()));
    push.frames.set(key, frame);
  }

  /** This round's frames with `newer`'s over them: per topic and key, the newest frame of the two. */
  followedBy(newer: PushRound): PushRound {
    const merged = new PushRound();
    for (const round of [this, newer])
      for (const [topic, push] of round.topics)
        for (const [key, frame] of push.frames) merged.add(topic, key, frame);
    return merged;
  }
}

/** A round and the clients it still has to reach, from `next` on. */
interface Leg<C> {
  round: PushRound;
  clients: C[];
  next: number;
}

export class Fanout<C extends FanoutClient> {
  private readonly limits: SlowClientLimits;
  private readonly now: () => number;
  private readonly drop: (client: C) => void;
  /** What is still to send, in order: at most the clients an earlier round missed, then the rest. */
  private legs: Leg<C>[] = [];
  private readonly slices = new SlicedRun(() => this.writeNext(), CLIENTS_PER_CLOCK_CHECK);
  sent = 0;
  conflated = 0;

  constructor(limits: SlowClientLimits, now: () => number, drop: (client: C) => void) {
    this.limits = limits;
    this.now = now;
    this.drop = drop;
  }

  /**
   * Sends `round` to `clients` (and what backed-up clients kept, once they drained): the first
   * slice now, the rest on later turns of the event loop.
   */
  push(round: PushRound, clients: Iterable<C>): void {
    // Clients still waiting get what they missed and the new round in one write. A client that
    // waits in the second leg already had the first leg's older frames; sending those again is
    // redundant but never older than what it holds, and keeps the legs at two.
    let missed: PushRound | undefined;
    const waiting: C[] = [];
    for (const leg of this.legs) {
      if (leg.next >= leg.clients.length) continue;
      missed = missed ? missed.followedBy(leg.round) : leg.round;
      for (let at = leg.next; at < leg.clients.length; at++) waiting.push(leg.clients[at]!);
    }
    if (!missed) this.legs = [{ round, clients: [...clients], next: 0 }];
    else {
      const behind = new Set(waiting);
      const rest: C[] = [];
      for (const client of clients) if (!behind.has(client)) rest.push(client);
      this.legs = [
        { round: missed.followedBy(round), clients: waiting, next: 0 },
        { round, clients: rest, next: 0 },
      ];
    }
    // A slice already scheduled carries on with the new legs; none scheduled, start one now.
    this.slices.start();
  }

  /** Sends everything still under way at once (on shutdown). */
  finish(): void {
    this.slices.finish();
  }

  /** A frame for one client (a user's own trade stream), kept newest per key while it is backed up. */
  deliver(client: C, key: string, frame: Frame): void {
    if (client.closing || client.socket.readyState !== client.socket.OPEN) return;
    if (client.pending.size > 0 || this.isBackedUp(client)) return this.keep(client, [[key, frame]]);
    writeFrames(client.socket, [frame.bytes], () => [frame]);
    this.sent += 1;
    this.checkBuffer(client);
  }

  /** Drops the client once its unsent bytes passed the bound; after any direct send too. */
  checkBuffer(client: C): void {
    if (!client.closing && client.socket.bufferedAmount > this.limits.maxBufferedBytes) this.drop(client);
  }

  /** Writes to the next client still waiting; false when every leg is through. */
  private writeNext(): boolean {
    for (const leg of this.legs)
      if (leg.next < leg.clients.length) {
        this.toClient(leg.clients[leg.next++]!, leg.round);
        return true;
      }
    this.legs = [];
    return false;
  }

  private toClient(client: C, round: PushRound): void {
    if (client.closing || client.socket.readyState !== client.socket.OPEN) return;
    let pushes: TopicPush[] | undefined;
    for (const topic of client.topics) {
      const push = round.topics.get(topic);
      if (push) (pushes ??= []).push(push);
    }
    if (client.pending.size === 0 && !this.isBackedUp(client)) {
      if (!pushes) return;
      writeFrames(
        client.socket,
        pushes.map((push) => push.bytes()),
        () => pushes.flatMap((push) => [...push.frames.values()]),
      );
      for (const push of pushes) this.sent += push.frames.size;
      return this.checkBuffer(client);
    }
    if (pushes)
      this.keep(
        client,
        pushes.flatMap((push) => [...push.frames]),
      );
    if (client.closing) return;
    if (this.isBackedUp(client)) return this.dropIfStuck(client);
    // Drained: what it kept goes out in one write, newest state only.
    const kept = [...client.pending.values()];
    client.pending.clear();
    client.backedUpSinceMs = undefined;
    writeFrames(client.socket, [joinFrames(kept)], () => kept);
    this.sent += kept.length;
    this.checkBuffer(client);
  }

  /** Keeps the newest frame per key for a backed-up client; drops one that stayed so too long. */
  private keep(client: C, frames: Iterable<[string, Frame]>): void {
    for (const [key, frame] of frames) {
      if (client.pending.has(key)) this.conflated += 1;
      client.pending.set(key, frame);
    }
    client.backedUpSinceMs ??= this.now();
    this.dropIfStuck(client);
  }

  private dropIfStuck(client: C): void {
    const since = client.backedUpSinceMs;
    if (since !== undefined && this.now() - since >= this.limits.maxBackedUpMs) this.drop(client);
    else this.checkBuffer(client);
  }

  private isBackedUp(client: C): boolean {
    return client.socket.bufferedAmount > this.limits.backlogBytes;
  }
}
