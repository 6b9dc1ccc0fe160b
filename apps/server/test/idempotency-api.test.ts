/**
 * Idempotency keys through the HTTP layer on a real database: a key belongs to one user, one
 * operation and one request, a replay answers exactly what the first request answered, and no
 * interleaving of requests that share keys (across users, operations and bodies) ever hands one
 * request another's result. After every scenario balances equal their ledgers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode, type OrderRow } from '@omp/protocol';
import { SeededRandom } from '../src/adapters/feed/seeded-random.ts';
import {
  moneyClient,
  uploadImage,
  type DepositRecord,
  type DrawMethod,
  type WithdrawRecord,
  TRC20_ADDRESS,
} from './helpers/money-helpers.ts';
import { staffToken } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import type { EnvelopeBody } from './helpers/account-helpers.ts';
import { countingDatabase } from './helpers/counting-database.ts';
import { liftLeverageCaps } from './helpers/leverage-helpers.ts';
import {
  IdempotencyRepository,
  insertIdempotencyRecord,
} from '../src/repositories/idempotency-repository.ts';

/** Idempotency keys that an array literal or a row value would misread if they were not escaped. */
const TRICKY_KEYS = ['NULL', 'a"b', 'c\\d', 'e,f', '{g}', ' h ', '(i,j)', 'ключ-键-🔑', "k'l"];

interface Trader {
  token: string;
  id: number;
  proof: string;
  currencyId: number;
  methodId: number;
}

type Operation = 'submit' | 'withdraw' | 'deposit';

interface Call {
  user: number;
  key: string | undefined;
  operation: Operation;
  body: Record<string, string | number>;
}

