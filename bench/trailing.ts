/**
 * Trailing stops: what they add to a tick of the trading book (engine SPEC TS4). Two books of N
 * accounts hold the same positions, half buys and half sells on one instrument, each with a stop
 * loss; in the second every position also trails at its own distance (1–3 % of the price). Both
 * get the same ticks in the same run, and the µs per tick of each and their ratio are printed.
 *
 *   npm run bench:trailing          (ACCOUNTS, TICKS and TREND_TICKS override the defaults)
 *
 * Two kinds of tick, each measured on both books:
 * - quiet: the price wobbles inside the range already seen, so no trailing stop has anywhere to
 *   go. The claim is that these cost the trailing book what they cost the plain one (a move is a
 *   trigger, so a quiet tick visits no trailing order).
 * - trending: every tick is a new high, so every buy's stop moves on every tick. This is the
 *   worst case a trailing stop can cost: one order change per buy, per tick.
 * No stop is ever reached: the book's size is the same at every tick.
 */
import { TradingBook, type InstrumentSpec, type PlaceOrderCommand } from '@omp/engine';
import { ALWAYS_OPEN } from '../packages/engine/src/schedule.ts';
import { seededPrng } from '../packages/engine/src/testing/seeded-prng.ts';

const ACCOUNTS = Number(process.env.ACCOUNTS ?? 10_000);
const TICKS = Number(process.env.TICKS ?? 20_000);
/** Fewer: each trending tick moves every buy's stop, thousands of order changes a tick. */
const TREND_TICKS = Number(process.env.TREND_TICKS ?? 300);
const WARMUP_SHARE = 0.1;
const SETTINGS = { feeType: 2, staleQuoteMs: 30_000, marginCallLevel: 100, stopOutLevel: 50 };
const PRICE = 110_000;
const SPREAD = 10;

const SPEC: InstrumentSpec = {
  id: 1,
  code: 'EURUSD',
  showCode: 'EUR/USD',
  categoryId: 1,
  logo: 'eurusd.svg',
  baseCurrency: 'EUR',
  quoteCurrency: 'USD',
  pricePrecision: 5,
  contractSize: 100_000,
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '100',
  marginMode: 2,
  feeRate: '0.0001',
  leverageOptions: [100],
  spreadPoints: SPREAD,
  schedule: ALWAYS_OPEN,
  sort: 1,
};

let clockMs = Date.UTC(2026, 10, 18, 12);

function bookWith(trailing: boolean): TradingBook {
  const book = new TradingBook(SETTINGS);
  book.board.addInstrument(SPEC);
  book.applyTick(SPEC.id, PRICE, PRICE + SPREAD, clockMs);
  const prng = seededPrng(7);
  for (let id = 1; id <= ACCOUNTS; id++) {
    book.loadAccount({
      id,
      isDemo: true,
      balanceMicros: 100_000_000_000n,
      orders: new Map(),
      marginCallWarned: false,
    });
    const buy = id % 2 === 0;
    // Stops 5–8 % away: far beyond any move below, so nothing ever closes.
    const away = Math.round(PRICE * (0.05 + prng.next() * 0.03));
    const command: PlaceOrderCommand = {
      instrumentId: SPEC.id,
      side: buy ? 'buy' : 'sell',
      market: true,
      lots: 1_000_000n,
      leverage: 100,
      stopLossPoints: buy ? PRICE - away : PRICE + SPREAD + away,
      ...(trailing ? { trailingPoints: Math.round(PRICE * (0.01 + prng.next() * 0.02)) } : {}),
    };
    const result = book.placeOrder(id, command, clockMs);
    if (!result.ok) throw new Error(`order refused: ${result.rejection}`);
  }
  return book;
}

/** µs per tick over `bids`, after the same warm-up (the first tenth of them) on every book. */
function measure(book: TradingBook, bids: readonly number[]): number {
  const warmup = Math.ceil(bids.length * WARMUP_SHARE);
  for (let i = 0; i < warmup; i++) book.applyTick(SPEC.id, bids[i]!, bids[i]! + SPREAD, ++clockMs);
  // Building a book leaves garbage; collected now, it is not counted against the ticks.
  (globalThis as { gc?: () => void }).gc?.();
  const start = performance.now();
  for (let i = warmup; i < bids.length; i++) book.applyTick(SPEC.id, bids[i]!, bids[i]! + SPREAD, ++clockMs);
  return ((performance.now() - start) * 1000) / (bids.length - warmup);
}

const prng = seededPrng(11);
// Quiet: inside ±0.2 % of the price, after one tick at each edge so every stop has trailed to it.
const edge = Math.round(PRICE * 0.002);
const quiet = [PRICE + edge, PRICE - edge];
while (quiet.length < TICKS) quiet.push(PRICE + prng.int(-edge + 1, edge - 1));
// Trending: one point higher every tick.
const trending = Array.from({ length: TREND_TICKS }, (_, i) => PRICE + edge + 1 + i);

// Each pair runs twice and the second counts: the first measured book otherwise pays for the
// code being compiled while it runs, which made a quiet plain book look slower than a trailing one.
const rows: Array<[string, number, number]> = [];
for (const [name, bids] of [
  ['quiet', quiet],
  ['trending', trending],
] as const) {
  let plain = 0;
  let trailing = 0;
  for (let round = 0; round < 2; round++) {
    plain = measure(bookWith(false), bids);
    trailing = measure(bookWith(true), bids);
  }
  rows.push([name, plain, trailing]);
}

console.log(
  `${ACCOUNTS} accounts, one position each (half buys, half sells); ${TICKS} quiet and ${TREND_TICKS} trending ticks, a tenth of each to warm up`,
);
console.log('ticks      plain stops µs/tick   trailing stops µs/tick   ratio');
// Trending: every buy's stop moves on every tick, so the trailing book's µs/tick / (ACCOUNTS / 2)
// is what one move costs.
for (const [name, plain, trailing] of rows)
  console.log(
    `${name.padEnd(10)} ${plain.toFixed(2).padStart(20)}   ${trailing.toFixed(2).padStart(22)}   ${(trailing / plain).toFixed(2).padStart(5)}`,
  );
