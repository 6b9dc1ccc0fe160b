/**
 * The operator's endpoints on a real server: /healthz is alive whatever the database does, /readyz
 * names what keeps the node from taking traffic, /metrics counts what happened by the right
 * amounts and is readable only by whom it should be, and every request's id is echoed and logged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { accountClient } from './helpers/account-helpers.ts';
import { RecordingClient } from './helpers/recording-client.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

/** One sample of the Prometheus text, by metric name and exact labels; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',').filter(Boolean).sort().join(',');
    if (have === wanted) return Number(match[3]);
  }
  return 0;
}

describe.each(databaseEngines())('operator endpoints on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  const logLines: Array<Record<string, unknown>> = [];
  const rawLogLines: string[] = [];

  beforeAll(async () => {
    rt = await startTestRuntime({
      engine,
      env: { LOG_LEVEL: 'info' },
      logStream: {
        write: (line) => {
          rawLogLines.push(line);
          logLines.push(JSON.parse(line) as Record<string, unknown>);
        },
      },
    });
    t = tradingClient(rt);
    t.tick('EURUSD', '1.10000', '1.10012');
  });
  afterAll(() => rt.dispose());

  const metrics = async () => {
    const res = await rt.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('says alive at /healthz, outside the envelope', async () => {
    const res = await rt.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'alive', uptimeSeconds: expect.any(Number) });
  });

  it('is ready when the database answers and the book is owned', async () => {
    const res = await rt.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: { ok: true }, book: { ok: true } } });
  });

  it('counts orders, closes, refusals, triggers, ticks and requests by the right amounts', async () => {
    const before = await metrics();
    const { token } = await t.demoUser();
    const eurusd = t.spec('EURUSD').id;
    const buy = { type: 1, cont: '0.1', forex_id: eurusd, status: 1 };
    const first = await t.submit(token, { ...buy, stop_loss_price: '1.09500' });
    const second = await t.submit(token, buy);
    const limit = await t.submit(token, { ...buy, status: 0, target_price: '1.09900' });
    expect([first.code, second.code, limit.code]).toEqual([1, 1, 1]);
    expect((await t.close(token, second.data.Id)).code).toBe(1);
    // A refusal: the order is no longer open.
    expect((await t.close(token, second.data.Id)).code).not.toBe(1);
    // One tick fills the limit, the next one takes the stop loss of the first order.
    rt.clock.advance(1000);
    t.tick('EURUSD', '1.09880', '1.09892');
    rt.clock.advance(1000);
    t.tick('EURUSD', '1.09480', '1.09492');
    await rt.trading.idle();
    await new Promise((resolve) => setImmediate(resolve));

    const after = await metrics();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(moved('omp_order_commands_total', { action: 'place', outcome: 'accepted' })).toBe(3);
    expect(moved('omp_order_commands_total', { action: 'close', outcome: 'accepted' })).toBe(1);
    expect(moved('omp_order_commands_total', { action: 'close', outcome: 'refused' })).toBe(1);
    expect(moved('omp_triggers_fired_total', { kind: 'pending_fill' })).toBe(1);
    expect(moved('omp_triggers_fired_total', { kind: 'stop_loss' })).toBe(1);
    expect(moved('omp_triggers_fired_total', { kind: 'take_profit' })).toBe(0);
    expect(moved('omp_ticks_total')).toBe(2);
    expect(sample(after, 'omp_last_tick_timestamp_seconds')).toBe(rt.clock.now() / 1000);
    // By route pattern and status, with the latency histogram beside the count.
    const submitted = { method: 'POST', route: '/v1/api/forex/submit', status: '200' };
    expect(moved('omp_http_requests_total', submitted)).toBe(3);
    expect(moved('omp_http_request_duration_seconds_count', submitted)).toBe(3);
    expect(moved('omp_http_request_duration_seconds_bucket', { ...submitted, le: '+Inf' })).toBe(3);
    // Node's own figures, event-loop delay among them, and the book this node owns.
    expect(after).toContain('nodejs_eventloop_lag_seconds');
    expect(after).toContain('process_cpu_seconds_total');
    expect(sample(after, 'omp_book_owned', { shard: 'all' })).toBe(1);
    if (engine === 'postgres')
      expect(sample(after, 'omp_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    else expect(after).not.toContain('omp_db_pool_connections{');
  });

  it('counts requests no route matched under one label, never by their URL', async () => {
    // Letters no figure of the metrics text can contain by chance (a CPU time could hold digits).
    await rt.app.inject({ method: 'GET', url: '/no-such-page-qzxvw' });
    const text = await metrics();
    expect(
      sample(text, 'omp_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }),
    ).toBeGreaterThan(0);
    expect(text).not.toContain('no-such-page');
    expect(text).not.toContain('qzxvw');
  });

  it('echoes a sane x-request-id and logs every line of the request with it', async () => {
    const res = await rt.app.inject({
      method: 'GET',
      url: '/v1/api/forex/getCategories',
      headers: { 'x-request-id': 'lb-7f3a.42' },
    });
    expect(res.headers['x-request-id']).toBe('lb-7f3a.42');
    const lines = logLines.filter((line) => line.requestId === 'lb-7f3a.42');
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it("puts the request's id on what a service logs on its behalf", async () => {
    const client = accountClient(rt);
    const res = await rt.app.inject({
      method: 'POST',
      url: '/api/notify/send_email',
      headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'en', 'x-request-id': 'mail-7' },
      payload: new URLSearchParams({
        to: 'ops@example.com',
        type: '1',
        ...(await client.solvedCaptcha()),
      }).toString(),
    });
    expect(res.json()).toMatchObject({ code: 1 });
    const outboxLines = logLines.filter((line) =>
      String(line.msg).startsWith('outbox (email) to ops@example.com'),
    );
    expect(outboxLines).toHaveLength(1);
    expect(outboxLines[0]!.requestId).toBe('mail-7');
    // Once, not twice: lines of the request's own logger keep their one binding.
    const mentions = (line: string) => line.split('"requestId"').length - 1;
    expect(rawLogLines.filter((line) => line.includes('"mail-7"')).map(mentions)).toEqual([1, 1, 1]);
  });

  it('replaces an id that could forge a log line, and makes one up when none came', async () => {
    const forged = await rt.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'a b\n{"level":60}' },
    });
    const generated = await rt.app.inject({ method: 'GET', url: '/healthz' });
    for (const res of [forged, generated]) {
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(logLines.some((line) => line.requestId === res.headers['x-request-id'])).toBe(true);
    }
    expect(forged.headers['x-request-id']).not.toBe(generated.headers['x-request-id']);
  });

  it('answers /metrics only on this machine without a token, and never through a proxy', async () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const res = await rt.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { [header]: '203.0.113.9', lang: 'en' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 0,
        msg: 'Without METRICS_TOKEN the metrics can only be read directly on this machine',
        data: null,
      });
    }
  });

  it('counts socket clients', async () => {
    await rt.app.listen({ port: 0, host: '127.0.0.1' });
    const address = rt.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const client = new RecordingClient(`ws://127.0.0.1:${address.port}/v1/ws?lang=en`);
    await client.open();
    expect(sample(await metrics(), 'omp_socket_clients')).toBe(1);
    client.close();
    await client.closed;
    await expect.poll(async () => sample(await metrics(), 'omp_socket_clients')).toBe(0);
  });

  it('closes a socket that breaks the protocol with the code that says why, and logs it at info, not as an error', async () => {
    if (!rt.app.server.listening) await rt.app.listen({ port: 0, host: '127.0.0.1' });
    const address = rt.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const url = `ws://127.0.0.1:${address.port}/v1/ws?lang=en`;
    const from = logLines.length;
    const oversize = new RecordingClient(url);
    await oversize.open();
    oversize.send('x'.repeat(65 * 1024));
    expect((await oversize.closed).code).toBe(1009);
    const garbled = new WebSocket(url);
    await new Promise((resolve) => garbled.once('open', resolve));
    garbled.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
    expect(await new Promise((resolve) => garbled.once('close', resolve))).toBe(1007);

    const faults = ['WS_ERR_UNSUPPORTED_MESSAGE_LENGTH', 'WS_ERR_INVALID_UTF8'];
    await expect
      .poll(() => logLines.slice(from).filter((line) => faults.includes(String(line.code))).length)
      .toBe(2);
    for (const line of logLines.slice(from).filter((line) => faults.includes(String(line.code))))
      expect(line.level).toBe(30);
    expect(logLines.slice(from).filter((line) => Number(line.level) >= 50)).toEqual([]);
  });

  it('is not ready, naming the check, when a registered dependency fails or hangs', async () => {
    rt.readiness.addCheck('redis', () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.7:6379')));
    let res = await rt.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'not_ready',
      failing: ['redis'],
      checks: { database: { ok: true }, redis: { ok: false, error: 'unreachable' }, book: { ok: true } },
    });
    // The driver's words (hosts, ports) go to the log, not to whoever asks.
    expect(res.body).not.toContain('10.0.0.7');
    expect(logLines.some((line) => line.check === 'redis' && String(line.detail).includes('10.0.0.7'))).toBe(
      true,
    );

    rt.readiness.addCheck('redis', () => new Promise(() => undefined));
    res = await rt.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.json()).toMatchObject({
      failing: ['redis'],
      checks: { redis: { ok: false, error: 'no answer within 1000 ms' } },
    });
    rt.readiness.addCheck('redis', () => Promise.resolve());
    expect((await rt.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('is not ready while the book ownership is not known', async () => {
    rt.readiness.setBookOwnership({ known: false });
    const res = await rt.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ failing: ['book'] });
    expect(await metrics()).not.toContain('omp_book_owned{');
    rt.readiness.setBookOwnership({ known: true, shards: { all: true } });
  });
});

describe.each(databaseEngines())('losing the database and stopping on %s', (engine) => {
  let rt: TestRuntime;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
  });
  afterAll(() => rt.dispose());

  it('is not ready without its database, names it, and is still alive', async () => {
    await rt.database.close();
    const res = await rt.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'not_ready',
      failing: ['database'],
      checks: { database: { ok: false }, book: { ok: true } },
    });
    expect((await rt.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('a graceful stop', () => {
  it('turns not ready, then closes sockets with the reason', async () => {
    const rt = await startTestRuntime();
    await rt.app.listen({ port: 0, host: '127.0.0.1' });
    const address = rt.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const client = new RecordingClient(`ws://127.0.0.1:${address.port}/v1/ws?lang=en`);
    await client.open();
    const readyDuringStop: number[] = [];
    const stopping = rt.dispose();
    readyDuringStop.push(rt.readiness.isDraining ? 503 : 200);
    expect(await client.closed).toEqual({ code: 1001, reason: 'server shutting down' });
    await stopping;
    expect(readyDuringStop).toEqual([503]);
  });
});

describe('the metrics token', () => {
  let rt: TestRuntime;

  beforeAll(async () => {
    rt = await startTestRuntime({ env: { METRICS_TOKEN } });
  });
  afterAll(() => rt.dispose());

  it('is required, even on this machine, and opens /metrics to its bearer only', async () => {
    const read = (headers: Record<string, string>) =>
      rt.app.inject({ method: 'GET', url: '/metrics', headers: { lang: 'en', ...headers } });
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', METRICS_TOKEN]) {
      const res = await read(authorization ? { authorization } : {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 0,
        msg: 'Reading the metrics needs the metrics token (Authorization: Bearer)',
        data: null,
      });
    }
    const res = await read({ authorization: `Bearer ${METRICS_TOKEN}`, 'x-forwarded-for': '203.0.113.9' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('omp_http_requests_total');
  });
});
