/**
 * Engine tick: what one quote costs the trading book as the number of open positions grows.
 * The engine's claim (SPEC.md G1–G2) is that "a tick costs what it fires, not what is open": a
 * tick that fires nothing should cost about the same at 100,000 open positions as at 1,000, and a
 * tick that fires should cost about the same per fired trigger at every size.
 *
 *   npm run bench:engine          (SIZES, QUIET_TICKS and FIRING_SECONDS override the defaults)
 *
 * Each book holds the given number of open positions and as many pending orders, 1–5 of each per
 * account with a healthy balance, over 20 USD-quoted instruments of the seed catalogue plus
 * non-USD ones whose P/L converts through a USD pair (so margin guards sit on conversion legs too).
 * Orders go in through `placeOrder`, the path a live server takes, so the trigger heaps also hold
 * the lazily removed entries that re-drawn guards leave behind.
 *
 * Quiet ticks move a price by at most a tenth of the firing move: inside every trigger and guard.
 * Firing ticks drop one USD-quoted instrument by 0.3 %, through a band of stop losses and take
 * profits sized at 1 % of all open positions. After each one (untimed) the price returns and the
 * closed positions re-open with new levels in the band, so every firing tick meets the same book.
 * The baseline, measured in the same run, is an empty book: what a tick costs with nothing open.
 */
import { GCProfiler } from 'node:v8';
import {
  parseLots,
  parseScaled,
  TradingBook,
  type InstrumentSpec,
  type Outcome,
  type PlaceOrderCommand,
} from '@omp/engine';
import { SEED_INSTRUMENTS, type SeedInstrument } from '../apps/server/src/seed/instruments.ts';
import { seededPrng, type SeededPrng } from '../packages/engine/src/testing/seeded-prng.ts';

const SIZES = (process.env.SIZES ?? '1000,10000,100000').split(',').map(Number);
const QUIET_TICKS = Number(process.env.QUIET_TICKS ?? 200_000);
const QUIET_WARMUP_TICKS = 50_000;
/** Wall time each size may spend on firing rounds (the untimed re-opening included). */
const FIRING_SECONDS = Number(process.env.FIRING_SECONDS ?? 4);
const FIRING_WARMUP_TICKS = 10;
const MIN_FIRING_TICKS = 30;
const MAX_FIRING_TICKS = 4_000;
const FIRE_SHARE = 0.01;
/** The firing move as a share of the price: well inside the widest guard box (1/64 ≈ 1.6 %). */
const FIRING_MOVE = 0.003;
/** Levels that must never fire sit this far from the price, beyond the firing move. */
const FAR_MIN = 0.008;
const FAR_MAX = 0.03;
const TARGET_QUIET_MICROS = 20;
/** Engine time one fired trigger may cost (stop loss, take profit, fill, stop-out, trailing stop). */
const TARGET_FIRED_MICROS = 3;
const TARGET_SIZE = 100_000;

/** Every market of the seed catalogue is open on a Wednesday noon; each tick advances 1 ms. */
let clockMs = Date.UTC(2026, 10, 18, 12);
/** The server's defaults (trading-service.ts). */
const SETTINGS = { feeType: 2, staleQuoteMs: 30_000, marginCallLevel: 100, stopOutLevel: 50 };
const BALANCE_MICROS = 100_000_000_000n;

interface Market {
  spec: InstrumentSpec;
  /** The resting quote in points; quiet ticks wobble around it, firing ticks drop from it. */
  bid: number;
  ask: number;
  /** Firing move in points. */
  move: number;
  /** A sell take profit fits in the band only when the spread leaves room for it below the bid. */
  sellTakeProfitFits: boolean;
}

function marketOf({ spec, profile }: SeedInstrument): Market {
  const bid = Number(parseScaled(profile.startPrice, spec.pricePrecision));
  const move = Math.max(4, Math.round(bid * FIRING_MOVE));
  return { spec, bid, ask: bid + spec.spreadPoints, move, sellTakeProfitFits: spec.spreadPoints < move / 2 };
}

