/**
 * The node's figures in Prometheus format (GET /metrics, metrics-route.ts): Node's process figures
 * (CPU, memory, event-loop delay, GC), HTTP requests by route pattern and status with a latency
 * histogram, socket clients, ticks, order calls by outcome, triggers fired, book ownership and the
 * database pool. One registry per app, so two apps in one process (the tests) never mix figures.
 *
 * Counting stays at the edges: the HTTP hook, the trading service's commands and trigger runner
 * report here through `TradingCounts`; figures other parts already keep (ticks, socket clients,
 * pool sizes) are read when scraped. The engine counts nothing.
 */
import type { Outcome } from '@omp/engine';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DomainError } from '../domain/errors.ts';
import { collectProcessMetrics } from './process-metrics.ts';
import type { BookOwnership } from './readiness.ts';
import { TRIGGER_KINDS, triggersIn } from './trigger-kinds.ts';

export type OrderAction = 'place' | 'close' | 'cancel';
export type CommandOutcome = 'accepted' | 'refused' | 'failed';

/** What the trading service reports: each order command's outcome and each tick's triggers. */
export interface TradingCounts {
  command(action: OrderAction, outcome: CommandOutcome): void;
  triggered(outcomes: readonly Outcome[], atMs: number): void;
}

/** A PostgreSQL pool's connections; absent on SQLite (one connection, no pool). */
export interface PoolFigures {
  total: number;
  idle: number;
  waiting: number;
}

export interface MetricSources {
  socketClients(): number;
  ticksApplied(): number;
  /** When the last tick was applied (Unix ms), 0 before the first. */
  lastTickAtMs(): number;
  bookOwnership(): BookOwnership;
  databasePool(): PoolFigures | undefined;
}

/** Seconds; from a cached read (1 ms) to a slow order commit on a loaded disk. */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export class Metrics implements TradingCounts {
  readonly registry = new Registry();
  private readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly orderCommands: Counter<'action' | 'outcome'>;
  private readonly triggers: Counter<'kind'>;
  private readonly housekeeping: Counter<'kind'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectProcessMetrics(this.registry);
    this.httpRequests = new Counter({
      name: 'omp_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'omp_http_request_duration_seconds',
      help: 'Time from receiving a request to the end of its answer',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.orderCommands = new Counter({
      name: 'omp_order_commands_total',
      help: "Users' order calls (place, close, cancel) by outcome: accepted, refused (a rule said no), failed",
      labelNames: ['action', 'outcome'],
      registers,
    });
    this.triggers = new Counter({
      name: 'omp_triggers_fired_total',
      help: 'What ticks set off: stop losses, take profits, stop-outs, pending fills and cancellations, margin calls',
      labelNames: ['kind'],
      registers,
    });
    // Every kind shows from the start (at 0), so a rate over it is defined before the first one.
    for (const kind of TRIGGER_KINDS) this.triggers.inc({ kind }, 0);
    this.housekeeping = new Counter({
      name: 'omp_housekeeping_deleted_rows_total',
      help: 'Records the housekeeping round deleted once their use ended, by kind (services/housekeeping.ts)',
      labelNames: ['kind'],
      registers,
    });
    new Gauge({
      name: 'omp_socket_clients',
      help: 'Realtime sockets connected to this node',
      registers,
      collect() {
        this.set(sources.socketClients());
      },
    });
    new Counter({
      name: 'omp_ticks_total',
      help: 'Price ticks applied to the market on this node',
      registers,
      collect() {
        // The market service keeps the count; a counter cannot be set, so it is re-read whole.
        this.reset();
        this.inc(sources.ticksApplied());
      },
    });
    new Gauge({
      name: 'omp_last_tick_timestamp_seconds',
      help: 'When this node applied its last tick (Unix seconds); absent before the first',
      registers,
      collect() {
        this.reset();
        const atMs = sources.lastTickAtMs();
        if (atMs > 0) this.set(atMs / 1000);
      },
    });
    new Gauge({
      name: 'omp_book_owned',
      help: 'Whether this node owns the trading book shard (1) or not (0); absent while not known',
      labelNames: ['shard'],
      registers,
      collect() {
        this.reset();
        const ownership = sources.bookOwnership();
        if (!ownership.known) return;
        for (const [shard, owned] of Object.entries(ownership.shards)) this.set({ shard }, owned ? 1 : 0);
      },
    });
    new Gauge({
      name: 'omp_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = sources.databasePool();
        if (!pool) return;
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
  }

  /** Rows a housekeeping round deleted of one kind. */
  deletedRows(kind: string, rows: number): void {
    if (rows > 0) this.housekeeping.inc({ kind }, rows);
  }

  /**
   * One answered request. `route` is the pattern (`/v1/api/forex/kline`), never the raw URL, so
   * ids and query strings cannot multiply the series; requests no route matched share one label.
   */
  observeHttp(method: string, route: string | undefined, status: number, seconds: number): void {
    const labels = {
      method: KNOWN_METHODS.has(method) ? method : 'OTHER',
      route: route ?? 'unmatched',
      status: String(status),
    };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  command(action: OrderAction, outcome: CommandOutcome): void {
    this.orderCommands.inc({ action, outcome });
  }

  triggered(outcomes: readonly Outcome[], atMs: number): void {
    for (const kind of triggersIn(outcomes, atMs)) this.triggers.inc({ kind });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}

/**
 * Reports an order command's outcome to `counts` when it settles, and hands back the same promise.
 * A refusal is a DomainError (a rule said no); anything else thrown is a failure.
 */
export function countCommand<T>(
  counts: TradingCounts | undefined,
  action: OrderAction,
  work: Promise<T>,
): Promise<T> {
  if (!counts) return work;
  work.then(
    () => counts.command(action, 'accepted'),
    (error: unknown) => counts.command(action, error instanceof DomainError ? 'refused' : 'failed'),
  );
  return work;
}
