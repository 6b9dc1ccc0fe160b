import { describe, expect, it } from 'vitest';
import { changesAnything, OutcomeBuilder } from './outcome-builder.ts';
import { seededPrng } from './testing/seeded-prng.ts';
import { newAccount, usd } from './testing/trading-fixture.ts';
import type { Order } from './trading-types.ts';

/** Only the fields the builder reads: an order's id, and a version to tell records apart. */
const record = (id: number, version: number) => ({ id, version }) as unknown as Order;

describe('OutcomeBuilder', () => {
  it('keeps the newest record of each order, in the order first touched, however many (seeded)', () => {
    const random = seededPrng(20261207);
    for (let draw = 0; draw < 300; draw++) {
      const out = new OutcomeBuilder(newAccount(1, '100'));
      // The model: a Map keeps a key's first place when it is set again.
      const model = new Map<number, Order>();
      const ids = random.int(1, 40);
      for (let touch = 0, touches = random.int(0, 120); touch < touches; touch++) {
        const order = record(random.int(1, ids), touch);
        out.order(order);
        model.set(order.id, order);
      }
      const outcome = out.build();
      expect(outcome.orders).toEqual([...model.values()]);
      expect(outcome.events).toEqual([...model.values()].map((order) => ({ type: 'order_changed', order })));
    }
  });

  it('records each posting with the balance after it, and the events after the orders', () => {
    const account = newAccount(3, '100');
    const out = new OutcomeBuilder(account);
    out.post('realized_pnl', usd('-40'), 7, 1);
    out.order(record(7, 1));
    out.post('trade_fee', usd('-1.5'), 7, 2);
    out.event({ type: 'margin_call', accountId: 3 } as never);
    const outcome = out.build();
    expect(outcome.postings.map((p) => [p.kind, p.balanceAfterMicros])).toEqual([
      ['realized_pnl', usd('60')],
      ['trade_fee', usd('58.5')],
    ]);
    expect(outcome.balanceMicros).toBe(usd('58.5'));
    expect(account.balanceMicros).toBe(usd('58.5'));
    expect(outcome.events.map((event) => event.type)).toEqual(['order_changed', 'margin_call']);
    expect('marginCallWarned' in outcome).toBe(false);
  });

  it('carries the warning flag only when the decision changed it', () => {
    const account = newAccount(4, '100');
    const out = new OutcomeBuilder(account);
    account.marginCallWarned = true;
    const outcome = out.build();
    expect(outcome.marginCallWarned).toBe(true);
    expect(changesAnything(outcome)).toBe(true);
    expect(changesAnything(new OutcomeBuilder(newAccount(5, '1')).build())).toBe(false);
  });

  it('hands over its arrays once: nothing may be added after the build', () => {
    const out = new OutcomeBuilder(newAccount(6, '100'));
    out.order(record(1, 1));
    const outcome = out.build();
    expect(() => out.order(record(2, 1))).toThrow(/after it was built/);
    expect(() => out.post('trade_fee', -1n, 1, 1)).toThrow(/after it was built/);
    expect(() => out.build()).toThrow(/after it was built/);
    expect(outcome.orders).toHaveLength(1);
  });
});
