/**
 * Work of the book (services/owner-calls.ts) that reaches a node which does not own the book goes
 * to the owner through Redis request/reply, so a client never needs to know which node owns what.
 *
 * A call (its name, e.g. `trading.place` or `money.decide_deposit`, its arguments, and the request's
 * origin) is published on `<prefix>book:calls`; every node listens, and only the node that owns the
 * book answers, on the asking node's own reply channel. The answer is the call's answer, or the
 * refusal as a message key and parameters: the asking node words it in its client's language,
 * exactly as if it had decided itself. A node that finds it is not (or no longer) the owner, or
 * whose write was fenced, stays silent, and the asker waits for the real owner until `timeoutMs`,
 * then refuses with `order.book_owner_unavailable` (a retry with the same idempotency key is safe:
 * the owner stores the reply with the change, so nothing is done twice).
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { DomainError, refused } from '../domain/errors.ts';
import { currentRequestId, requestOrigin, runAsRequestFrom } from '../domain/request-origin.ts';
import type { MessageParams } from '../i18n/translate.ts';
import { FencedError } from './book-lease.ts';
import { decodeCall, encodeCall } from './call-codec.ts';

interface CallMessage {
  id: string;
  replyTo: string;
  name: string;
  args: unknown;
  /** The client's address and the request's id, for the audit rows and log lines of the owner. */
  origin: { ip: string; requestId: string };
}

type ReplyMessage =
  | { id: string; ok: true; value: unknown }
  | { id: string; ok: false; code: number; messageKey: string; params: MessageParams };

export interface BookCallsOptions {
  /** For publishing. */
  publisher: Redis;
  /** A connection of its own: once subscribed it can do nothing else. */
  subscriber: Redis;
  keyPrefix: string;
  /** True while this node owns the book and may answer calls. */
  owns: () => boolean;
  /** Runs a named call on this node's book (only asked while `owns()`). */
  execute: (name: string, args: unknown) => Promise<unknown>;
  timeoutMs?: number;
  logError: (error: unknown, message: string) => void;
}

export class BookCalls {
  private readonly options: BookCallsOptions;
  private readonly replyChannel: string;
  private readonly callChannel: string;
  private readonly waiting = new Map<string, (reply: ReplyMessage) => void>();

  constructor(options: BookCallsOptions) {
    this.options = options;
    this.callChannel = `${options.keyPrefix}book:calls`;
    this.replyChannel = `${options.keyPrefix}book:replies:${randomUUID()}`;
  }

  async start(): Promise<void> {
    this.options.subscriber.on('message', (channel: string, text: string) => {
      // A malformed message is logged; it must never take the listener (or the process) down.
      const handled =
        channel === this.callChannel
          ? this.answer(text)
          : channel === this.replyChannel
            ? this.received(text)
            : undefined;
      handled?.catch((error: unknown) =>
        this.options.logError(error, 'a book call message could not be read'),
      );
    });
    await this.options.subscriber.subscribe(this.callChannel, this.replyChannel);
  }

  /** Sends a call to the owner and resolves with its answer, or throws its refusal. */
  async forward(name: string, args: unknown): Promise<unknown> {
    const id = randomUUID();
    const timeoutMs = this.options.timeoutMs ?? 5000;
    const reply = await new Promise<ReplyMessage | undefined>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(undefined);
      }, timeoutMs);
      this.waiting.set(id, (message) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(message);
      });
      const origin = { ip: requestOrigin(), requestId: currentRequestId() };
      const message: CallMessage = { id, replyTo: this.replyChannel, name, args, origin };
      this.options.publisher.publish(this.callChannel, encodeCall(message)).catch(() => undefined);
    });
    if (!reply) throw refused('order.book_owner_unavailable');
    if (reply.ok) return reply.value;
    throw new DomainError(reply.code, reply.messageKey, reply.params);
  }

  private async received(text: string): Promise<void> {
    const reply = decodeCall(text) as ReplyMessage;
    this.waiting.get(reply.id)?.(reply);
  }

  private async answer(text: string): Promise<void> {
    if (!this.options.owns()) return;
    const message = decodeCall(text) as CallMessage;
    let reply: ReplyMessage;
    try {
      const value = await new Promise<unknown>((resolve, reject) =>
        runAsRequestFrom(
          message.origin?.ip ?? '',
          () => void this.options.execute(message.name, message.args).then(resolve, reject),
          message.origin?.requestId ?? '',
        ),
      );
      reply = { id: message.id, ok: true, value };
    } catch (error) {
      // Deposed while deciding: the successor answers (the asker waits for it).
      const fenced =
        error instanceof FencedError ||
        (error instanceof DomainError && error.messageKey === 'order.book_owner_unavailable');
      if (fenced || !this.options.owns()) return;
      if (error instanceof DomainError)
        reply = {
          id: message.id,
          ok: false,
          code: error.code,
          messageKey: error.messageKey,
          params: error.params,
        };
      else {
        this.options.logError(error, `a forwarded call (${message.name}) failed`);
        reply = { id: message.id, ok: false, code: 500, messageKey: 'internal_error', params: {} };
      }
    }
    await this.options.publisher.publish(message.replyTo, encodeCall(reply)).catch((error: unknown) => {
      this.options.logError(error, `answering a forwarded call (${message.name}) failed`);
    });
  }
}
