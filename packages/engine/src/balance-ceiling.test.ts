import { describe, expect, it } from 'vitest';
import { fixtureBook, newAccount, usd, WEDNESDAY_NOON } from './testing/trading-fixture.ts';
import { BALANCE_CEILING_MICROS, type TradingBook } from './trading-book.ts';
import type { LedgerKindOfTrading } from './trading-types.ts';

const T = WEDNESDAY_NOON;

function bookWith(balance: string): TradingBook {
  const book = fixtureBook();
  book.loadAccount(newAccount(7, balance));
  return book;
}

const post = (book: TradingBook, kind: LedgerKindOfTrading, amount: string) =>
  book.postBalance(
    7,
    { postings: [{ kind, amountMicros: usd(amount) }], refId: 1, requireFreeMargin: false },
    T,
  );

describe('the balance ceiling [B7]', () => {
  it('is the largest balance a JSON number carries to the micro-dollar', () => {
    expect(BALANCE_CEILING_MICROS).toBe(usd('999999999.999999'));
    expect(BALANCE_CEILING_MICROS).toBeLessThan(BigInt(Number.MAX_SAFE_INTEGER));
    // Every balance up to it survives the wire's number and back.
    const text = '999999999.999999';
    expect(Number(text).toFixed(6)).toBe(text);
  });

  it.each(['deposit', 'adjustment', 'bonus'] as const)('refuses a %s past it and changes nothing', (kind) => {
    const book = bookWith('999999000');
    expect(post(book, kind, '1000.000001')).toEqual({ ok: false, rejection: 'balance_above_ceiling' });
    expect(book.account(7)!.balanceMicros).toBe(usd('999999000'));
  });

  it.each(['deposit', 'adjustment', 'bonus'] as const)('accepts a %s that reaches it exactly', (kind) => {
    const book = bookWith('999999000');
    const result = post(book, kind, '999.999999');
    expect(result.ok).toBe(true);
    expect(book.account(7)!.balanceMicros).toBe(BALANCE_CEILING_MICROS);
  });

  it("never refuses a withdrawal's release or a debit, even above it", () => {
    // An account already past the ceiling (trading profits are not capped) gets its held money back.
    const book = bookWith('1000000500');
    expect(post(book, 'withdrawal_release', '500').ok).toBe(true);
    expect(post(book, 'adjustment', '-100').ok).toBe(true);
    expect(book.account(7)!.balanceMicros).toBe(usd('1000000900'));
    // A credit from outside is refused there, whatever its size.
    expect(post(book, 'bonus', '0.000001')).toEqual({ ok: false, rejection: 'balance_above_ceiling' });
  });
});
