/**
 * A steady stream of order calls through every live node of a cluster, as phones behind a load
 * balancer make them: each trader opens a market order and closes it, again and again, each call
 * with an Idempotency-Key and retried with the same key (on the next node) until it is answered,
 * as the web app retries after a network error or `order.book_owner_unavailable`. Every
 * acknowledged call (code 1) is recorded with its key, so a test can check that nothing a client
 * was told happened is missing, and that no retried key placed a second order.
 */
import type { Answer } from './cluster-client.ts';
import { sleep, type Cluster, type ClusterNode } from './cluster-nodes.ts';

export interface Trader {
  token: string;
  id: number;
}

/** How often one call is tried with its key before the stream gives it up (bounded, never forever). */
const ATTEMPTS_PER_CALL = 60;
const PAUSE_AFTER_REFUSAL_MS = 200;

export class OrderLoad {
  /** Submit key → the order id its acknowledgement named. */
  readonly placed = new Map<string, number>();
  /** Order id → the close key whose acknowledgement closed it. */
  readonly closed = new Map<number, string>();
  /** Keys whose acknowledgements named two different orders (must stay empty). */
  readonly keyConflicts: string[] = [];
  /** Answers other than code 1 or errors, by what they said (for the report). */
  readonly setbacks = new Map<string, number>();
  /** Every trader of the stream. */
  readonly traders: Trader[] = [];
  private stopped = false;
  private readonly loops: Array<Promise<void>> = [];
  private nextNode = 0;
  private readonly cluster: Cluster;
  private readonly order: Record<string, string | number>;

  constructor(cluster: Cluster, order: Record<string, string | number>) {
    this.cluster = cluster;
    this.order = order;
  }

  /** Starts one loop per trader, each at most `rounds` open-and-close rounds. */
  start(traders: readonly Trader[], rounds: number): void {
    for (const trader of traders) {
      this.traders.push(trader);
      this.loops.push(this.run(trader, rounds));
    }
  }

  /** Ends the stream after the calls under way are answered (or given up). */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }

  get acknowledgedOrderIds(): number[] {
    return [...new Set(this.placed.values())];
  }

  private async run(trader: Trader, rounds: number): Promise<void> {
    for (let round = 0; round < rounds && !this.stopped; round++) {
      const submitKey = `load-${trader.id}-submit-${round}`;
      const placed = await this.untilAcknowledged((node) =>
        node.submit(trader.token, this.order, { 'idempotency-key': submitKey }),
      );
      if (placed === undefined) continue;
      const known = this.placed.get(submitKey);
      if (known !== undefined && known !== placed) this.keyConflicts.push(submitKey);
      this.placed.set(submitKey, placed);
      const closeKey = `load-${trader.id}-close-${round}`;
      const closed = await this.untilAcknowledged((node) =>
        node.close(trader.token, placed, { 'idempotency-key': closeKey }),
      );
      if (closed !== undefined) this.closed.set(closed, closeKey);
      await sleep(20);
    }
  }

  /** Tries one call with its key on node after node; answers the order id once acknowledged. */
  private async untilAcknowledged(
    call: (node: ClusterNode) => Promise<Answer<{ Id: number }>>,
  ): Promise<number | undefined> {
    for (let attempt = 0; attempt < ATTEMPTS_PER_CALL; attempt++) {
      const live = this.cluster.live;
      const node = live[this.nextNode++ % Math.max(live.length, 1)];
      if (!node) return undefined;
      try {
        const { body } = await call(node);
        if (body.code === 1) return body.data.Id;
        this.count(`${body.code} ${body.msg}`);
      } catch (error) {
        this.count(`no answer: ${(error as Error).name}`);
      }
      // Keep retrying a key the client was never answered for, even once stopping: a client does.
      if (this.stopped && attempt > 10) return undefined;
      await sleep(PAUSE_AFTER_REFUSAL_MS);
    }
    return undefined;
  }

  private count(what: string) {
    this.setbacks.set(what, (this.setbacks.get(what) ?? 0) + 1);
  }
}
