/**
 * Price alerts through the HTTP layer on a real database: set above, below or as a percent move,
 * listed and deleted, refused in words; fired once by the tick that crosses them, even across a
 * restart, as one notification of kind price_alert; a deleted alert never fires.
 */
import { describe, expect, it, vi } from 'vitest';
import type { NotificationPage, PriceAlert } from '@omp/protocol';
import type { EnvelopeBody } from './helpers/account-helpers.ts';
import { databaseEngines } from './helpers/test-runtime.ts';
import { tradingSuite } from './helpers/trading-suite.ts';

describe.each(databaseEngines())('price alerts on %s', (engine) => {
  const suite = tradingSuite(engine);

  async function call<T>(method: 'GET' | 'POST' | 'DELETE', url: string, token: string, body?: object) {
    const res = await suite.rt.app.inject({
      method,
      url,
      headers: { lang: 'en', authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    return res.json() as EnvelopeBody<T>;
  }
  const setAlert = (token: string, body: Record<string, unknown>) =>
    call<PriceAlert>('POST', '/v1/api/alerts', token, { forex_id: suite.eurusd, ...body });
  const alertsOf = async (token: string) => (await call<PriceAlert[]>('GET', '/v1/api/alerts', token)).data;
  const notificationsOf = async (token: string) =>
    (await call<NotificationPage>('GET', '/v1/api/notifications', token)).data;
  /** The alert runner stores and notifies after the tick: wait until it has. */
  const settled = async (token: string, count: number) =>
    vi.waitFor(async () => expect((await notificationsOf(token)).total).toBe(count), {
      timeout: 5000,
      interval: 20,
    });

  it('sets, lists and deletes alerts, each kind with its levels from the bid', async () => {
    const { token } = await suite.t.demoUser();
    const above = await setAlert(token, { condition: 'above', price: '1.10250' });
    expect(above).toMatchObject({
      code: 1,
      data: {
        forex_id: suite.eurusd,
        code: 'EUR/USD',
        condition: 'above',
        above_price: 1.1025,
        below_price: null,
        reference_price: 1.1,
        price_precision: 5,
        fired_at: null,
      },
    });
    const below = await setAlert(token, { condition: 'below', price: 1.0975 });
    expect(below.data).toMatchObject({ condition: 'below', above_price: null, below_price: 1.0975 });
    // 1.5 % of 1.10000 is 0.01650: both levels are stored.
    const move = await setAlert(token, { condition: 'move', move_percent: '1.5' });
    expect(move.data).toMatchObject({
      condition: 'move',
      above_price: 1.1165,
      below_price: 1.0835,
      move_percent: 1.5,
    });

    expect((await alertsOf(token)).map((a) => a.id)).toEqual([move.data.id, below.data.id, above.data.id]);
    const afterDelete = await call<PriceAlert[]>('DELETE', `/v1/api/alerts?id=${below.data.id}`, token);
    expect(afterDelete.code).toBe(1);
    expect(afterDelete.data.map((a) => a.id)).toEqual([move.data.id, above.data.id]);
  });

  it('refuses what cannot be an alert, in words', async () => {
    const { token } = await suite.t.demoUser();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [
        { condition: 'above', price: '1.09' },
        0,
        'An above alert must be above the price now (1.10000): it would fire at once',
      ],
      [
        { condition: 'below', price: '1.1' },
        0,
        'A below alert must be below the price now (1.10000): it would fire at once',
      ],
      [
        { condition: 'above', price: '1.102501' },
        0,
        "This instrument quotes 5 decimals: the alert's price may have no more",
      ],
      [{ condition: 'above' }, 0, 'Give the price the alert waits for'],
      [{ condition: 'below', price: '0' }, 0, "The alert's price must be above 0"],
      [{ condition: 'move' }, 0, 'Give the percent move the alert waits for'],
      [{ condition: 'move', move_percent: '51' }, 0, 'The move must be between 0.01% and 50%'],
      [{ condition: 'move', move_percent: '0.001' }, 0, 'The move may have at most 2 decimals'],
      [{ condition: 'sideways', price: '1.2' }, 422, 'condition must be one of: above, below, move'],
      [
        { condition: 'above', price: '-1' },
        422,
        'price must be a plain decimal such as 0.01: digits and one point, no exponent or separators',
      ],
    ];
    for (const [body, code, msg] of cases)
      expect(await setAlert(token, body), JSON.stringify(body)).toMatchObject({ code, msg });
    expect(
      await call('POST', '/v1/api/alerts', token, { forex_id: 999_999, condition: 'above', price: '2' }),
    ).toMatchObject({ code: 404, msg: 'There is no such instrument' });
    expect(await alertsOf(token)).toEqual([]);

    const other = await suite.t.demoUser();
    const theirs = await setAlert(other.token, { condition: 'above', price: '1.2' });
    expect(await call('DELETE', `/v1/api/alerts?id=${theirs.data.id}`, token)).toMatchObject({
      code: 404,
      msg: 'There is no such alert',
    });
    expect(await alertsOf(other.token)).toHaveLength(1);
  });

  it('keeps at most 50 waiting alerts per user', async () => {
    const { token } = await suite.t.demoUser();
    for (let i = 0; i < 50; i++)
      expect((await setAlert(token, { condition: 'above', price: (1.2 + i / 1000).toFixed(5) })).code).toBe(
        1,
      );
    expect(await setAlert(token, { condition: 'above', price: '1.3' })).toMatchObject({
      code: 0,
      msg: 'You have 50 waiting alerts, the most allowed. Delete one to set another.',
    });
    const [newest] = await alertsOf(token);
    await call('DELETE', `/v1/api/alerts?id=${newest!.id}`, token);
    expect((await setAlert(token, { condition: 'above', price: '1.3' })).code).toBe(1);
  });

  it('keeps at most 50 waiting alerts when 80 requests arrive at once', async () => {
    const { token } = await suite.t.demoUser();
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        setAlert(token, { condition: 'above', price: (1.2 + i / 1000).toFixed(5) }),
      ),
    );
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(50);
    expect(answers.filter((answer) => answer.code !== 1).map((answer) => answer.msg)).toEqual(
      Array.from(
        { length: 30 },
        () => 'You have 50 waiting alerts, the most allowed. Delete one to set another.',
      ),
    );
    expect(await alertsOf(token)).toHaveLength(50);
  });

  it('fires once across a restart: one notification, none when crossed again', async () => {
    const { token } = await suite.t.demoUser();
    const above = await setAlert(token, { condition: 'above', price: '1.10100' });
    const deleted = await setAlert(token, { condition: 'above', price: '1.10050' });
    await call('DELETE', `/v1/api/alerts?id=${deleted.data.id}`, token);

    await suite.restart();
    suite.rt.clock.advance(1000);
    suite.t.tick('EURUSD', '1.10099', '1.10111');
    suite.rt.clock.advance(1000);
    suite.t.tick('EURUSD', '1.10130', '1.10142');
    await settled(token, 1);
    const page = await notificationsOf(token);
    expect(page).toMatchObject({ total: 1, unread: 1 });
    expect(page.list[0]).toMatchObject({
      kind: 'price_alert',
      title: 'EUR/USD price alert',
      body: 'EUR/USD rose to 1.10130 (your alert: above 1.10100)',
      link: `/trade?id=${suite.eurusd}`,
      read: false,
    });
    const [fired] = await alertsOf(token);
    expect(fired).toMatchObject({ id: above.data.id, fired_price: 1.1013 });
    expect(fired!.fired_at).toBe(Math.floor(suite.rt.clock.now() / 1000));

    // Back under and across again, and through another restart: nothing more.
    suite.t.tick('EURUSD', '1.09900', '1.09912');
    suite.t.tick('EURUSD', '1.10300', '1.10312');
    await suite.restart();
    suite.rt.clock.advance(1000);
    suite.t.tick('EURUSD', '1.10400', '1.10412');
    await suite.rt.trading.idle();
    const again = await notificationsOf(token);
    expect(again.total).toBe(1);
  });

  it('fires a move alert by whichever level comes first, and a below alert on the fall', async () => {
    const { token } = await suite.t.demoUser();
    await setAlert(token, { condition: 'move', move_percent: '0.5' });
    await setAlert(token, { condition: 'below', price: '1.09500' });
    suite.rt.clock.advance(1000);
    // A gap down through both: the move's lower level (1.09450) and the below level.
    suite.t.tick('EURUSD', '1.09400', '1.09412');
    await settled(token, 2);
    const bodies = (await notificationsOf(token)).list.map((n) => n.body).sort();
    expect(bodies).toEqual([
      'EUR/USD fell to 1.09400 (your alert: below 1.09500)',
      'EUR/USD moved 0.5% to 1.09400',
    ]);
    suite.t.tick('EURUSD', '1.11000', '1.11012');
    await suite.rt.trading.idle();
    expect((await notificationsOf(token)).total).toBe(2);
  });
});
