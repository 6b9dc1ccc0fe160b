/**
 * Whether this node should be sent traffic (GET /readyz): its database answers, every other
 * dependency registered with `addCheck` answers (Redis, once a node uses it), the ownership of the
 * trading book is known, and the node is not shutting down. A load balancer takes a node out on
 * 503 and puts it back on 200; it never needs to know why, but an operator reading the answer does,
 * so each failing check is named.
 *
 * The book check is a hook: the runtime reports ownership through `setBookOwnership`. A single node
 * owns the whole book once it is loaded; a cluster node reports which shards it owns, and a node
 * that owns none is still ready (it serves the API and hands order calls to the owner). Only
 * "not known yet" (before the first election settles) makes it not ready. The market feed's
 * producer is elected the same way and reported as shard `feed` next to the book's.
 */

/** A probe resolves when the dependency answers and rejects (or times out) when it does not. */
export type ReadinessProbe = () => Promise<unknown>;

/** What this node knows of the book: not yet, or for each shard whether it owns it. */
export type BookOwnership = { known: false } | { known: true; shards: Readonly<Record<string, boolean>> };

export interface CheckResult {
  ok: boolean;
  /** Why it failed, in words safe to show anyone: 'unreachable', 'no answer within 1000 ms', … */
  error?: string;
  /** The driver's own message, for the log only: it may name hosts and ports. */
  detail?: string;
}

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, CheckResult>;
  /** The names of the failing checks, in order. */
  failing: string[];
}

/** A dependency slower than this counts as down: the load balancer's own probe would time out. */
export const DEFAULT_PROBE_TIMEOUT_MS = 1000;

export class Readiness {
  private readonly probes = new Map<string, ReadinessProbe>();
  private book: BookOwnership = { known: false };
  private draining = false;
  private servesApi = true;
  private readonly timeoutMs: number;

  constructor(timeoutMs = DEFAULT_PROBE_TIMEOUT_MS) {
    this.timeoutMs = timeoutMs;
  }

  /** Registers a dependency to probe on every readiness call; a second one of a name replaces it. */
  addCheck(name: string, probe: ReadinessProbe): void {
    this.probes.set(name, probe);
  }

  /** The shards named replace their own earlier reports; others reported before are kept. */
  setBookOwnership(ownership: BookOwnership): void {
    this.book =
      ownership.known && this.book.known
        ? { known: true, shards: { ...this.book.shards, ...ownership.shards } }
        : ownership;
  }

  bookOwnership(): BookOwnership {
    return this.book;
  }

  /**
   * A cluster node pinned to other roles (ROLE without `api`) is never ready for traffic: it owns
   * the book or produces prices, and a balancer must not send it clients.
   */
  refuseTraffic(): void {
    this.servesApi = false;
  }

  /** From now on the node answers "not ready", so the load balancer stops sending it requests. */
  startDraining(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async report(): Promise<ReadinessReport> {
    const names = [...this.probes.keys()];
    const results = await Promise.all(names.map((name) => this.run(this.probes.get(name)!)));
    const checks: Record<string, CheckResult> = {};
    names.forEach((name, index) => (checks[name] = results[index]!));
    checks.book = this.book.known ? { ok: true } : { ok: false, error: 'book ownership not known yet' };
    if (this.draining) checks.shutdown = { ok: false, error: 'shutting down' };
    if (!this.servesApi) checks.role = { ok: false, error: 'serves no API (ROLE)' };
    const failing = Object.entries(checks)
      .filter(([, result]) => !result.ok)
      .map(([name]) => name);
    return { ready: failing.length === 0, checks, failing };
  }

  private async run(probe: ReadinessProbe): Promise<CheckResult> {
    const TIMED_OUT = Symbol('timed out');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), this.timeoutMs);
    });
    try {
      if ((await Promise.race([probe(), timeout])) === TIMED_OUT)
        return { ok: false, error: `no answer within ${this.timeoutMs} ms` };
      return { ok: true };
    } catch (error) {
      return {
        ok: false,
        error: 'unreachable',
        detail: error instanceof Error ? error.message : String(error),
      };
    } finally {
      clearTimeout(timer);
    }
  }
}
