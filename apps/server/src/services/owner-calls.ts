/**
 * Work that only the owner of the trading book may do: everything that decides against the book's
 * memory (orders, stops, balance changes and the staff decisions that post them, demo resets,
 * opening a trading account). Each such operation is defined once here by name, and the function
 * `define` returns is what its callers use: on a single node, or on the node that owns the book, it
 * runs the work at once; on a cluster node that does not own the book it sends the call to the owner
 * (cluster/book-calls.ts), which runs the same named work and answers. So no service or route needs
 * to know where the book lives, and adding a balance-changing operation means defining it here,
 * not teaching the cluster a new message.
 *
 * Arguments and answers cross nodes as JSON (bigints included, see cluster/call-codec.ts): they are
 * plain data, never closures. The request's origin (address and id) travels with the call, so an
 * audit row the owner writes says where the request came from.
 */
import { DomainError } from '../domain/errors.ts';

/** Who owns the book, and how to reach it (cluster/book-cluster.ts); absent on a single node. */
export interface BookOwnership {
  /** True while this node owns the book: it decides, fires triggers and writes. */
  owns(): boolean;
  /** Runs the named call on the owner and answers its answer (or throws its refusal). */
  forward(name: string, args: unknown): Promise<unknown>;
}

type Handler = (args: never) => Promise<unknown>;

export class OwnerCalls {
  private readonly handlers = new Map<string, Handler>();
  private readonly ownership: BookOwnership | undefined;

  constructor(ownership?: BookOwnership) {
    this.ownership = ownership;
  }

  /** Whether work of the book runs on this node (a single node always; a cluster's owner). */
  runsHere(): boolean {
    return this.ownership === undefined || this.ownership.owns();
  }

  /**
   * Registers `work` under `name` and returns the function to call it by: here when the book is
   * here, on the owner otherwise. A name is defined once: two meanings of one name across nodes
   * would run the wrong work.
   */
  define<A, R>(name: string, work: (args: A) => Promise<R>): (args: A) => Promise<R> {
    if (this.handlers.has(name)) throw new Error(`owner call ${name} is defined twice`);
    this.handlers.set(name, work as Handler);
    return (args) => (this.runsHere() ? work(args) : (this.ownership!.forward(name, args) as Promise<R>));
  }

  /** Runs a call another node sent (this node owns the book). */
  execute(name: string, args: unknown): Promise<unknown> {
    const handler = this.handlers.get(name) as ((args: unknown) => Promise<unknown>) | undefined;
    // A node of another version may send a call this one does not know: refuse it by name.
    if (!handler) return Promise.reject(new DomainError(500, 'internal_error', { call: name }));
    return handler(args);
  }
}
