/**
 * Pushes built once as finished WebSocket frames, the same bytes written to every subscriber.
 *
 * `ws` frames each `send` anew: it converts the text to bytes and writes a header, per message
 * and per client. A flush that carries a dozen quotes to 10,000 phones would do that 120,000
 * times. Here a message becomes one server-to-client text frame (unmasked, RFC 6455 5.2) once, the
 * frames of one topic are joined once, and each client gets one write per flush of everything its
 * topics carry.
 *
 * The write goes to the connection's TCP stream under `ws`, which is safe only while `ws` itself
 * queues nothing of its own: no compression was negotiated (the server offers none) and no frame
 * of its own is half written (it writes synchronously then). Otherwise, and for sockets that are
 * not `ws` connections (tests' fakes), each message goes through `send` as text.
 */
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/** A message ready to go: its text (for the fallback) and its finished frame. */
export interface Frame {
  text: string;
  bytes: Buffer;
}

const FIN_TEXT = 0x81;

/** The unmasked text frame of `text`. */
export function textFrame(text: string): Frame {
  const payload = Buffer.from(text, 'utf8');
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const bytes = Buffer.allocUnsafe(headerLength + length);
  bytes[0] = FIN_TEXT;
  if (length < 126) bytes[1] = length;
  else if (length < 65_536) {
    bytes[1] = 126;
    bytes.writeUInt16BE(length, 2);
  } else {
    bytes[1] = 127;
    bytes.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(bytes, headerLength);
  return { text, bytes };
}

/** Frames joined into one buffer, so a client gets them with one write. */
export function joinFrames(frames: readonly Frame[]): Buffer {
  return frames.length === 1 ? frames[0]!.bytes : Buffer.concat(frames.map((frame) => frame.bytes));
}

/** What `ws` keeps of a connection and that a raw write must respect. */
interface WsInternals {
  _socket?: Duplex;
  _sender?: { _queue?: unknown[]; _state?: number };
  extensions?: string;
}

/**
 * The network stream under a socket (`ws` keeps it as `_socket`); undefined for a stand-in socket
 * of a test. Corking it gathers the frames written meanwhile into one write.
 */
function networkStreamOf(socket: WebSocket): Pick<Duplex, 'cork' | 'uncork'> | undefined {
  const stream = (socket as unknown as WsInternals)._socket;
  return typeof stream?.cork === 'function' && typeof stream.uncork === 'function' ? stream : undefined;
}

/**
 * Runs `write` with the sockets' network streams corked, so what it writes to each leaves in one
 * write; uncorked whatever happens (a stream left corked would never send again).
 */
export function inOneWrite(sockets: Iterable<WebSocket>, write: () => void): void {
  const streams: Pick<Duplex, 'cork' | 'uncork'>[] = [];
  for (const socket of sockets) {
    const stream = networkStreamOf(socket);
    if (stream) streams.push(stream);
  }
  for (const stream of streams) stream.cork();
  try {
    write();
  } finally {
    for (const stream of streams) stream.uncork();
  }
}

/** The connection's TCP stream when a raw write is safe now, else undefined. */
function rawStream(socket: WebSocket): Duplex | undefined {
  const internals = socket as unknown as WsInternals;
  const stream = internals._socket;
  if (!stream || typeof stream.write !== 'function' || internals.extensions) return undefined;
  const sender = internals._sender;
  if (sender && ((sender._queue?.length ?? 0) > 0 || (sender._state ?? 0) !== 0)) return undefined;
  return stream;
}

/**
 * Writes `batches` (joined frames) to an open socket in one go; `fallback` lists the same messages
 * for a socket that cannot take raw bytes now.
 */
export function writeFrames(
  socket: WebSocket,
  batches: readonly Buffer[],
  fallback: () => Iterable<Frame>,
): void {
  const stream = rawStream(socket);
  if (!stream) {
    for (const frame of fallback()) socket.send(frame.text);
    return;
  }
  if (batches.length === 1) {
    stream.write(batches[0]!);
    return;
  }
  stream.cork();
  for (const batch of batches) stream.write(batch);
  stream.uncork();
}
