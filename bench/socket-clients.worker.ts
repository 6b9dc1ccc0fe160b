/**
 * Runs in a worker thread: opens N socket clients, subscribes them, and records the delay from the
 * moment a tick was applied (read from a shared array indexed by the tick's sequence number, which
 * the driver encodes in the price) to the moment each client received it. With `pingMs` each client
 * pings as the apps do, so a run longer than the server's 15 s silence limit keeps its sockets; the
 * result carries every sample too, so a driver with several workers can merge their percentiles.
 *
 * Options for phone-like load: `topics` gives each client its own subscriptions (the quote list
 * and one chart), `prices` the base and scale of each symbol's price, so quotes (`Bid`) and bars
 * (`Close`) of every instrument are timed; `measureEvery` times the pushes of every n-th client
 * only (the others count theirs); `stalled` clients stop reading (their TCP socket is paused) once
 * recording starts and are left out of the figures. A tick time that reaches this thread after its
 * push (the driver may live in another process) is matched when the run stops.
 *
 * The clients speak the WebSocket protocol themselves over plain TCP (RFC 6455: the handshake,
 * masked client frames, unmasked server frames) instead of through `ws`: ten thousand phones
 * receive millions of frames a second between them, and the bench must not be what is measured.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

interface PriceScale {
  /** price points = base + sequence number */
  base: number;
  scale: number;
}

interface Setup extends PriceScale {
  url: string;
  clients: number;
  subscribe: string | null;
  /** Per client, its topics (instead of `subscribe`); one starting with `{` is a message sent as it is. */
  topics?: string[][];
  /** Per symbol, how its price encodes the sequence (instead of `base` and `scale`). */
  prices?: Record<string, PriceScale>;
  measureEvery?: number;
  stalled?: number;
  sendTimes: SharedArrayBuffer;
  pingMs?: number;
}

const setup = workerData as Setup;
const sendTimes = new Float64Array(setup.sendTimes);
const latencies: number[] = [];
/** Pushes whose tick time had not arrived yet: sequence and arrival, matched at the end. */
const early: number[] = [];
let received = 0;
let retries = 0;
let recording = false;
let cpuAtRecord = 0;

/** The number after `name` in a push, read without parsing the whole message. */
function numberAfter(text: string, name: string): number | undefined {
  const at = text.indexOf(name);
  if (at < 0) return undefined;
  const from = at + name.length;
  let to = from;
  while (to < text.length && text[to] !== ',' && text[to] !== '}') to++;
  return Number(text.slice(from, to));
}

function sequenceOf(text: string): number | undefined {
  const seq = numberAfter(text, '"seq":');
  if (seq !== undefined) return seq;
  const price = text.startsWith('{"type":"KLINE"')
    ? numberAfter(text, '"Close":')
    : numberAfter(text, '"Bid":');
  if (price === undefined) return undefined;
  let scale: PriceScale = setup;
  if (setup.prices) {
    const at = text.indexOf('"symbol":"') + 10;
    const known = at >= 10 ? setup.prices[text.slice(at, text.indexOf('"', at))] : undefined;
    if (!known) return undefined;
    scale = known;
  }
  return Math.round(price * scale.scale) - scale.base;
}

function time(text: string, at: number) {
  const seq = sequenceOf(text);
  if (seq === undefined || !(seq > 0) || seq >= sendTimes.length) return;
  const sentAt = sendTimes[seq]!;
  if (sentAt) latencies.push(at - sentAt);
  else early.push(seq, at);
}

/** A masked client text frame (the zero mask leaves the payload as it is). */
function clientFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const header =
    payload.length < 126
      ? Buffer.from([0x81, 0x80 | payload.length, 0, 0, 0, 0])
      : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 0xff, 0, 0, 0, 0]);
  return Buffer.concat([header, payload]);
}
const PING = clientFrame('ping');
const OPCODE_TEXT = 1;
const OPCODE_CLOSE = 8;

