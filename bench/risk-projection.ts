/**
 * Risk projection: what `projectRisk` (SPEC.md RP1–RP7) costs for one account next to what its
 * plain `accountFigures` cost in the same run. A screen asks for the projection whenever the
 * trader looks at an order ticket or the account, so its cost per account is what matters.
 *
 *   npm run bench:risk          (POSITIONS and RUNS override the defaults)
 *
 * The account holds POSITIONS positions, long and short, spread over USD-quoted instruments of
 * the seed catalogue and ones whose P/L converts through a USD pair (USDJPY, EURJPY, EURGBP,
 * JPN225), placed through `placeOrder` as a live server would. Each figure is the median of RUNS
 * timed calls after a warm-up.
 */
import {
  accountFigures,
  parseLots,
  parseScaled,
  projectRisk,
  TradingBook,
  type HypotheticalOrder,
  type PlaceOrderCommand,
} from '@omp/engine';
import { SEED_INSTRUMENTS } from '../apps/server/src/seed/instruments.ts';
import { seededPrng } from '../packages/engine/src/testing/seeded-prng.ts';

const POSITIONS = Number(process.env.POSITIONS ?? 200);
const RUNS = Number(process.env.RUNS ?? 2_000);
const WARMUP_RUNS = 200;
const NOW = Date.UTC(2026, 10, 18, 12);
/** The server's defaults (trading-service.ts). */
const SETTINGS = { feeType: 2, staleQuoteMs: 30_000, marginCallLevel: 100, stopOutLevel: 50 };
const CODES = ['EURUSD', 'GBPUSD', 'XAUUSD', 'BTCUSD', 'USDJPY', 'EURJPY', 'EURGBP', 'JPN225'];

const markets = CODES.map((code) => {
  const entry = SEED_INSTRUMENTS.find(({ spec }) => spec.code === code);
  if (!entry) throw new Error(`${code} is missing from the seed catalogue`);
  return entry;
});

function buildBook(): TradingBook {
  const book = new TradingBook(SETTINGS);
  // Every leg the chosen instruments convert through is quoted as well.
  for (const { spec, profile } of SEED_INSTRUMENTS) {
    book.board.addInstrument(spec);
    const bid = Number(parseScaled(profile.startPrice, spec.pricePrecision));
    book.applyTick(spec.id, bid, bid + spec.spreadPoints, NOW);
  }
  book.loadAccount({ id: 1, isDemo: false, balanceMicros: 0n, orders: new Map(), marginCallWarned: false });
  return book;
}

function fillAccount(book: TradingBook): void {
  const random = seededPrng(42);
  const account = book.account(1)!;
  for (let placed = 0; placed < POSITIONS;) {
    const { spec } = random.pick(markets);
    const minLots = Number(spec.minLots);
    const command: PlaceOrderCommand = {
      instrumentId: spec.id,
      side: random.next() < 0.6 ? 'buy' : 'sell',
      market: true,
      lots: parseLots((minLots * random.int(1, 5)).toFixed(8))!,
      leverage: spec.leverageOptions[0]!,
    };
    // A balance that keeps the account well above its margin call, whatever was drawn.
    account.balanceMicros += 1_000_000_000_000n;
    const result = book.placeOrder(1, command, NOW);
    if (!result.ok) throw new Error(`bench order refused (${result.rejection}) on ${spec.code}`);
    placed++;
  }
  // A loss of equity puts the stop-out within a few percent, as for an account that needs the view.
  const figures = accountFigures(account, book.board);
  account.balanceMicros -= figures.equityMicros - (figures.usedMarginMicros * 13n) / 10n;
}

function medianMicros(run: () => unknown): number {
  for (let i = 0; i < WARMUP_RUNS; i++) run();
  const samples = new Float64Array(RUNS);
  for (let i = 0; i < RUNS; i++) {
    const started = process.hrtime.bigint();
    run();
    samples[i] = Number(process.hrtime.bigint() - started) / 1000;
  }
  return samples.sort()[Math.floor(RUNS / 2)]!;
}

const book = buildBook();
fillAccount(book);
const account = book.account(1)!;
const instruments = new Set([...account.orders.values()].map((order) => order.instrumentId)).size;
const order: HypotheticalOrder = {
  instrumentId: markets[0]!.spec.id,
  side: 'buy',
  lots: parseLots('1')!,
  leverage: markets[0]!.spec.leverageOptions[0]!,
  stopLossPoints: 1,
};

const figuresMicros = medianMicros(() => accountFigures(account, book.board));
const projectionMicros = medianMicros(() => projectRisk(account, book.board, SETTINGS, SETTINGS.feeType));
const withOrderMicros = medianMicros(() =>
  projectRisk(account, book.board, SETTINGS, SETTINGS.feeType, order),
);
const sample = projectRisk(account, book.board, SETTINGS, SETTINGS.feeType);
const inexact = sample.ok
  ? sample.projection.instruments.filter(
      (risk) => risk.stopOut?.exact === false || risk.marginCall?.exact === false,
    )
  : [];

const row = (label: string, micros: number) =>
  `${label.padEnd(44)}${micros.toFixed(1).padStart(10)} µs${(micros / figuresMicros).toFixed(1).padStart(10)}x`;
console.log(
  `risk projection: one account, ${account.orders.size} positions over ${instruments} instruments ` +
    `(${CODES.join(', ')}), median of ${RUNS} calls\n`,
);
console.log(`${''.padEnd(44)}${'median'.padStart(13)}${'vs figures'.padStart(11)}`);
console.log(row('accountFigures (baseline)', figuresMicros));
console.log(row('projectRisk, no order', projectionMicros));
console.log(row('projectRisk, with a hypothetical order', withOrderMicros));
console.log(
  `\nper instrument and level: ${(projectionMicros / (instruments * 2)).toFixed(1)} µs` +
    (inexact.length > 0 ? `; warning: ${inexact.length} inexact crossings` : ''),
);
