/**
 * A lean HTTP/1.1 client for the load generator: one keep-alive socket per connection, each with
 * one request in flight, and of each answer only what a bench reads: the status line, the headers
 * and the body's bytes (Content-Length or chunked), never parsed. node:http's client builds an
 * IncomingMessage, a readable stream and its events per answer, which costs more than a cached
 * answer costs the server: measured through it, the generator, not the server, is the limit.
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import net from 'node:net';
import type { RawAnswer } from './http-load.ts';

const HEAD_END = Buffer.from('\r\n\r\n');
/**
 * Every socket of this thread reads into this one buffer (net's `onread`), whose bytes are valid
 * only until the next read: a body is copied out once, into a buffer of its own length, and no
 * 64 KB buffer is allocated per read to be collected again.
 */
const READ_BUFFER = Buffer.allocUnsafe(256 * 1024);

interface Pending {
  request: string | Buffer;
  /** No body follows the headers of the answer to a HEAD request. */
  head: boolean;
  resolve: (answer: RawAnswer) => void;
  reject: (error: Error) => void;
}

/** What is known of the answer being read on one socket. */
interface Reading {
  status: number;
  headers: IncomingHttpHeaders;
  /** Bytes of body still to come (Content-Length), or -1 while reading chunks. */
  remaining: number;
  /** The body, of its Content-Length, filled as it comes. */
  body: Buffer;
  filled: number;
  /** A chunked body's chunks, copied out of the read buffer. */
  chunks: Buffer[];
  /** Closes the socket after this answer (`connection: close`). */
  close: boolean;
}

/** Parses `HTTP/1.1 200 OK\r\nname: value\r\n...` (the blank line excluded). */
function parseHead(text: string): { status: number; headers: IncomingHttpHeaders } {
  const lines = text.split('\r\n');
  const status = Number(lines[0]!.slice(9, 12));
  const headers: Record<string, string> = {};
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return { status, headers };
}

/** One keep-alive connection: requests go one at a time, the next when the answer is complete. */
class LeanConnection {
  private socket: net.Socket | undefined;
  private buffered: Buffer = Buffer.alloc(0);
  private current: Pending | undefined;
  private reading: Reading | undefined;

  private readonly port: number;
  private readonly idle: (connection: LeanConnection) => void;

  /** With reuseBodies: the buffer the previous body was read into, reused when large enough. */
  private spare: Buffer | undefined;
  private readonly reuseBodies: boolean;

  constructor(port: number, idle: (connection: LeanConnection) => void, reuseBodies: boolean) {
    this.port = port;
    this.idle = idle;
    this.reuseBodies = reuseBodies;
  }

  private bodyBuffer(length: number): Buffer {
    if (!this.reuseBodies) return Buffer.allocUnsafe(length);
    if (!this.spare || this.spare.length < length) this.spare = Buffer.allocUnsafe(length);
    return this.spare.subarray(0, length);
  }

  get busy(): boolean {
    return this.current !== undefined;
  }

  send(pending: Pending): void {
    this.current = pending;
    if (!this.socket || this.socket.destroyed) this.open();
    this.socket!.write(pending.request);
  }

  destroy(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }

