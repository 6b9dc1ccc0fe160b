// The load balancer of `npm run cluster`: HTTP and the WebSocket upgrade, round-robin over the
// nodes whose GET /readyz answers 200. It exists so that a cluster runs on one machine with nothing
// else installed; in production nginx (deploy/nginx.conf) or the platform's balancer takes its
// place (docs/deploy.md).
//
// - Every node is probed every `pollIntervalMs`; only a 200 makes it ready, so a draining node
//   (SIGTERM: /readyz 503) stops getting new requests before it closes.
// - A node that refuses a connection is taken out at once, until its next probe answers 200; a GET
//   or HEAD without a body that could not reach a node (refused, or reset before any answer) is sent
//   to the next ready node. Other methods are never sent twice: the caller retries with its
//   Idempotency-Key.
// - Requests carry X-Forwarded-For (the caller's address appended), X-Forwarded-Proto and
//   X-Forwarded-Host; the Host header is passed unchanged, so a socket's Origin check sees the host
//   the browser used.
// - With no node ready the answer is HTTP 503 in the API's envelope, `{code, msg, data: null}`.
import http from 'node:http';
import net from 'node:net';

/** Headers of one connection only (RFC 9110 7.6.1), never passed on by a proxy. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** The headers this balancer sets itself; a caller's own values are replaced (X-Forwarded-For: appended). */
const FORWARDING = new Set(['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host']);

/** The envelope's code for "the server failed; nothing was changed" (docs/CONTRACT.md "Envelope"). */
const CODE_SERVER_FAILED = 500;
const NO_NODE_READY = 'No server is ready to answer. Nothing was done; please try again in a few seconds.';
const NODE_FAILED = 'The server stopped answering before it replied; please try again.';

/**
 * @param {object} options
 * @param {{ name: string, host: string, port: number }[]} options.backends
 * @param {number} [options.port] where to listen; 0 (the default) takes a free port
 * @param {string} [options.host] default 127.0.0.1
 * @param {number} [options.pollIntervalMs] default 1000
 * @param {number} [options.probeTimeoutMs] default 2000
 * @param {string} [options.readyPath] default /readyz
 * @param {(backend: { name: string, host: string, port: number, ready: boolean }, reason: string) => void} [options.onChange]
 */