const FIRE_MARKETS = SEED_INSTRUMENTS.filter(
  ({ spec }) =>
    spec.quoteCurrency === 'USD' && spec.baseCurrency !== 'USD' && spec.leverageOptions.length > 0,
)
  .slice(0, 20)
  .map(marketOf);
// P/L in JPY, CHF and CAD converts through the inverted legs USDJPY, USDCHF and USDCAD, in GBP
// through GBPUSD; positions on these put margin guards on the legs as well.
const CONVERTED_MARKETS = ['USDJPY', 'USDCHF', 'USDCAD', 'EURJPY', 'EURGBP', 'JPN225'].map((code) => {
  const entry = SEED_INSTRUMENTS.find(({ spec }) => spec.code === code);
  if (!entry) throw new Error(`${code} is missing from the seed catalogue`);
  return marketOf(entry);
});
const MARKETS = [...FIRE_MARKETS, ...CONVERTED_MARKETS];

const far = (random: SeededPrng) => FAR_MIN + random.next() * (FAR_MAX - FAR_MIN);
const lotsOf = (random: SeededPrng) => parseLots((random.int(1, 20) / 100).toFixed(2))!;

/** A position whose stop loss (half of them) and take profit (a third) no tick here reaches. */
function farPosition(market: Market, random: SeededPrng): PlaceOrderCommand {
  const buy = random.next() < 0.5;
  const { bid, ask, spec } = market;
  const stop = random.next() < 0.5 ? Math.round(buy ? bid * (1 - far(random)) : ask * (1 + far(random))) : 0;
  const take = random.next() < 0.3 ? Math.round(buy ? ask * (1 + far(random)) : bid * (1 - far(random))) : 0;
  return {
    instrumentId: spec.id,
    side: buy ? 'buy' : 'sell',
    market: true,
    lots: lotsOf(random),
    leverage: spec.leverageOptions[0]!,
    stopLossPoints: stop,
    takeProfitPoints: take,
  };
}

/**
 * A position in the firing band: a buy whose stop loss, or a sell whose take profit, lies between
 * the firing price and half the firing move below the resting price. The firing tick crosses the
 * whole band; a quiet tick (a tenth of the move) never reaches it.
 */
function bandPosition(market: Market, random: SeededPrng): PlaceOrderCommand {
  const { bid, move, spec } = market;
  const offset = random.int(0, Math.floor(move / 2));
  const sell = market.sellTakeProfitFits && random.next() < 0.5;
  const common = {
    instrumentId: spec.id,
    market: true,
    lots: lotsOf(random),
    leverage: spec.leverageOptions[0]!,
  };
  // A sell's take profit watches the ask, which the firing tick leaves a spread above the bid.
  return sell
    ? { ...common, side: 'sell', takeProfitPoints: bid - move + spec.spreadPoints + offset }
    : { ...common, side: 'buy', stopLossPoints: bid - move + offset };
}

/** A limit or stop order whose target no tick here reaches. */
function pendingOrder(market: Market, random: SeededPrng): PlaceOrderCommand {
  const buy = random.next() < 0.5;
  const reference = buy ? market.ask : market.bid;
  const above = random.next() < 0.5;
  return {
    instrumentId: market.spec.id,
    side: buy ? 'buy' : 'sell',
    market: false,
    lots: lotsOf(random),
    leverage: market.spec.leverageOptions[0]!,
    targetPoints: Math.round(reference * (above ? 1 + far(random) : 1 - far(random))),
  };
}

function place(book: TradingBook, accountId: number, command: PlaceOrderCommand): void {
  const result = book.placeOrder(accountId, command, clockMs);
  if (!result.ok)
    throw new Error(`bench order refused (${result.rejection}): ${JSON.stringify(command, bigText)}`);
}
const bigText = (_key: string, value: unknown) => (typeof value === 'bigint' ? String(value) : value);

function quotedBook(): TradingBook {
  const book = new TradingBook(SETTINGS);
  for (const market of MARKETS) {
    book.board.addInstrument(market.spec);
    book.applyTick(market.spec.id, market.bid, market.ask, clockMs);
  }
  return book;
}

