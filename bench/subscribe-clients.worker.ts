/**
 * Runs in a worker thread for the subscription bench: opens N socket clients (no sign-in, as the
 * quote list needs none), then on each command has every client subscribe to (or leave) one topic
 * and reports once each client has received the frames it expects: the answer and the snapshot.
 */
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

interface Setup {
  url: string;
  clients: number;
}
type Command = { type: 'sub' | 'unsub'; topic: string; framesPerClient: number } | { type: 'stop' };

const setup = workerData as Setup;
const sockets: WebSocket[] = [];
const counts = new Int32Array(setup.clients);
let expected = 0;
let reached = 0;
let opened = 0;

for (let index = 0; index < setup.clients; index++) {
  const socket = new WebSocket(setup.url);
  socket.on('open', () => {
    opened += 1;
    if (opened === setup.clients) parentPort!.postMessage({ type: 'ready' });
  });
  socket.on('message', (data) => {
    if (data.toString() === 'pong') return;
    counts[index]! += 1;
    if (counts[index] !== expected) return;
    reached += 1;
    if (reached === setup.clients) parentPort!.postMessage({ type: 'done' });
  });
  socket.on('error', (error) => parentPort!.postMessage({ type: 'error', message: String(error) }));
  sockets.push(socket);
}

parentPort!.on('message', (command: Command) => {
  if (command.type === 'stop') {
    for (const socket of sockets) socket.terminate();
    return;
  }
  counts.fill(0);
  reached = 0;
  expected = command.framesPerClient;
  const message = JSON.stringify({ type: command.type, params: command.topic });
  for (const socket of sockets) socket.send(message);
});
