/**
 * Runs in a worker thread: opens N socket clients, subscribes them, and records the delay from the
 * moment a tick was applied (read from a shared array indexed by the tick's sequence number, which
 * the driver encodes in the price) to the moment each client received it. With `pingMs` each client
 * pings as the apps do, so a run longer than the server's 15 s silence limit keeps its sockets; the
 * result carries every sample too, so a driver with several workers can merge their percentiles.
 */
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

interface Setup {
  url: string;
  clients: number;
  subscribe: string | null;
  sendTimes: SharedArrayBuffer;
  /** price points = base + sequence number */
  base: number;
  scale: number;
  pingMs?: number;
}

const setup = workerData as Setup;
const sendTimes = new Float64Array(setup.sendTimes);
const latencies: number[] = [];
let received = 0;
let recording = false;

function onMessage(text: string) {
  if (!recording || text === 'pong') return;
  let seq: number;
  if (text.startsWith('{')) {
    const message = JSON.parse(text) as { type?: string; quotation?: { Bid: number }; seq?: number };
    if (message.seq !== undefined) seq = message.seq;
    else if (message.quotation) seq = Math.round(message.quotation.Bid * setup.scale) - setup.base;
    else return;
  } else return;
  const sentAt = sendTimes[seq];
  if (!sentAt) return;
  received += 1;
  latencies.push(performance.timeOrigin + performance.now() - sentAt);
}

const sockets: WebSocket[] = [];
let opened = 0;
for (let i = 0; i < setup.clients; i++) {
  const socket = new WebSocket(setup.url);
  socket.on('open', () => {
    if (setup.subscribe) socket.send(JSON.stringify({ type: 'sub', params: setup.subscribe }));
    opened += 1;
    if (opened === setup.clients) parentPort?.postMessage({ type: 'ready' });
  });
  socket.on('message', (data) => onMessage(data.toString()));
  socket.on('error', () => undefined);
  sockets.push(socket);
}
const pinger = setup.pingMs
  ? setInterval(() => {
      for (const socket of sockets) if (socket.readyState === WebSocket.OPEN) socket.send('ping');
    }, setup.pingMs)
  : undefined;

parentPort?.on('message', (command: string) => {
  if (command === 'record') {
    recording = true;
    received = 0;
    latencies.length = 0;
  } else if (command === 'stop') {
    recording = false;
    clearInterval(pinger);
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
    });
    for (const socket of sockets) socket.terminate();
  }
});
