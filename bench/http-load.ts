/**
 * A small HTTP load generator for the benches: keep-alive connections on loopback, a fixed number
 * of requests in flight for a fixed time, latency percentiles, failures by message, and how busy
 * the server process, this process and the whole machine were meanwhile (Linux /proc; elsewhere
 * the server and machine shares are left out). Written by hand so the benches need no extra package.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { leanRaw } from './lean-http-client.ts';

/** The `{code, msg, data}` envelope of an answer, with its HTTP status. */
export interface Answer {
  status: number;
  code: number | undefined;
  msg: string;
  data: unknown;
}

/** An answer as it came: status, headers and the body's bytes, not decoded or parsed. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface HttpClient {
  call(method: string, target: string, headers?: http.OutgoingHttpHeaders, body?: string): Promise<Answer>;
  /** For answers too big to parse on every request without the load generator becoming the limit. */
  raw(method: string, target: string, headers?: http.OutgoingHttpHeaders): Promise<RawAnswer>;
  close(): void;
}

export interface HttpClientOptions {
  /**
   * Raw keep-alive sockets that read only the status line, the headers and the body's bytes
   * (lean-http-client.ts), instead of node:http's client: for answers so cheap to the server that
   * node:http's per-answer work would make this generator the limit.
   */
  lean?: boolean;
  /** With `lean`: a body is valid only until the next answer on its connection (LeanOptions). */
  reuseBodies?: boolean;
}

/** One keep-alive connection per caller in flight, as browsers behind a load balancer would hold. */
export function httpClient(port: number, connections: number, options: HttpClientOptions = {}): HttpClient {
  const transport = options.lean ? leanRaw(port, connections, options) : agentRaw(port, connections);
  const { raw } = transport;
  const call = async (
    method: string,
    target: string,
    headers: http.OutgoingHttpHeaders = {},
    body?: string,
  ) => {
    const answer = await raw(method, target, headers, body);
    const json = JSON.parse(decoded(answer.headers, answer.body).toString('utf8')) as Partial<Answer>;
    const { code, msg, data } = json;
    return { status: answer.status, code, msg: String(msg ?? ''), data };
  };
  return { call, raw, close: transport.close };
}

