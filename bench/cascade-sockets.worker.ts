/**
 * Runs in a worker thread for the stop-cascade bench: one socket per position owner, signed in with
 * the owner's token and subscribed to FOREX_TRADE and FOREX_CLOSED as the phone app is. Each client
 * writes the wall-clock time its last FOREX_CLOSED arrived into a shared array (slot = client index)
 * and counts arrivals, so the driver reads "the last close received" of a cascade without a message
 * round trip through this thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

interface Setup {
  url: string;
  tokens: string[];
  /** Float64 per client: wall time of its latest FOREX_CLOSED; slot `tokens.length` is unused. */
  closedAt: SharedArrayBuffer;
  /** Int32[0]: FOREX_CLOSED messages received since the driver last zeroed it. */
  received: SharedArrayBuffer;
}

const setup = workerData as Setup;
const closedAt = new Float64Array(setup.closedAt);
const received = new Int32Array(setup.received);
const wallNow = () => performance.timeOrigin + performance.now();

const sockets: WebSocket[] = [];
let ready = 0;
setup.tokens.forEach((token, index) => {
  const socket = new WebSocket(setup.url);
  socket.on('open', () => socket.send(JSON.stringify({ type: 'login', params: token })));
  socket.on('message', (data) => {
    const text = data.toString();
    if (text === 'pong') return;
    // Only the type is read first: FOREX_TRADE pushes are frequent and not what is measured.
    if (text.includes('"FOREX_CLOSED"')) {
      closedAt[index] = wallNow();
      Atomics.add(received, 0, 1);
      return;
    }
    if (!text.includes('"login_result"')) return;
    const login = JSON.parse(text) as { code: number; msg?: string };
    if (login.code !== 1) throw new Error(`socket login refused: ${login.msg}`);
    socket.send(JSON.stringify({ type: 'sub', params: 'FOREX_TRADE' }));
    socket.send(JSON.stringify({ type: 'sub', params: 'FOREX_CLOSED' }));
    ready += 1;
    if (ready === setup.tokens.length) parentPort?.postMessage({ type: 'ready' });
  });
  socket.on('error', () => undefined);
  sockets.push(socket);
});
/**
 * The server drops a socket silent for 15 s: each socket pings every 5 s as the apps do, the sockets
 * spread over those 5 s as phones that connected at different moments are. All at one instant, a
 * thousand pongs (a burst no real crowd sends) landed inside some cascades and were measured as
 * part of them.
 */
const PING_MS = 5000;
const PING_STEPS = 50;
let pingStep = 0;
const pinger = setInterval(() => {
  const step = pingStep++ % PING_STEPS;
  for (let i = step; i < sockets.length; i += PING_STEPS)
    if (sockets[i]!.readyState === WebSocket.OPEN) sockets[i]!.send('ping');
}, PING_MS / PING_STEPS);

parentPort?.on('message', (command: string) => {
  if (command !== 'stop') return;
  clearInterval(pinger);
  for (const socket of sockets) socket.terminate();
  parentPort?.postMessage({ type: 'stopped' });
});