  private open(): void {
    const socket = net.connect({
      host: '127.0.0.1',
      port: this.port,
      noDelay: true,
      onread: {
        buffer: READ_BUFFER,
        // The bytes are READ_BUFFER's; true keeps the socket reading.
        callback: (read) => {
          this.onData(READ_BUFFER.subarray(0, read));
          return true;
        },
      },
    });
    this.socket = socket;
    this.buffered = Buffer.alloc(0);
    this.reading = undefined;
    // A socket this side closed (or replaced) fails nothing: its answer was complete.
    const fail = (error: Error) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.finish(error);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('the server closed the connection')));
  }

  /** `chunk` is a view of READ_BUFFER: what is kept of it past this call is copied. */
  private onData(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    while (this.current && this.buffered.length > 0) if (!this.step()) break;
    if (this.buffered.buffer === READ_BUFFER.buffer) this.buffered = Buffer.from(this.buffered);
  }

  /** Consumes what it can of the buffered bytes; false when more bytes are needed. */
  private step(): boolean {
    if (!this.reading) {
      const end = this.buffered.indexOf(HEAD_END);
      if (end === -1) return false;
      const { status, headers } = parseHead(this.buffered.toString('latin1', 0, end));
      this.buffered = this.buffered.subarray(end + HEAD_END.length);
      const noBody =
        this.current!.head || status === 204 || status === 304 || (status >= 100 && status < 200);
      const chunked = !noBody && /chunked/iu.test(String(headers['transfer-encoding'] ?? ''));
      const length = noBody || chunked ? 0 : Number(headers['content-length'] ?? 0);
      const close = /close/iu.test(String(headers.connection ?? ''));
      const body = this.bodyBuffer(length);
      this.reading = {
        status,
        headers,
        remaining: chunked ? -1 : length,
        body,
        filled: 0,
        chunks: [],
        close,
      };
    }
    const reading = this.reading;
    if (reading.remaining > 0) {
      const take = Math.min(reading.remaining, this.buffered.length);
      this.buffered.copy(reading.body, reading.filled, 0, take);
      reading.filled += take;
      this.buffered = this.buffered.subarray(take);
      reading.remaining -= take;
      if (reading.remaining > 0) return false;
    } else if (reading.remaining === -1 && !this.stepChunk(reading)) return false;
    if (reading.remaining !== 0) return true;
    this.reading = undefined;
    const body = reading.chunks.length === 0 ? reading.body : Buffer.concat(reading.chunks);
    if (reading.close) this.destroy();
    this.finish(undefined, { status: reading.status, headers: reading.headers, body });
    return true;
  }

  /** One chunk of a chunked body (RFC 9112 7.1); remaining becomes 0 after the last. */
  private stepChunk(reading: Reading): boolean {
    const lineEnd = this.buffered.indexOf('\r\n');
    if (lineEnd === -1) return false;
    const size = Number.parseInt(this.buffered.toString('latin1', 0, lineEnd), 16);
    if (size === 0) {
      // The last chunk, no trailers expected: "0\r\n\r\n".
      const end = this.buffered.indexOf(HEAD_END, lineEnd);
      if (end === -1) return false;
      this.buffered = this.buffered.subarray(end + HEAD_END.length);
      reading.remaining = 0;
      return true;
    }
    const start = lineEnd + 2;
    if (this.buffered.length < start + size + 2) return false;
    reading.chunks.push(Buffer.from(this.buffered.subarray(start, start + size)));
    this.buffered = this.buffered.subarray(start + size + 2);
    return true;
  }

  private finish(error: Error | undefined, answer?: RawAnswer): void {
    const pending = this.current;
    this.current = undefined;
    this.reading = undefined;
    if (!pending) return;
    if (error) pending.reject(error);
    else pending.resolve(answer!);
    this.idle(this);
  }
}

export interface LeanOptions {
  /**
   * Reads each connection's bodies into one buffer, reused: a body is valid only until the next
   * answer on its connection, for callers that check it as soon as it comes. Copying 80 KB into
   * fresh memory on every answer cost this generator a third of its time.
   */
  reuseBodies?: boolean;
}

/** Requests over at most `connections` keep-alive sockets, queued when all are busy. */
export function leanRaw(
  port: number,
  connections: number,
  options: LeanOptions = {},
): {
  raw: (method: string, target: string, headers?: OutgoingHttpHeaders, body?: string) => Promise<RawAnswer>;
  close: () => void;
} {
  const free: LeanConnection[] = [];
  const all: LeanConnection[] = [];
  const waiting: Pending[] = [];
  const idle = (connection: LeanConnection) => {
    const next = waiting.shift();
    if (next) connection.send(next);
    else free.push(connection);
  };
  const raw = (method: string, target: string, headers: OutgoingHttpHeaders = {}, body?: string) =>
    new Promise<RawAnswer>((resolve, reject) => {
      let head = `${method} ${target} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n`;
      for (const [name, value] of Object.entries(headers))
        if (value !== undefined) head += `${name}: ${Array.isArray(value) ? value.join(', ') : value}\r\n`;
      const bytes = body === undefined ? undefined : Buffer.from(body, 'utf8');
      if (bytes) head += `content-length: ${bytes.length}\r\n`;
      head += '\r\n';
      const request = bytes ? Buffer.concat([Buffer.from(head, 'latin1'), bytes]) : head;
      const pending: Pending = { request, head: method === 'HEAD', resolve, reject };
      let connection = free.pop();
      if (!connection && all.length < connections) {
        connection = new LeanConnection(port, idle, options.reuseBodies ?? false);
        all.push(connection);
      }
      if (connection) connection.send(pending);
      else waiting.push(pending);
    });
  const close = () => {
    for (const connection of all) connection.destroy();
    for (const pending of waiting.splice(0)) pending.reject(new Error('the client was closed'));
  };
  return { raw, close };
}