function agentRaw(port: number, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const raw = (method: string, target: string, headers: http.OutgoingHttpHeaders = {}, body?: string) =>
    new Promise<RawAnswer>((resolve, reject) => {
      const options = { host: '127.0.0.1', port, method, path: target, headers, agent };
      const request = http.request(options, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      request.on('error', reject);
      request.end(body);
    });
  return { raw, close: () => agent.destroy() };
}

/** The body as sent before compression, when a bench asked for a compressed answer. */
export function decoded(headers: http.IncomingHttpHeaders, body: Buffer): Buffer {
  const encoding = headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

export interface LoadResult {
  answered: number;
  /** Answers with HTTP 200 and code 1. */
  ok: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  /** Count of each distinct failure (status, code and message, or the request error). */
  failures: Map<string, number>;
  /** Shares of one core used by the server and by this process; undefined where unknown. */
  serverCpu: number | undefined;
  /** Summed over this process's threads: up to `clientThreads` when the generator is saturated. */
  clientCpu: number;
  /** Threads that ran the load generator (1 without workers). */
  clientThreads: number;
  /** Share of all the machine's cores that were busy, a database server's included. */
  machineBusy: number | undefined;
}

/** What the callers of one generator (this thread's or a worker's) saw. */
export interface Driven {
  latencies: number[];
  ok: number;
  failures: Map<string, number>;
}

export type Send = (sequence: number) => Promise<Answer>;
export type Succeeded = (answer: Answer) => boolean;

/** By default an answer succeeded with HTTP 200 and envelope code 1 (a probe outside it differs). */
export const envelopeOk: Succeeded = (answer) => answer.status === 200 && answer.code === 1;

/** Keeps `connections` requests in flight for `seconds` in this thread; latency is send to full answer. */
export async function drive(
  connections: number,
  seconds: number,
  send: Send,
  succeeded: Succeeded = envelopeOk,
): Promise<Driven> {
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  let sequence = 0;
  let ok = 0;
  const end = performance.now() + seconds * 1000;
  const caller = async () => {
    while (performance.now() < end) {
      const sent = performance.now();
      let failure: string | undefined;
      try {
        const answer = await send(sequence++);
        if (!succeeded(answer)) failure = `HTTP ${answer.status}, code ${answer.code}: ${answer.msg}`;
      } catch (error) {
        failure = `request failed: ${(error as Error).message}`;
      }
      latencies.push(performance.now() - sent);
      if (failure) failures.set(failure, (failures.get(failure) ?? 0) + 1);
      else ok++;
    }
  };
  await Promise.all(Array.from({ length: connections }, caller));
  return { latencies, ok, failures };
}

/**
 * Runs `driven` while measuring the CPU of the server, of this process (every thread of it, the
 * generator's workers included) and of the machine.
 */
export async function measured(
  serverPid: number | undefined,
  threads: number,
  driven: () => Promise<Driven>,
): Promise<LoadResult> {
  const serverBefore = processCpuSeconds(serverPid);
  const machineBefore = machineTicks();
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const { latencies, ok, failures } = await driven();
  const elapsed = (performance.now() - started) / 1000;
  const serverAfter = processCpuSeconds(serverPid);
  const machineAfter = machineTicks();
  const client = process.cpuUsage(clientBefore);
  const sorted = Float64Array.from(latencies).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return {
    answered: latencies.length,
    ok,
    seconds: elapsed,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    failures,
    serverCpu:
      serverBefore === undefined || serverAfter === undefined
        ? undefined
        : (serverAfter - serverBefore) / elapsed,
    clientCpu: (client.user + client.system) / 1e6 / elapsed,
    clientThreads: threads,
    machineBusy:
      machineBefore && machineAfter
        ? (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)
        : undefined,
  };
}

/** Keeps `connections` requests in flight for `seconds`; latency is send to full answer. */
export async function load(options: {
  connections: number;
  seconds: number;
  send: Send;
  serverPid?: number | undefined;
  /** What counts as answered; by default HTTP 200 with envelope code 1 (a probe outside it differs). */
  succeeded?: Succeeded;
}): Promise<LoadResult> {
  const { connections, seconds, send, serverPid, succeeded } = options;
  return measured(serverPid, 1, () => drive(connections, seconds, send, succeeded));
}

/** Runs `task` over `items` with at most `limit` in flight. */
export async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const runner = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await task(items[i]!, i);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
  return results;
}

/** CPU seconds a process has used; Linux counts them in clock ticks of 1/100 s (USER_HZ). */
export function processCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** Busy and total clock ticks of all the machine's cores since boot. */
export function machineTicks(): { busy: number; total: number } | undefined {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const ticks = fields.map(Number);
    const total = ticks.reduce((sum, n) => sum + n, 0);
    // idle and iowait (4th and 5th fields) are time no process used.
    return { busy: total - ticks[3]! - ticks[4]!, total };
  } catch {
    return undefined;
  }
}

export const rate = (r: LoadResult) => r.ok / r.seconds;
export const failed = (r: LoadResult) => r.answered - r.ok;
export const count = (n: number) => Math.round(n).toLocaleString('en');
const percent = (share: number | undefined) => (share === undefined ? 'n/a' : `${Math.round(share * 100)} %`);

/** The columns of a load result, as the HTTP benches print them (machineCores: of this machine). */
export function loadColumns(machineCores: number): string[] {
  return [
    'answers',
    'per s',
    'p50 ms',
    'p99 ms',
    'failures',
    'server cpu',
    'µs cpu/answer',
    'client cpu',
    `machine (${machineCores} cores)`,
  ];
}

/** The cells of `loadColumns` for one result, latencies with `digits` decimals. */
export function loadCells(result: LoadResult, digits: number): string[] {
  return [
    count(result.answered),
    count(rate(result)),
    result.p50Ms.toFixed(digits),
    result.p99Ms.toFixed(digits),
    count(failed(result)),
    percent(result.serverCpu),
    result.serverCpu === undefined ? 'n/a' : count((result.serverCpu / rate(result)) * 1e6),
    percent(result.clientCpu),
    percent(result.machineBusy),
  ];
}
