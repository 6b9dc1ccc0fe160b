/**
 * The load balancer of `npm run cluster` (scripts/cluster/balancer.mjs) in front of two tiny
 * backends standing for nodes: each answers /readyz as the test says, names itself on every other
 * path and on its socket. Probes run when the test calls pollNow(), never on a timer it waits for.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { startBalancer, type Balancer } from '../../../scripts/cluster/balancer.mjs';

interface Seen {
  backend: string;
  method: string;
  url: string;
  host: string | undefined;
  forwardedFor: string | undefined;
  forwardedProto: string | undefined;
}

interface TinyNode {
  name: string;
  port: number;
  ready: boolean;
  close(): Promise<void>;
}

async function tinyNode(name: string): Promise<TinyNode> {
  const node = { name, port: 0, ready: true, close: async () => {} };
  const server = http.createServer((request, response) => {
    if (request.url === '/readyz') {
      response.writeHead(node.ready ? 200 : 503, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ status: node.ready ? 'ready' : 'not_ready' }));
    }
    const seen: Seen = {
      backend: name,
      method: request.method ?? '',
      url: request.url ?? '',
      host: request.headers.host,
      forwardedFor: request.headers['x-forwarded-for'] as string | undefined,
      forwardedProto: request.headers['x-forwarded-proto'] as string | undefined,
    };
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(seen));
  });
  const sockets = new WebSocketServer({ server, path: '/v1/ws' });
  sockets.on('connection', (socket, request) => {
    socket.send(JSON.stringify({ backend: name, forwardedFor: request.headers['x-forwarded-for'] }));
    socket.on('message', (data) => socket.send(`echo ${String(data)}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  node.port = (server.address() as AddressInfo).port;
  node.close = async () => {
    for (const client of sockets.clients) client.terminate();
    sockets.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return node;
}

describe('the cluster load balancer', () => {
  let a: TinyNode;
  let b: TinyNode;
  let balancer: Balancer;
  const base = () => `http://127.0.0.1:${balancer.port}`;
  const get = async (path: string) => (await (await fetch(base() + path)).json()) as Seen;

  beforeAll(async () => {
    [a, b] = await Promise.all([tinyNode('a'), tinyNode('b')]);
    balancer = await startBalancer({
      backends: [a, b].map((node) => ({ name: node.name, host: '127.0.0.1', port: node.port })),
      // Long enough that no timer probe runs during a test: each test probes when it means to.
      pollIntervalMs: 60_000,
    });
  });
  afterAll(async () => {
    await balancer?.close();
    await Promise.all([a?.close(), b?.close()]);
  });

  it('sends requests to the ready nodes in turn, with the forwarding headers and the Host kept', async () => {
    a.ready = b.ready = true;
    await balancer.pollNow();
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await get(`/v1/api/forex/quotes?i=${i}`));
    const names = seen.map((s) => s.backend);
    expect(names.slice(0, 2).sort()).toEqual(['a', 'b']);
    expect(names.slice(2)).toEqual(names.slice(0, 2));
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: '/v1/api/forex/quotes?i=0',
      host: `127.0.0.1:${balancer.port}`,
      forwardedFor: '127.0.0.1',
      forwardedProto: 'http',
    });
  });

  it('appends the caller to an X-Forwarded-For a proxy before it set, and passes a body on', async () => {
    const response = await fetch(`${base()}/v1/api/forex/submit`, {
      method: 'POST',
      headers: { 'x-forwarded-for': '203.0.113.7', 'content-type': 'application/json' },
      body: JSON.stringify({ cont: '0.1' }),
    });
    const seen = (await response.json()) as Seen;
    expect(seen).toMatchObject({ method: 'POST', forwardedFor: '203.0.113.7, 127.0.0.1' });
  });

  it('skips a node whose /readyz does not answer 200, and takes it back once it does', async () => {
    b.ready = false;
    await balancer.pollNow();
    const names = [];
    for (let i = 0; i < 4; i++) names.push((await get('/api/x')).backend);
    expect(names).toEqual(['a', 'a', 'a', 'a']);

    b.ready = true;
    await balancer.pollNow();
    const again = new Set<string>();
    for (let i = 0; i < 2; i++) again.add((await get('/api/x')).backend);
    expect([...again].sort()).toEqual(['a', 'b']);
  });

  it('passes a WebSocket upgrade through, both ways, with X-Forwarded-For', async () => {
    a.ready = true;
    b.ready = false;
    await balancer.pollNow();
    const socket = new WebSocket(`ws://127.0.0.1:${balancer.port}/v1/ws`);
    const messages: string[] = [];
    const twoMessages = new Promise<void>((resolve, reject) => {
      socket.on('message', (data) => {
        messages.push(String(data));
        if (messages.length === 1) socket.send('ping');
        if (messages.length === 2) resolve();
      });
      socket.on('error', reject);
    });
    await twoMessages;
    socket.close();
    expect(JSON.parse(messages[0]!)).toEqual({ backend: 'a', forwardedFor: '127.0.0.1' });
    expect(messages[1]).toBe('echo ping');
  });

  it('answers 503 in the envelope, for requests and upgrades, when no node is ready', async () => {
    a.ready = b.ready = false;
    await balancer.pollNow();
    const response = await fetch(`${base()}/v1/api/forex/quotes`);
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as { code: number; msg: string; data: unknown };
    expect(body).toEqual({ code: 500, msg: expect.stringMatching(/No server is ready/), data: null });

    const status = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${balancer.port}/v1/ws`);
      socket.on('unexpected-response', (_request, reply) => resolve(reply.statusCode ?? 0));
      socket.on('open', () => reject(new Error('the upgrade should have been refused')));
      socket.on('error', () => undefined);
    });
    expect(status).toBe(503);
  });

  it('resends a GET to another node when one refuses the connection, and takes that node out', async () => {
    const c = await tinyNode('c');
    const pair = await startBalancer({
      backends: [a, c].map((node) => ({ name: node.name, host: '127.0.0.1', port: node.port })),
      pollIntervalMs: 60_000,
    });
    try {
      a.ready = c.ready = true;
      await pair.pollNow();
      expect(pair.backends.map((node) => node.ready)).toEqual([true, true]);
      await c.close(); // dies between two probes: its port now refuses connections
      const names = [];
      for (let i = 0; i < 4; i++) {
        const response = await fetch(`http://127.0.0.1:${pair.port}/api/x`);
        expect(response.status).toBe(200);
        names.push(((await response.json()) as Seen).backend);
      }
      expect(names).toEqual(['a', 'a', 'a', 'a']);
      expect(pair.backends.find((node) => node.name === 'c')?.ready).toBe(false);
    } finally {
      await pair.close();
    }
  });

  it('does not send a POST twice: a node that refused it answers 502 in the envelope', async () => {
    const d = await tinyNode('d');
    const single = await startBalancer({
      backends: [{ name: 'd', host: '127.0.0.1', port: d.port }],
      pollIntervalMs: 60_000,
    });
    try {
      await d.close();
      const response = await fetch(`http://127.0.0.1:${single.port}/v1/api/forex/submit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ code: 500, data: null });
      expect(single.backends[0]?.ready).toBe(false);
    } finally {
      await single.close();
    }
  });
});