describe.each(databaseEngines())('idempotency keys on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let m: ReturnType<typeof moneyClient>;
  let finance: string;

  beforeAll(async () => {
    // Retries sent at once count against the order rate like any call (order-rate-api.test.ts).
    rt = await startTestRuntime({ engine, env: { ORDER_BURST: '1000' } });
    await liftLeverageCaps(rt);
    t = tradingClient(rt);
    m = moneyClient(rt);
    finance = await staffToken(rt, ['finance']);
    await m.requireIdentity(false);
    // These suites withdraw to an address bound a moment before (cooling: sessions-api.test.ts).
    await m.payoutCooling(0);
    t.tick('EURUSD', '1.10000', '1.10010');
  });
  afterAll(() => rt.dispose());

  async function trader(balance: string): Promise<Trader> {
    const { token, id } = await t.realUser(balance);
    const [usdt] = (await m.get<Array<{ id: number }>>('/api/account/draw_symbol_list?type=1', token)).data;
    const bound = await m.post<DrawMethod>('/api/wallet/bind_draw_method', token, {
      type: 1,
      draw_currency_id: usdt!.id,
      dc_address: TRC20_ADDRESS,
    });
    const proof = await uploadImage(rt, token);
    return { token, id, proof: proof.data.url, currencyId: usdt!.id, methodId: bound.data.id };
  }

  const urls: Record<Operation, string> = {
    submit: '/v1/api/forex/submit',
    withdraw: '/api/account/draw',
    deposit: '/api/quickCharge/submit',
  };

  async function send(who: Trader, call: Call): Promise<EnvelopeBody<Record<string, unknown>>> {
    const headers: Record<string, string> = call.key === undefined ? {} : { 'idempotency-key': call.key };
    return m.post(urls[call.operation], who.token, call.body, headers);
  }

  it('refuses a key reused with another body or on another call, also while the first is running', async () => {
    const a = await trader('10000');
    const order = { forex_id: t.spec('EURUSD').id, type: 1, status: 1, cont: 0.01, multiple: 100 };
    const withdrawal = { draw_currency_id: a.currencyId, draw_method_id: a.methodId, number: '10' };
    // Sent together: the first takes the key; the others ask for something else with it.
    const [placed, otherBody, otherCall] = await Promise.all([
      m.post<OrderRow>(urls.submit, a.token, order, { 'idempotency-key': 'same' }),
      m.post(urls.submit, a.token, { ...order, cont: 0.02 }, { 'idempotency-key': 'same' }),
      m.post(urls.withdraw, a.token, withdrawal, { 'idempotency-key': 'same' }),
    ]);
    expect(placed).toMatchObject({ code: 1, data: { Quantity: 0.01 } });
    for (const refused of [otherBody, otherCall])
      expect(refused).toMatchObject({
        code: ResponseCode.invalid,
        msg: 'This idempotency key was already used for another request',
        data: null,
      });
    // And after it committed.
    expect(
      await m.post(urls.submit, a.token, { ...order, type: 2 }, { 'idempotency-key': 'same' }),
    ).toMatchObject({ code: ResponseCode.invalid });
    expect(
      await m.post(
        urls.deposit,
        a.token,
        { number: '5', proofImg: a.proof, charge_id: 1 },
        { 'idempotency-key': 'same' },
      ),
    ).toMatchObject({ code: ResponseCode.invalid });
    expect((await t.myDeal(a.token, 1)).data.data).toHaveLength(1);
    expect((await m.get<{ total: number }>('/api/account/draw_list', a.token)).data.total).toBe(0);
    await t.expectLedgerBalanced(a.id);
  });

  it('replays exactly the first answer, not the record as it is now', async () => {
    const a = await trader('10000');
    const order = { forex_id: t.spec('EURUSD').id, type: 1, status: 1, cont: 0.05, multiple: 100 };
    const placed = await m.post<OrderRow>(urls.submit, a.token, order, { 'idempotency-key': 'open-1' });
    expect(placed.data.Status).toBe(1);
    expect(await t.close(a.token, placed.data.Id)).toMatchObject({ code: 1, data: { Status: 3 } });
    const replay = await m.post<OrderRow>(urls.submit, a.token, order, { 'idempotency-key': 'open-1' });
    expect(replay).toEqual(placed);

    const report = { number: '25', proofImg: a.proof, charge_id: 1 };
    const filed = await m.post<DepositRecord>(urls.deposit, a.token, report, { 'idempotency-key': 'dep-1' });
    expect(filed).toMatchObject({ code: 1, data: { status: 0 } });
    expect(await m.post(`/admin/api/deposits/${filed.data.id}/approve`, finance)).toMatchObject({ code: 1 });
    expect(await m.post(urls.deposit, a.token, report, { 'idempotency-key': 'dep-1' })).toEqual(filed);

    const withdrawal = { draw_currency_id: a.currencyId, draw_method_id: a.methodId, number: '12' };
    const held = await m.post<WithdrawRecord>(urls.withdraw, a.token, withdrawal, {
      'idempotency-key': 'wd-1',
    });
    expect(held).toMatchObject({ code: 1, data: { status: 0, number: 12 } });
    expect(
      await m.post(`/admin/api/withdrawals/${held.data.id}/reject`, finance, { remark: 'test' }),
    ).toMatchObject({ code: 1 });
    expect(await m.post(urls.withdraw, a.token, withdrawal, { 'idempotency-key': 'wd-1' })).toEqual(held);
    await t.expectLedgerBalanced(a.id);
  });

  it('never answers a request with another request’s result, whatever shares its key', async () => {
    const traders = [await trader('100000'), await trader('100000')];
    const forexId = t.spec('EURUSD').id;
    const keys = ['k1', 'k2', 'k3', undefined];
    const bodyOf = (random: SeededRandom, who: Trader, operation: Operation) => {
      const pick = <T>(list: readonly T[]) => list[Math.floor(random.next() * list.length)]!;
      if (operation === 'submit')
        return { forex_id: forexId, type: pick([1, 2]), status: 1, cont: pick([0.01, 0.02]), multiple: 100 };
      if (operation === 'withdraw')
        return { draw_currency_id: who.currencyId, draw_method_id: who.methodId, number: pick(['10', '20']) };
      return { number: pick(['30', '40']), proofImg: who.proof, charge_id: 1 };
    };
    const answered: Array<{ call: Call; answer: EnvelopeBody<Record<string, unknown>> }> = [];
    for (const seed of [1, 2, 3, 4, 5]) {
      const random = new SeededRandom(seed);
      const round = seed; // fresh keys per seed, so every seed starts with unused keys
      for (let batch = 0; batch < 3; batch++) {
        const calls: Call[] = Array.from({ length: 8 }, () => {
          const user = random.next() < 0.5 ? 0 : 1;
          const key = keys[Math.floor(random.next() * keys.length)];
          const operation = (['submit', 'withdraw', 'deposit'] as const)[Math.floor(random.next() * 3)]!;
          return {
            user,
            key: key && `${key}-${round}`,
            operation,
            body: bodyOf(random, traders[user]!, operation),
          };
        });
        const answers = await Promise.all(calls.map((call) => send(traders[call.user]!, call)));
        calls.forEach((call, i) => answered.push({ call, answer: answers[i]! }));
      }
    }

    // Each answer is its own request's result or a refusal with a message.
    for (const { call, answer } of answered) {
      if (answer.code !== 1) {
        expect(answer.data).toBeNull();
        expect(answer.msg.length).toBeGreaterThan(0);
        continue;
      }
      const data = answer.data;
      if (call.operation === 'submit')
        expect(data).toMatchObject({ Quantity: call.body.cont, OrderType: call.body.type, ForexId: forexId });
      else expect(data).toMatchObject({ number: Number(call.body.number) });
      if (call.operation === 'deposit') expect(data).toHaveProperty('proof_img');
      if (call.operation === 'withdraw') expect(data).toHaveProperty('fee');
    }
    // One key of one user: one request, one result, however often it was sent.
    const byKey = new Map<string, Array<(typeof answered)[number]>>();
    for (const entry of answered) {
      if (entry.call.key === undefined || entry.answer.code !== 1) continue;
      const slot = `${entry.call.user}:${entry.call.key}`;
      byKey.set(slot, [...(byKey.get(slot) ?? []), entry]);
    }
    for (const entries of byKey.values()) {
      const [first, ...rest] = entries;
      for (const entry of rest) {
        expect(entry.call.operation).toBe(first!.call.operation);
        expect(entry.call.body).toEqual(first!.call.body);
        expect(entry.answer).toEqual(first!.answer);
      }
    }
    // Every record a user was answered with is theirs, and every record they have was answered once.
    for (const [index, who] of traders.entries()) {
      const mine = answered.filter((entry) => entry.call.user === index && entry.answer.code === 1);
      const idsOf = (operation: Operation, field: string) =>
        new Set(
          mine.filter((e) => e.call.operation === operation).map((e) => e.answer.data[field] as number),
        );
      const orders = (
        await m.get<{ data: OrderRow[] }>('/v1/api/forex/my_deal?status=1&page_size=100', who.token)
      ).data.data.map((row) => row.Id);
      const withdrawals = (
        await m.get<{ list: Array<{ id: number }> }>('/api/account/draw_list?page_size=100', who.token)
      ).data.list.map((r) => r.id);
      const deposits = (
        await m.get<{ list: Array<{ id: number }> }>('/api/quickCharge/quick_ist?page_size=100', who.token)
      ).data.list.map((r) => r.id);
      expect(new Set(orders)).toEqual(idsOf('submit', 'Id'));
      expect(new Set(withdrawals)).toEqual(idsOf('withdraw', 'id'));
      expect(new Set(deposits)).toEqual(idsOf('deposit', 'id'));
      await t.expectLedgerBalanced(who.id);
    }
    // The scenario exercised both outcomes.
    expect(answered.some((e) => e.answer.code === ResponseCode.invalid)).toBe(true);
    expect(answered.filter((e) => e.answer.code === 1).length).toBeGreaterThan(30);
  });
  it('answers twenty identical requests sent at once alike, making each change once', async () => {
    const a = await trader('10000');
    const forexId = t.spec('EURUSD').id;
    const order = { forex_id: forexId, type: 1, status: 1, cont: 0.02, multiple: 100 };
    const twenty = (url: string, token: string, body: object, key: string) =>
      Promise.all(
        Array.from({ length: 20 }, () => m.post(url, token, { ...body }, { 'idempotency-key': key })),
      );
    const expectAlike = (answers: Array<EnvelopeBody<unknown>>) => {
      expect(answers[0]!.code, answers[0]!.msg).toBe(1);
      for (const answer of answers) expect(answer).toEqual(answers[0]);
    };
    const placed = await twenty(urls.submit, a.token, order, 'at-once-submit');
    expectAlike(placed);
    const id = (placed[0]!.data as OrderRow).Id;
    expectAlike(await twenty('/v1/api/forex/close_part', a.token, { id, cont: '0.01' }, 'at-once-part'));
    expectAlike(await twenty('/v1/api/forex/close', a.token, { id }, 'at-once-close'));
    await m.post(urls.submit, a.token, order, { 'idempotency-key': 'second-order' });
    expectAlike(await twenty('/v1/api/forex/close_all', a.token, { scope: 'all' }, 'at-once-all'));
    const withdrawal = { draw_currency_id: a.currencyId, draw_method_id: a.methodId, number: '10' };
    expectAlike(await twenty(urls.withdraw, a.token, withdrawal, 'at-once-draw'));
    expectAlike(
      await twenty(urls.deposit, a.token, { number: '5', proofImg: a.proof, charge_id: 1 }, 'at-once-dep'),
    );
    const credit = { amount: '7', reason: 'goodwill', kind: 'bonus' };
    expectAlike(await twenty(`/admin/api/users/${a.id}/adjust`, finance, credit, 'at-once-adjust'));

    const closed = (await t.myDeal(a.token, 3)).data.data;
    // The part, the rest of the first order and the second order: three closed rows, none twice.
    expect(closed).toHaveLength(3);
    expect((await t.myDeal(a.token, 1)).data.total).toBe(0);
    expect((await m.get<{ total: number }>('/api/account/draw_list', a.token)).data.total).toBe(1);
    expect((await m.get<{ total: number }>('/api/quickCharge/quick_ist', a.token)).data.total).toBe(1);
    const bonuses = await rt.database.db
      .selectFrom('ledger')
      .select('amount')
      .where('user_id', '=', a.id)
      .where('kind', '=', 'bonus')
      .execute();
    expect(bonuses.map((row) => Number(row.amount))).toEqual([7_000_000]);
    await t.expectLedgerBalanced(a.id);
  });

  it('stores nothing for a refused request: its key places the order once what refused it changed', async () => {
    const { token, id } = await t.realUser('1');
    const order = { forex_id: t.spec('EURUSD').id, type: 1, status: 1, cont: 1, multiple: 100 };
    const key = { 'idempotency-key': 'refused-first' };
    const refusals = await Promise.all([1, 2, 3].map(() => m.post(urls.submit, token, order, key)));
    for (const refusal of refusals)
      expect(refusal).toEqual({
        code: 0,
        msg: "Not enough free margin for this order's margin and fee",
        data: null,
      });
    await m.post(`/admin/api/users/${id}/adjust`, finance, { amount: '5000', reason: 'funding' });
    const placed = await m.post<OrderRow>(urls.submit, token, order, key);
    expect(placed.code, placed.msg).toBe(1);
    expect(await m.post(urls.submit, token, order, key)).toEqual(placed);
    expect((await t.myDeal(token, 1)).data.total).toBe(1);
    await t.expectLedgerBalanced(id);
  });

  it("keeps a real account's keys apart from its own demo account's", async () => {
    const real = await t.realUser('10000');
    const demo = await m.post<{ token: string }>('/api/user/demo_session', real.token);
    expect(demo.code, demo.msg).toBe(1);
    const order = { forex_id: t.spec('EURUSD').id, type: 1, status: 1, cont: 0.01, multiple: 100 };
    const key = { 'idempotency-key': 'one-key-two-accounts' };
    const onReal = await m.post<OrderRow>(urls.submit, real.token, order, key);
    const onDemo = await m.post<OrderRow>(urls.submit, demo.data.token, order, key);
    expect(onReal.code, onReal.msg).toBe(1);
    expect(onDemo.code, onDemo.msg).toBe(1);
    expect(onDemo.data.Id).not.toBe(onReal.data.Id);
    expect(await m.post(urls.submit, real.token, order, key)).toEqual(onReal);
    expect(await m.post(urls.submit, demo.data.token, order, key)).toEqual(onDemo);
    expect((await t.myDeal(real.token, 1)).data.total).toBe(1);
    expect((await t.myDeal(demo.data.token, 1)).data.total).toBe(1);
    await t.expectLedgerBalanced(real.id);
  });

  it('reads the keys asked for together in one statement on PostgreSQL, each answered its own reply', async () => {
    const [first, second] = [await t.demoUser(), await t.demoUser()];
    const stored = (userId: number, key: string, response: string) => ({
      userId,
      key,
      operation: 'submit',
      fingerprint: `f-${key}`,
      response,
    });
    await rt.database.db.transaction().execute(async (trx) => {
      await insertIdempotencyRecord(trx, stored(first.id, 'a', '{"n":1}'), 1);
      await insertIdempotencyRecord(trx, stored(second.id, 'a', '{"n":2}'), 1);
      await insertIdempotencyRecord(trx, stored(second.id, 'b', '{"n":3}'), 1);
      // Keys are the caller's text: what an array literal would misread must come back as stored.
      for (const [at, key] of TRICKY_KEYS.entries())
        await insertIdempotencyRecord(trx, stored(first.id, key, `{"tricky":${at}}`), 1);
    });
    const { db: counting, counts } = countingDatabase(rt.database.db);
    const repository = new IdempotencyRepository(counting);
    // The same key of two users, a key of one user asked for twice, and keys nobody stored.
    const asked: Array<[number, string]> = [
      [first.id, 'a'],
      [second.id, 'a'],
      [second.id, 'b'],
      [first.id, 'b'],
      [second.id, 'a'],
      [second.id + 1_000, 'a'],
    ];
    const replies = await Promise.all(asked.map(([userId, key]) => repository.find(userId, key)));
    expect(replies.map((reply) => reply?.response)).toEqual([
      '{"n":1}',
      '{"n":2}',
      '{"n":3}',
      undefined,
      '{"n":2}',
      undefined,
    ]);
    expect(replies[2]).toEqual({ operation: 'submit', fingerprint: 'f-b', response: '{"n":3}' });
    expect(counts.statements).toBe(engine === 'postgres' ? 1 : asked.length);
    const tricky = await Promise.all(
      [...TRICKY_KEYS, 'null', 'Null '].map((key) => repository.find(first.id, key)),
    );
    expect(tricky.map((reply) => reply?.response)).toEqual([
      ...TRICKY_KEYS.map((_, at) => `{"tricky":${at}}`),
      undefined,
      undefined,
    ]);
    // Asked alone, a key is one statement on either database.
    counts.statements = 0;
    expect((await repository.find(first.id, 'a'))?.response).toBe('{"n":1}');
    expect(counts.statements).toBe(1);
  });
});
