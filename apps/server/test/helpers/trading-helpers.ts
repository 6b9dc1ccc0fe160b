/**
 * Helpers for trading tests: users with a known balance, controlled ticks, calls of the trading
 * API, and the ledger invariant (stored balance = Σ ledger = the engine's balance).
 */
import { formatMicros, parseMicros, parsePriceToPoints } from '@omp/engine';
import type { AccountFigures, LoginResult, MyDealResult, OrderRow } from '@omp/protocol';
import { expect } from 'vitest';
import { TradingRepository } from '../../src/repositories/trading-repository.ts';
import { accountClient, type EnvelopeBody } from './account-helpers.ts';
import { testPasswords, type TestRuntime } from './test-runtime.ts';

let demoCounter = 0;

export function tradingClient(rt: TestRuntime) {
  const client = accountClient(rt);
  const repository = new TradingRepository(rt.database.db);

  const spec = (code: string) => {
    const found = rt.market.instrumentByCode(code);
    if (!found) throw new Error(`no instrument ${code}`);
    return found;
  };

  return {
    ...client,
    spec,
    /** A demo user (opens with the demo balance) as the one-tap demo login makes it. */
    async demoUser(): Promise<{ token: string; id: number }> {
      const demoId = `test-demo-${process.pid}-${++demoCounter}-${Date.now()}`;
      const login = await client.get<LoginResult>(`/api/user/createAccountDemoForU?demo_id=${demoId}`);
      const user = await rt.app.auth.userOfToken(login.data.token);
      return { token: login.data.token, id: user!.id };
    },
    /**
     * A real (registered) user funded with `balance` USD by a back-office adjustment through the
     * engine and the same commit path as every other change. Registration itself is covered by
     * the accounts tests; here the user row is switched to real before its money account opens.
     */
    async realUser(balance: string): Promise<{ token: string; id: number }> {
      const { token, id } = await this.demoUser();
      await rt.database.db
        .updateTable('users')
        .set({ is_demo: 0, demo_id: null })
        .where('id', '=', id)
        .execute();
      rt.app.auth.forgetUser(id);
      await rt.trading.changeBalance(
        { id, isDemo: false },
        {
          postings: [{ kind: 'adjustment', amountMicros: parseMicros(balance)! }],
          refId: 0,
          requireFreeMargin: false,
        },
        { answer: () => null },
      );
      return { token, id };
    },
    /**
     * Gives a user an e-mail address and a password to sign in with, as registration would, and
     * drops the cached record so every node reads them.
     */
    async signInWith(id: number, email: string, password: string): Promise<void> {
      await rt.database.db
        .updateTable('users')
        .set({ email, password_hash: await testPasswords.hash(password) })
        .where('id', '=', id)
        .execute();
      rt.app.auth.forgetUser(id);
    },
    /** A tick at the test clock's time, prices as decimal text. */
    tick(code: string, bid: string, ask: string) {
      const s = spec(code);
      rt.market.applyTicks([
        {
          code,
          bid: parsePriceToPoints(bid, s.pricePrecision)!,
          ask: parsePriceToPoints(ask, s.pricePrecision)!,
          timeMs: rt.clock.now(),
        },
      ]);
    },
    submit(
      token: string,
      fields: Record<string, string | number | undefined>,
      headers: Record<string, string> = {},
    ) {
      return post<OrderRow>(rt, '/v1/api/forex/submit', fields, token, headers);
    },
    close(token: string, id: number, headers: Record<string, string> = {}) {
      return post<OrderRow>(rt, '/v1/api/forex/close', { id }, token, headers);
    },
    cancel(token: string, id: number) {
      return post<OrderRow>(rt, '/v1/api/forex/cancel_trade', { id }, token);
    },
    movePending(
      token: string,
      fields: Record<string, string | number>,
      headers: Record<string, string> = {},
    ) {
      return post<OrderRow>(rt, '/v1/api/forex/update_pending', fields, token, headers);
    },
    setStops(token: string, fields: Record<string, string | number>) {
      return post<OrderRow>(rt, '/v1/api/forex/set_stop_price', fields, token);
    },
    myDeal(token: string, status: 0 | 1 | 3, page = 1) {
      return client.get<MyDealResult>(`/v1/api/forex/my_deal?status=${status}&page=${page}`, token);
    },
    figures(token: string) {
      return client.get<AccountFigures>('/v1/api/main/account/forexDetail', token);
    },
    /** Writes are group-committed: wait for the queue, then compare storage with the engine. */
    async expectLedgerBalanced(userId: number): Promise<bigint> {
      await rt.trading.idle();
      const { sumMicros } = await repository.ledgerSummary(userId);
      const stored = await repository.storedBalance(userId);
      expect(formatMicros(stored ?? 0n)).toBe(formatMicros(sumMicros));
      expect(formatMicros(rt.trading.bookBalanceMicros(userId) ?? 0n)).toBe(formatMicros(sumMicros));
      return sumMicros;
    },
    repository,
  };
}

async function post<T>(
  rt: TestRuntime,
  url: string,
  fields: Record<string, string | number | undefined>,
  token: string,
  headers: Record<string, string> = {},
) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.set(key, String(value));
  const res = await rt.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      lang: 'en',
      authorization: token,
      ...headers,
    },
    payload: body.toString(),
  });
  return res.json() as EnvelopeBody<T>;
}