function shuffle<T>(items: T[], random: SeededPrng): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}

/** A book with `openPositions` positions and as many pending orders, 1–5 of each per account. */
function buildBook(openPositions: number, random: SeededPrng): { book: TradingBook; accounts: number } {
  const book = quotedBook();
  const bandSize = Math.max(1, Math.round(openPositions * FIRE_SHARE));
  const plans: { market: Market; band: boolean }[] = [];
  for (const market of FIRE_MARKETS) for (let k = 0; k < bandSize; k++) plans.push({ market, band: true });
  if (plans.length > openPositions)
    throw new Error(`${openPositions} positions cannot fill the firing bands`);
  while (plans.length < openPositions) plans.push({ market: random.pick(MARKETS), band: false });
  // Shuffled so band positions spread over accounts as they would in life.
  shuffle(plans, random);
  let accountId = 0;
  for (let next = 0; next < plans.length;) {
    accountId++;
    book.loadAccount({
      id: accountId,
      isDemo: false,
      balanceMicros: BALANCE_MICROS,
      orders: new Map(),
      marginCallWarned: false,
    });
    const count = Math.min(random.int(1, 5), plans.length - next);
    for (let k = 0; k < count; k++) {
      const { market, band } = plans[next++]!;
      place(book, accountId, band ? bandPosition(market, random) : farPosition(market, random));
      place(book, accountId, pendingOrder(random.pick(MARKETS), random));
    }
  }
  return { book, accounts: accountId };
}

/** Triggers fired = orders a tick changed (fills, stops, take profits, stop-outs). */
const changedOrders = (outcomes: Outcome[]) =>
  outcomes.reduce((sum, outcome) => sum + outcome.orders.length, 0);

const elapsedMicros = (started: bigint) => Number(process.hrtime.bigint() - started) / 1000;

/** Quiet ticks round-robin over every instrument; returns µs per tick and accounts touched. */
function measureQuiet(book: TradingBook, ticks: number, random: SeededPrng) {
  const micros = new Float64Array(ticks);
  let touched = 0;
  for (let i = 0; i < ticks; i++) {
    const market = MARKETS[i % MARKETS.length]!;
    const wobble = Math.floor(market.move / 10);
    const bid = market.bid + random.int(-wobble, wobble);
    clockMs++;
    const started = process.hrtime.bigint();
    const outcomes = book.applyTick(market.spec.id, bid, bid + market.spec.spreadPoints, clockMs);
    micros[i] = elapsedMicros(started);
    touched += outcomes.length;
  }
  for (const market of MARKETS) book.applyTick(market.spec.id, market.bid, market.ask, clockMs);
  return { micros, touched };
}

/** Firing rounds round-robin over the fire instruments; returns µs and fired triggers per tick. */
function measureFiring(book: TradingBook, random: SeededPrng) {
  const micros: number[] = [];
  const cpuMicros: number[] = [];
  const gcMicros: number[] = [];
  const fired: number[] = [];
  const gcProfiler = new GCProfiler();
  let strayFires = 0;
  const deadline = performance.now() + FIRING_SECONDS * 1000;
  for (let round = 0; round < FIRING_WARMUP_TICKS + MAX_FIRING_TICKS; round++) {
    if (micros.length >= MIN_FIRING_TICKS && performance.now() > deadline) break;
    const market = FIRE_MARKETS[round % FIRE_MARKETS.length]!;
    const bid = market.bid - market.move;
    clockMs++;
    gcProfiler.start();
    const cpuStarted = process.cpuUsage();
    const started = process.hrtime.bigint();
    const outcomes = book.applyTick(market.spec.id, bid, bid + market.spec.spreadPoints, clockMs);
    const tickMicros = elapsedMicros(started);
    const cpu = process.cpuUsage(cpuStarted);
    const collections = gcProfiler.stop()?.statistics ?? [];
    if (round >= FIRING_WARMUP_TICKS) {
      micros.push(tickMicros);
      cpuMicros.push(cpu.user + cpu.system);
      gcMicros.push(collections.reduce((sum, collection) => sum + collection.cost, 0));
      fired.push(changedOrders(outcomes));
    }
    // Untimed: the price returns (firing nothing) and what closed re-opens in the band.
    clockMs++;
    strayFires += changedOrders(book.applyTick(market.spec.id, market.bid, market.ask, clockMs));
    for (const outcome of outcomes)
      for (const order of outcome.orders)
        if (order.state === 'closed') place(book, outcome.accountId, bandPosition(market, random));
  }
  return { micros, cpuMicros, gcMicros, fired, strayFires };
}