/** One client: handshake, then the server's frames, timed when `measured`. */
function connect(url: URL, topics: string[], measured: boolean, onOpen: () => void): net.Socket {
  const socket = net.connect(Number(url.port), url.hostname);
  socket.setNoDelay(true);
  let buffer: Buffer | undefined;
  let open = false;
  socket.on('connect', () =>
    socket.write(
      `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\n` +
        `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
        'Sec-WebSocket-Version: 13\r\n\r\n',
    ),
  );
  socket.on('data', (chunk: Buffer) => {
    const at = performance.timeOrigin + performance.now();
    buffer = buffer ? Buffer.concat([buffer, chunk]) : chunk;
    if (!open) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      if (!buffer.subarray(0, 12).toString().includes('101')) return void socket.destroy();
      open = true;
      buffer = buffer.subarray(end + 4);
      // A topic is subscribed to; a whole message (a `login`) is sent as it is.
      for (const topic of topics)
        socket.write(
          clientFrame(topic.startsWith('{') ? topic : JSON.stringify({ type: 'sub', params: topic })),
        );
      onOpen();
    }
    let offset = 0;
    while (buffer.length - offset >= 2) {
      const opcode = buffer[offset]! & 0x0f;
      let length = buffer[offset + 1]! & 0x7f;
      let start = offset + 2;
      if (length === 126) {
        if (buffer.length - offset < 4) break;
        length = buffer.readUInt16BE(offset + 2);
        start += 2;
      } else if (length === 127) {
        if (buffer.length - offset < 10) break;
        length = Number(buffer.readBigUInt64BE(offset + 2));
        start += 8;
      }
      if (buffer.length < start + length) break;
      if (opcode === OPCODE_TEXT && recording && buffer[start] === 0x7b /* { */) {
        received += 1;
        if (measured) time(buffer.toString('latin1', start, start + length), at);
      } else if (opcode === OPCODE_CLOSE) socket.end();
      offset = start + length;
    }
    buffer = offset === buffer.length ? undefined : buffer.subarray(offset);
  });
  socket.on('error', () => undefined);
  setTimeout(() => open || socket.destroy(), 10_000).unref();
  // A connection refused or cut before its handshake (a full accept queue) is tried again.
  socket.on('close', () => {
    if (open) return;
    retries += 1;
    setTimeout(() => {
      const index = sockets.indexOf(socket);
      sockets[index] = connect(url, topics, measured, onOpen);
    }, 200);
  });
  return socket;
}

const threadCpuSeconds = () => {
  const usage = process.threadCpuUsage();
  return (usage.user + usage.system) / 1e6;
};

const url = new URL(setup.url);
const measureEvery = setup.measureEvery ?? 1;
const stalledCount = setup.stalled ?? 0;
const sockets: net.Socket[] = [];
/** Handshakes under way at once: thousands at one instant overflow the server's accept queue. */
const CONNECTING_AT_ONCE = 100;
let opened = 0;
const openNext = () => {
  const i = sockets.length;
  if (i >= setup.clients) return;
  const topics = setup.topics?.[i] ?? (setup.subscribe ? [setup.subscribe] : []);
  const stalled = i < stalledCount;
  const measured = !stalled && (i - stalledCount) % measureEvery === 0;
  sockets.push(
    connect(url, topics, measured, () => {
      opened += 1;
      if (opened === setup.clients) parentPort?.postMessage({ type: 'ready' });
      openNext();
    }),
  );
};
for (let i = 0; i < CONNECTING_AT_ONCE; i++) openNext();
/**
 * Each client pings once every `pingMs`, the clients spread over that interval as phones that
 * connected at different moments are, not all at one instant (a burst no real crowd sends).
 */
const PING_STEPS = 20;
let pingStep = 0;
const pinger = setup.pingMs
  ? setInterval(() => {
      const step = pingStep++ % PING_STEPS;
      for (let i = step; i < sockets.length; i += PING_STEPS)
        if (sockets[i]!.writable) sockets[i]!.write(PING);
    }, setup.pingMs / PING_STEPS)
  : undefined;

parentPort?.on('message', (command: string) => {
  if (command === 'record') {
    // The stalled clients stop reading first, so what they would have received is not counted.
    for (const socket of sockets.slice(0, stalledCount)) socket.pause();
    recording = true;
    received = 0;
    latencies.length = 0;
    early.length = 0;
    cpuAtRecord = threadCpuSeconds();
  } else if (command === 'stop') {
    recording = false;
    clearInterval(pinger);
    for (let i = 0; i < early.length; i += 2) {
      const sentAt = sendTimes[early[i]!];
      if (sentAt) latencies.push(early[i + 1]! - sentAt);
    }
    latencies.sort((a, b) => a - b);
    const pick = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
    const samples = Float64Array.from(latencies);
    parentPort?.postMessage({
      type: 'result',
      received,
      p50: pick(0.5),
      p90: pick(0.9),
      p99: pick(0.99),
      samples,
      readers: setup.clients - stalledCount,
      retries,
      cpuSeconds: threadCpuSeconds() - cpuAtRecord,
    });
    for (const socket of sockets) socket.destroy();
  }
});