export async function startBalancer(options) {
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const probeTimeoutMs = options.probeTimeoutMs ?? 2000;
  const readyPath = options.readyPath ?? '/readyz';
  const onChange = options.onChange ?? (() => {});
  const backends = options.backends.map((b) => ({ name: b.name, host: b.host, port: b.port, ready: false }));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  /** Upgraded connections (sockets), both ends, closed with the balancer. */
  const tunnels = new Set();
  let turn = 0;
  let closed = false;

  function setReady(backend, ready, reason) {
    if (backend.ready === ready) return;
    backend.ready = ready;
    onChange(backend, reason);
  }

  /** The ready nodes, starting with the next one in turn. */
  function inTurn() {
    const ready = backends.filter((b) => b.ready);
    if (ready.length === 0) return [];
    const start = turn++ % ready.length;
    return [...ready.slice(start), ...ready.slice(0, start)];
  }

  function probe(backend) {
    return new Promise((resolve) => {
      const request = http.get(
        { host: backend.host, port: backend.port, path: readyPath, agent: false, timeout: probeTimeoutMs },
        (response) => {
          response.resume();
          resolve([response.statusCode === 200, `${readyPath} answered ${response.statusCode}`]);
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer within ${probeTimeoutMs} ms`)));
      request.on('error', (error) => resolve([false, error.code ?? error.message]));
    });
  }

  let polling;
  /** Probes every node once; resolves when all answered (tests call it instead of waiting). */
  function pollNow() {
    polling ??= Promise.all(
      backends.map(async (backend) => {
        const [ready, reason] = await probe(backend);
        if (!closed) setReady(backend, ready, reason);
      }),
    )
      .then(() => undefined)
      .finally(() => (polling = undefined));
    return polling;
  }

  function forwardedHeaders(request) {
    const headers = {};
    const listed = new Set(
      String(request.headers.connection ?? '')
        .split(',')
        .map((name) => name.trim().toLowerCase()),
    );
    for (let i = 0; i < request.rawHeaders.length; i += 2) {
      const name = request.rawHeaders[i];
      const lower = name.toLowerCase();
      if (HOP_BY_HOP.has(lower) || listed.has(lower) || FORWARDING.has(lower)) continue;
      const value = request.rawHeaders[i + 1];
      headers[name] = headers[name] === undefined ? value : [headers[name], value].flat();
    }
    const previous = request.headers['x-forwarded-for'];
    const caller = request.socket.remoteAddress ?? '';
    headers['X-Forwarded-For'] = previous ? `${previous}, ${caller}` : caller;
    headers['X-Forwarded-Proto'] = 'http';
    if (request.headers.host) headers['X-Forwarded-Host'] = request.headers.host;
    return headers;
  }

  function answerEnvelope(response, status, msg) {
    const body = JSON.stringify({ code: CODE_SERVER_FAILED, msg, data: null });
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      ...(status === 503 ? { 'retry-after': '1' } : {}),
    });
    response.end(body);
  }

  /** The node could not be reached at all (nothing was sent to it), so another may be tried. */
  const unreachable = (error) => error.code === 'ECONNREFUSED' || error.code === 'EHOSTUNREACH';

  function handleRequest(request, response) {
    const candidates = inTurn();
    if (candidates.length === 0) return answerEnvelope(response, 503, NO_NODE_READY);
    const hasBody =
      request.headers['transfer-encoding'] !== undefined ||
      Number(request.headers['content-length'] ?? 0) > 0;
    const retriable = (request.method === 'GET' || request.method === 'HEAD') && !hasBody;
    const headers = forwardedHeaders(request);
    let upstream;
    let gone = false;

    const attempt = (index) => {
      const backend = candidates[index];
      let answered = false;
      upstream = http.request({
        host: backend.host,
        port: backend.port,
        method: request.method,
        path: request.url,
        headers,
        agent,
      });
      upstream.on('response', (reply) => {
        answered = true;
        const replyHeaders = [];
        for (let i = 0; i < reply.rawHeaders.length; i += 2)
          if (!HOP_BY_HOP.has(reply.rawHeaders[i].toLowerCase()))
            replyHeaders.push(reply.rawHeaders[i], reply.rawHeaders[i + 1]);
        response.writeHead(reply.statusCode ?? 502, reply.statusMessage, replyHeaders);
        reply.pipe(response);
        reply.on('error', () => response.destroy());
      });
      upstream.on('error', (error) => {
        if (unreachable(error)) setReady(backend, false, error.code);
        if (gone) return;
        // A GET that never got an answer (refused, or the node died holding it) is safe to resend.
        if (!answered && retriable && !response.headersSent && index + 1 < candidates.length)
          return attempt(index + 1);
        if (!response.headersSent) answerEnvelope(response, 502, NODE_FAILED);
        else response.destroy();
      });
      if (retriable) upstream.end();
      else request.pipe(upstream);
    };
    if (retriable) request.resume();
    // The caller went away: so does the request to the node.
    response.on('close', () => {
      if (response.writableFinished) return;
      gone = true;
      upstream?.destroy();
    });
    attempt(0);
  }

  /** Writes a refused upgrade as a plain HTTP answer and closes the connection. */
  function refuseUpgrade(socket, status, msg) {
    const body = JSON.stringify({ code: CODE_SERVER_FAILED, msg, data: null });
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }

  function handleUpgrade(request, socket, head) {
    socket.on('error', () => socket.destroy());
    const candidates = inTurn();
    if (candidates.length === 0) return refuseUpgrade(socket, 503, NO_NODE_READY);
    // The request is passed on as it came (Connection and Upgrade included: the node answers the
    // handshake itself), with the forwarding headers replaced.
    let requestHead = `${request.method} ${request.url} HTTP/${request.httpVersion}\r\n`;
    for (let i = 0; i < request.rawHeaders.length; i += 2)
      if (!FORWARDING.has(request.rawHeaders[i].toLowerCase()))
        requestHead += `${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}\r\n`;
    const forwarded = forwardedHeaders(request);
    for (const name of ['X-Forwarded-For', 'X-Forwarded-Proto', 'X-Forwarded-Host'])
      if (forwarded[name] !== undefined) requestHead += `${name}: ${forwarded[name]}\r\n`;
    requestHead += '\r\n';

    const attempt = (index) => {
      const backend = candidates[index];
      const upstream = net.connect(backend.port, backend.host);
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        tunnels.add(socket).add(upstream);
        socket.setNoDelay(true);
        upstream.setNoDelay(true);
        upstream.write(requestHead);
        if (head.length > 0) upstream.write(head);
        socket.pipe(upstream).pipe(socket);
      });
      upstream.on('error', (error) => {
        if (connected) return socket.destroy();
        if (unreachable(error)) setReady(backend, false, error.code);
        if (index + 1 < candidates.length) return attempt(index + 1);
        refuseUpgrade(socket, 502, NODE_FAILED);
      });
      const forget = () => {
        tunnels.delete(socket);
        tunnels.delete(upstream);
        socket.destroy();
        upstream.destroy();
      };
      upstream.on('close', () => connected && forget());
      socket.on('close', () => connected && forget());
    };
    attempt(0);
  }

  const server = http.createServer(handleRequest);
  server.on('upgrade', handleUpgrade);
  server.on('clientError', (_error, socket) => socket.destroy());
  await pollNow();
  const timer = setInterval(() => void pollNow(), pollIntervalMs);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    server,
    port: /** @type {import('node:net').AddressInfo} */ (server.address()).port,
    backends,
    pollNow,
    /** Stops probing and listening and drops every connection still open. */
    async close() {
      closed = true;
      clearInterval(timer);
      const stopped = new Promise((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      for (const socket of tunnels) socket.destroy();
      agent.destroy();
      await stopped;
    },
  };
}
