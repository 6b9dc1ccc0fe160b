/** A WebSocket stand-in the socket client's tests drive by hand, and a client built on it. */
import { SocketClient, type SocketLike } from './socket.ts';

export class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  readonly url: string;

  constructor(url: string) {
    this.url = url;
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  drop(code?: number) {
    this.readyState = 3;
    this.onclose?.(code === undefined ? {} : { code });
  }
  json(): unknown[] {
    return this.sent.filter((s) => s !== 'ping').map((s) => JSON.parse(s) as unknown);
  }
}

export const latest = () => FakeSocket.all[FakeSocket.all.length - 1]!;

/** A client on fake sockets; `random` fixes the backoff's jitter. */
export function client(random = 0.5) {
  return new SocketClient({
    url: 'ws://test/v1/ws',
    createSocket: (url) => new FakeSocket(url),
    random: () => random,
  });
}
