/**
 * A socket client for tests: records what it receives and can wait for a matching message. Every
 * JSON frame is checked against the protocol's union of server messages, so a test that sees a
 * message the web app would drop fails (`offContract` lists them; `expectOnContract` asserts).
 */
import WebSocket from 'ws';
import { expect } from 'vitest';
import { serverMessageSchema } from '@omp/protocol';

export type Message = Record<string, unknown> | string;

export class RecordingClient {
  readonly received: Message[] = [];
  /** JSON frames that are not a member of the protocol's server-message union, with the reason. */
  readonly offContract: Array<{ message: unknown; issue: string }> = [];
  private readonly socket: WebSocket;
  private waiters: Array<{ match: (m: Message) => boolean; resolve: (m: Message) => void }> = [];
  /** The close frame's code and reason, once the connection closed. */
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(url: string, options: WebSocket.ClientOptions = {}) {
    this.socket = new WebSocket(url, options);
    this.closed = new Promise((resolve) =>
      this.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    this.socket.on('message', (data) => {
      const text = data.toString();
      let message: Message = text;
      try {
        message = JSON.parse(text) as Record<string, unknown>;
        const parsed = serverMessageSchema.safeParse(message);
        if (!parsed.success) this.offContract.push({ message, issue: parsed.error.message });
      } catch {
        // Heartbeat frames are plain text.
      }
      this.received.push(message);
      this.waiters = this.waiters.filter((w) => (w.match(message) ? (w.resolve(message), false) : true));
    });
  }

  open() {
    return new Promise<void>((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
  }

  send(message: string | object) {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  waitFor(match: (m: Message) => boolean, timeoutMs = 3000): Promise<Message> {
    const found = this.received.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for a message')), timeoutMs);
      this.waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  }

  /** Every frame so far was one the protocol describes. */
  expectOnContract() {
    expect(this.offContract).toEqual([]);
  }

  close() {
    this.expectOnContract();
    this.socket.close();
  }
}