function summarize(samples: ArrayLike<number>) {
  const sorted = Float64Array.from(samples).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const mean = sorted.reduce((sum, x) => sum + x, 0) / sorted.length;
  return { ticks: sorted.length, mean, p50: at(0.5), p99: at(0.99) };
}

/** Holding and pending orders as the book holds them, so the table shows what was measured. */
function orderCounts(book: TradingBook): { holding: number; pending: number } {
  let holding = 0;
  let pending = 0;
  for (const accountId of book.accountIds())
    for (const order of book.account(accountId)!.orders.values())
      if (order.state === 'holding') holding++;
      else if (order.state === 'pending') pending++;
  return { holding, pending };
}

/** Available when node runs with --expose-gc, as `npm run bench:engine` does. */
const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();

interface SizeResult {
  open: number;
  holding: number;
  pending: number;
  accounts: number;
  buildSeconds: number;
  quiet: ReturnType<typeof summarize>;
  quietTouched: number;
  firing?: ReturnType<typeof summarize> & {
    firedPerTick: number;
    strayFires: number;
    cpuMean: number;
    gcMean: number;
  };
}

function runSize(open: number): SizeResult {
  const random = seededPrng(42 + open);
  const buildStarted = performance.now();
  const { book, accounts } = open === 0 ? { book: quotedBook(), accounts: 0 } : buildBook(open, random);
  const buildSeconds = (performance.now() - buildStarted) / 1000;
  // Collect the building's garbage now, so a major collection does not run during the measurement.
  collectGarbage();
  measureQuiet(book, QUIET_WARMUP_TICKS, random);
  const quietRun = measureQuiet(book, QUIET_TICKS, random);
  const result: SizeResult = {
    open,
    ...orderCounts(book),
    accounts,
    buildSeconds,
    quiet: summarize(quietRun.micros),
    quietTouched: quietRun.touched,
  };
  if (open > 0) {
    const firingRun = measureFiring(book, random);
    const firedPerTick = firingRun.fired.reduce((sum, n) => sum + n, 0) / firingRun.fired.length;
    result.firing = {
      ...summarize(firingRun.micros),
      firedPerTick,
      strayFires: firingRun.strayFires,
      cpuMean: summarize(firingRun.cpuMicros).mean,
      gcMean: summarize(firingRun.gcMicros).mean,
    };
  }
  return result;
}

const count = (n: number) => n.toLocaleString('en');
const us = (n: number) => (n < 100 ? n.toFixed(2) : n < 10_000 ? n.toFixed(0) : count(Math.round(n)));
const row = (cells: string[], widths: number[]) =>
  cells.map((cell, i) => cell.padStart(widths[i]!)).join('  ');

console.log(
  `engine tick: TradingBook.applyTick, one instrument per tick, ${MARKETS.length} instruments ` +
    `(${FIRE_MARKETS.length} USD-quoted, ${CONVERTED_MARKETS.length} converting P/L through a USD pair)\n`,
);
const results: SizeResult[] = [];
for (const open of [0, ...SIZES]) {
  results.push(runSize(open));
  // Free the previous book before building the next, larger one.
  collectGarbage();
}

const quietWidths = [16, 9, 9, 8, 8, 9, 8, 8, 8];
console.log(`ticks that fire nothing (prices move at most ${FIRING_MOVE * 10} % of their level)`);
console.log(
  row(
    ['open positions', 'pending', 'accounts', 'build s', 'ticks', 'mean µs', 'p50 µs', 'p99 µs', 'touched'],
    quietWidths,
  ),
);
for (const r of results)
  console.log(
    row(
      [
        r.open === 0 ? '0 (baseline)' : count(r.holding),
        count(r.pending),
        count(r.accounts),
        r.buildSeconds.toFixed(1),
        count(r.quiet.ticks),
        us(r.quiet.mean),
        us(r.quiet.p50),
        us(r.quiet.p99),
        count(r.quietTouched),
      ],
      quietWidths,
    ),
  );

