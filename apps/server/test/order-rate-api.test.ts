/**
 * One user's flood of order calls is refused with a clear wait, changes nothing, and leaves every
 * other user's orders alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

describe.each(databaseEngines())('order call limit on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let order: Record<string, string | number>;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine, env: { ORDER_BURST: '3', ORDER_RATE_PER_SECOND: '2' } });
    t = tradingClient(rt);
    order = { type: 1, cont: '0.1', forex_id: t.spec('EURUSD').id, status: 1 };
    t.tick('EURUSD', '1.10000', '1.10012');
  });
  afterAll(() => rt.dispose());

  it('takes the burst, refuses the next call with the wait, and places nothing for it', async () => {
    const flooder = await t.demoUser();
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => t.submit(flooder.token, order)));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(3);
    const refusals = answers.filter((a) => a.code !== 1);
    expect(refusals).toHaveLength(2);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({
        code: 429,
        msg: 'Too many order requests. Please wait 1 s and try again.',
        data: null,
      });
    }
    expect((await t.myDeal(flooder.token, 1)).data.total).toBe(3);
    await t.expectLedgerBalanced(flooder.id);

    // Closing and stop edits draw on the same allowance.
    const [first] = (await t.myDeal(flooder.token, 1)).data.data;
    expect(await t.close(flooder.token, first!.Id)).toMatchObject({ code: 429 });

    const bystander = await t.demoUser();
    expect(await t.submit(bystander.token, order)).toMatchObject({ code: 1 });

    rt.clock.advance(500);
    expect(await t.close(flooder.token, first!.Id)).toMatchObject({ code: 1 });
    expect(await t.submit(flooder.token, order)).toMatchObject({ code: 429 });
    rt.clock.advance(500);
    expect(await t.submit(flooder.token, order)).toMatchObject({ code: 1 });
    expect((await t.myDeal(flooder.token, 1)).data.total).toBe(3);
    // Decision 0001: a rate-limited call keeps HTTP 429 (clients back off on it), in the envelope.
    for (let n = 0; n < 10; n++) await t.submit(flooder.token, order);
    const limited = await rt.app.inject({
      method: 'POST',
      url: '/v1/api/forex/submit',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        lang: 'en',
        authorization: flooder.token,
      },
      payload: new URLSearchParams({
        type: '1',
        cont: '0.01',
        forex_id: String(order.forex_id),
        status: '1',
      }).toString(),
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 429, data: null });
    await t.expectLedgerBalanced(flooder.id);
  });
});
