import { describe, expect, it } from 'vitest';
import type { Order, Outcome } from '@omp/engine';
import { isSaneRequestId, requestIdOf } from './request-id.ts';
import { Readiness } from './readiness.ts';
import { triggersIn } from './trigger-kinds.ts';

const order = (fields: Partial<Order>): Order =>
  ({ id: 1, state: 'holding', closeReason: null, ...fields }) as Order;
const outcome = (orders: Order[], marginCalls = 0): Outcome => ({
  accountId: 1,
  orders,
  postings: [],
  balanceMicros: 0n,
  events: Array.from({ length: marginCalls }, () => ({
    type: 'margin_call' as const,
    accountId: 1,
    equityMicros: 1n,
    usedMarginMicros: 1n,
    levels: { marginCallLevel: 100, stopOutLevel: 50 },
  })),
});

describe('triggersIn', () => {
  it('names what each order of a tick went through, and each margin call', () => {
    expect(
      triggersIn(
        [
          outcome([
            order({ state: 'closed', closeReason: 'stop_loss' }),
            order({ state: 'closed', closeReason: 'take_profit' }),
            order({ state: 'holding', openedAtMs: 5000 }),
            order({ state: 'holding', openedAtMs: 4000, trailingPoints: 50 }),
            order({ state: 'closed', closeReason: 'trailing_stop' }),
          ]),
          outcome(
            [
              order({ state: 'closed', closeReason: 'stop_out' }),
              order({ state: 'cancelled', cancelReason: 'insufficient_free_margin' }),
            ],
            1,
          ),
        ],
        5000,
      ),
    ).toEqual([
      'stop_loss',
      'take_profit',
      'pending_fill',
      'trailing_move',
      'trailing_stop',
      'stop_out',
      'pending_cancelled',
      'margin_call',
    ]);
    expect(triggersIn([], 5000)).toEqual([]);
  });
});

describe('request ids', () => {
  it('keeps a plain token and replaces anything that could break a log line', () => {
    for (const id of ['abc', 'lb-7f3a.42', 'a/b+c=d:e@f', 'x'.repeat(128)])
      expect(isSaneRequestId(id)).toBe(true);
    for (const id of ['', 'a b', 'a\nb', 'a"b', 'x'.repeat(129), undefined, ['a', 'b']])
      expect(isSaneRequestId(id)).toBe(false);
    expect(requestIdOf({ headers: { 'x-request-id': 'abc' } })).toBe('abc');
    expect(requestIdOf({ headers: { 'x-request-id': 'a\nb' } })).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf({ headers: {} })).not.toBe(requestIdOf({ headers: {} }));
  });
});

describe('Readiness', () => {
  it('is ready only when every check passes, the book is known and it is not draining', async () => {
    const readiness = new Readiness(20);
    readiness.addCheck('database', () => Promise.resolve());
    expect((await readiness.report()).failing).toEqual(['book']);
    readiness.setBookOwnership({ known: true, shards: { a: false } });
    expect(await readiness.report()).toEqual({
      ready: true,
      checks: { database: { ok: true }, book: { ok: true } },
      failing: [],
    });
    readiness.addCheck('redis', () => new Promise(() => undefined));
    readiness.addCheck('queue', () => Promise.reject(new Error('host 10.1.2.3 refused')));
    const report = await readiness.report();
    expect(report.failing).toEqual(['redis', 'queue']);
    expect(report.checks.redis).toEqual({ ok: false, error: 'no answer within 20 ms' });
    expect(report.checks.queue).toEqual({ ok: false, error: 'unreachable', detail: 'host 10.1.2.3 refused' });
    readiness.addCheck('redis', () => Promise.resolve());
    readiness.addCheck('queue', () => Promise.resolve());
    readiness.startDraining();
    expect((await readiness.report()).failing).toEqual(['shutdown']);
  });

  it('keeps each shard as last reported, so the book and the feed report apart', () => {
    const readiness = new Readiness(20);
    readiness.setBookOwnership({ known: true, shards: { book: false } });
    readiness.setBookOwnership({ known: true, shards: { feed: true } });
    readiness.setBookOwnership({ known: true, shards: { book: true } });
    expect(readiness.bookOwnership()).toEqual({ known: true, shards: { book: true, feed: true } });
    readiness.setBookOwnership({ known: false });
    expect(readiness.bookOwnership()).toEqual({ known: false });
  });
});