console.log('(touched: accounts the quiet ticks settled; 0 means nothing fired, margin guards included)');

const firingWidths = [16, 8, 11, 9, 8, 8, 13, 11, 12, 9, 11, 10];
console.log(
  `\nticks that fire ~${FIRE_SHARE * 100} % of the open positions (one instrument drops ${FIRING_MOVE * 100} % through a band of stops)`,
);
console.log(
  row(
    [
      'open positions',
      'ticks',
      'fired/tick',
      'mean µs',
      'p50 µs',
      'p99 µs',
      'µs per fired',
      'p50 per fired',
      'cpu per fired',
      '÷ quiet',
      'gc per fired',
      `target µs`,
    ],
    firingWidths,
  ),
);
for (const r of results) {
  const f = r.firing;
  if (!f) continue;
  console.log(
    row(
      [
        count(r.open),
        count(f.ticks),
        f.firedPerTick.toFixed(1),
        us(f.mean),
        us(f.p50),
        us(f.p99),
        us(f.mean / f.firedPerTick),
        us(f.p50 / f.firedPerTick),
        us(f.cpuMean / f.firedPerTick),
        `${(f.mean / f.firedPerTick / r.quiet.mean).toFixed(0)}x`,
        us(f.gcMean / f.firedPerTick),
        `${TARGET_FIRED_MICROS} ${f.mean / f.firedPerTick <= TARGET_FIRED_MICROS ? 'met' : 'MISSED'}`,
      ],
      firingWidths,
    ),
  );
}

const smallest = results[1];
const largest = results.at(-1)!;
if (smallest && smallest !== largest) {
  const ratio = (key: 'mean' | 'p50' | 'p99') => (largest.quiet[key] / smallest.quiet[key]).toFixed(2);
  console.log(
    `\nno-fire tick at ${count(largest.open)} / at ${count(smallest.open)} open positions: ` +
      `mean ${ratio('mean')}x, p50 ${ratio('p50')}x, p99 ${ratio('p99')}x`,
  );
}
const atTarget = results.find((r) => r.open === TARGET_SIZE);
console.log(
  `target: a tick that fires nothing costs under ${TARGET_QUIET_MICROS} µs at ${count(TARGET_SIZE)} open positions` +
    (atTarget
      ? ` — measured mean ${us(atTarget.quiet.mean)} µs, p99 ${us(atTarget.quiet.p99)} µs: ` +
        (atTarget.quiet.mean < TARGET_QUIET_MICROS ? 'met' : 'MISSED')
      : ` — not measured (SIZES has no ${TARGET_SIZE})`),
);
console.log(
  `target: a fired trigger costs at most ${TARGET_FIRED_MICROS} µs of engine time ` +
    '(µs per fired: the mean firing tick over the triggers it fired, p50 per fired the median one, ' +
    'which a busy machine disturbs less; cpu per fired: the process CPU time of the firing ticks, ' +
    'garbage collection threads included, over the triggers they fired, which other processes ' +
    'disturb less than the wall time; ÷ quiet: µs per fired over the mean no-fire tick of the ' +
    'same book, the ratio to compare between runs on a shared machine; gc per fired: the garbage ' +
    "collectors' pauses inside the firing ticks over the triggers they fired, part of µs per fired: " +
    'they collect what the tick left and what the untimed re-opening between ticks did)',
);
const leaks = results.filter((r) => r.quietTouched > 0 || (r.firing?.strayFires ?? 0) > 0);
if (leaks.length > 0)
  console.log(
    `warning: the layout let quiet or returning ticks fire at ${leaks.map((r) => count(r.open)).join(', ')} ` +
      'open positions; the no-fire figures include those fires',
  );
