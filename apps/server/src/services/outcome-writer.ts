/**
 * Group commit: everything the engine decided while a transaction was being written goes into the
 * next transaction, in decision order. One durable commit then covers many orders, which is what
 * lets the embedded database sustain thousands of orders a second with durable commits, and
 * nobody is answered before their change is on disk.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PersistItem } from '../repositories/trading-repository.ts';

interface Queued {
  item: PersistItem;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface OutcomeWriterOptions {
  persist: (items: readonly PersistItem[]) => Promise<void>;
  /** Called once per failed batch, after its callers were rejected: the book must be rebuilt. */
  onFailure: (error: unknown) => Promise<void>;
  /** The most items one transaction takes. */
  maxBatch?: number;
}

export class OutcomeWriter {
  private readonly options: OutcomeWriterOptions;
  private queue: Queued[] = [];
  private writing: Promise<void> | undefined;
  private batches = 0;
  private items = 0;

  constructor(options: OutcomeWriterOptions) {
    this.options = options;
  }

  stats() {
    return { batches: this.batches, items: this.items };
  }

  write(item: PersistItem): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.writing ??= this.drain();
    });
  }

  /** Resolves once everything queued so far is written (or failed). */
  async idle(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async drain(): Promise<void> {
    // Let the requests of this turn of the event loop join the first batch.
    await nextTurn();
    const maxBatch = this.options.maxBatch ?? 1000;
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, maxBatch);
      this.queue = this.queue.slice(batch.length);
      try {
        await this.options.persist(batch.map((queued) => queued.item));
        this.batches += 1;
        this.items += batch.length;
        for (const queued of batch) queued.resolve();
      } catch (error) {
        // Later decisions were made on top of the failed ones: fail them too, then rebuild.
        const failed = [...batch, ...this.queue];
        this.queue = [];
        for (const queued of failed) queued.reject(error);
        await this.options.onFailure(error).catch(() => undefined);
      }
    }
    this.writing = undefined;
  }
}
