/**
 * The trading book on a cluster node (DATABASE_URL on PostgreSQL and REDIS_URL both set): the lease
 * decides whether this node owns the book (book-lease.ts), order calls go to the owner when it does
 * not (book-calls.ts), and readiness reports which it is. Taking the book over rebuilds it from the
 * database before it decides anything; losing it stops its triggers at once.
 */
import type { Kysely } from 'kysely';
import { closeRedis, connectRedis } from '../adapters/redis/redis-connection.ts';
import type { Readiness } from '../observability/readiness.ts';
import type { Tx } from '../repositories/unit-of-work.ts';
import type { BookOwnership, OwnerCalls } from '../services/owner-calls.ts';
import { BookCalls } from './book-calls.ts';
import { BOOK_SHARD, BookLease } from './book-lease.ts';

export interface BookClusterOptions {
  db: Kysely<unknown>;
  redisUrl: string;
  keyPrefix: string;
  /** This node's name in the lease row. */
  holder: string;
  readiness: Readiness;
  log: { warn(message: string): void; info(message: string): void };
  logError: (error: unknown, message: string) => void;
  leaseMs?: number;
  renewMs?: number;
  callTimeoutMs?: number;
  /** False on a node pinned away from the book (ROLE without `book`): it forwards, never owns. */
  standsForBook?: boolean;
}

/** What the cluster needs of the node's book, bound once the services exist. */
export interface OwnedBook {
  /** Rebuilds the book from the database (the trading service's takeOwnership). */
  takeOwnership(): Promise<void>;
  /** The node's named work of the book, which forwarded calls run (services/owner-calls.ts). */
  calls: OwnerCalls;
}

export class BookCluster implements BookOwnership {
  private readonly options: BookClusterOptions;
  private readonly lease: BookLease;
  private readonly publisher;
  private readonly subscriber;
  private readonly calls: BookCalls;
  private book: OwnedBook | undefined;
  /** Set once a gained book has started its rebuild: from then on calls wait for it here. */
  private active = false;
  private closed = false;

  constructor(options: BookClusterOptions) {
    this.options = options;
    const { log } = options;
    this.publisher = connectRedis({ url: options.redisUrl, purpose: 'book calls', log });
    this.subscriber = connectRedis({ url: options.redisUrl, purpose: 'book call listener', log });
    this.calls = new BookCalls({
      publisher: this.publisher,
      subscriber: this.subscriber,
      keyPrefix: options.keyPrefix,
      owns: () => this.owns(),
      execute: (name, args) => this.book!.calls.execute(name, args),
      ...(options.callTimeoutMs ? { timeoutMs: options.callTimeoutMs } : {}),
      logError: options.logError,
    });
    this.lease = new BookLease({
      db: options.db,
      holder: options.holder,
      ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
      ...(options.renewMs ? { renewMs: options.renewMs } : {}),
      onGained: async () => {
        const rebuilt = this.book!.takeOwnership();
        this.active = true;
        await rebuilt;
        this.report();
      },
      onLost: () => {
        this.active = false;
        this.report();
      },
      log,
    });
  }

  owns(): boolean {
    return this.active && this.lease.owns();
  }

  forward(name: string, args: unknown): Promise<unknown> {
    return this.calls.forward(name, args);
  }

  fence(trx: Tx): Promise<void> {
    return this.lease.fence(trx);
  }

  /** Listens for calls, then takes part in the election; ownership is known once this resolves. */
  async start(book: OwnedBook): Promise<void> {
    this.book = book;
    await this.calls.start();
    if (this.options.standsForBook !== false) await this.lease.start();
    this.report();
  }

  /** First step of a graceful stop: no forwarded call or tick is decided here from now on. */
  stepDown(): void {
    this.active = false;
    this.report();
  }

  /** Graceful: hands the book over at once (the lease is released) and closes the connections. */
  async stop(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.active = false;
    await this.lease.stop(true);
    await Promise.all([closeRedis(this.subscriber), closeRedis(this.publisher)]);
  }

  /**
   * What a node that died looks like to the others: it stops renewing without releasing and its
   * Redis connections drop. The lease then runs out and another node takes over (tests).
   */
  async abandon(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.lease.stop(false);
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }

  /** The token this node holds, for tests of the fence. */
  get token(): bigint | undefined {
    return this.lease.heldToken;
  }

  private report(): void {
    this.options.readiness.setBookOwnership({ known: true, shards: { [BOOK_SHARD]: this.owns() } });
  }
}
