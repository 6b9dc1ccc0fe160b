/**
 * Prices the browser tests control: the server runs with FEED=none and an ingest secret, and each
 * test pushes the ticks it needs through the tick-ingest endpoint a price bridge would use.
 */
import type { Stack } from './harness.ts';
import { call, type Session } from './accounts-api.ts';

export const INGEST_SECRET = 'browser-tests-ingest-secret';

/**
 * Server environment for trading tests: no simulator, prices from the test, and EUR/USD seeded
 * open all week, so the tests trade the same instrument on the same path on any day of the week.
 */
export const tradingServerEnv = { FEED: 'none', INGEST_SECRET, SEED_OPEN_ALL_WEEK: 'EURUSD' } as const;

export interface ListedInstrument {
  Id: number;
  Code: string;
  ShowCode: string;
  MarketStatus: number;
  PricePrecision: number;
  Pip: number;
  ForexMinCont: number;
  ForexMaxCont: number;
  ForexContNum: number;
  ForexFeeRate: number;
  MarginMode: number;
  HasForexMultiple: { Value: number }[];
  Spread: number;
}

/** Pushes one tick per instrument at the current time; ask defaults to bid + the spread. */
export async function pushTicks(
  stack: Stack,
  ticks: { code: string; bid: string; ask?: string }[],
): Promise<void> {
  const response = await fetch(`${stack.baseUrl}/v1/api/forex/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ingest-secret': INGEST_SECRET },
    body: JSON.stringify({ ticks: ticks.map((tick) => ({ ...tick, time: Date.now() })) }),
  });
  const body = (await response.json()) as { code: number; msg: string };
  if (body.code !== 1) throw new Error(`ingest refused: ${body.msg}`);
}

export async function listInstruments(stack: Stack): Promise<ListedInstrument[]> {
  const envelope = await call<ListedInstrument[]>(stack, '/v1/api/forex/trade_list');
  if (envelope.code !== 1) throw new Error(`trade_list failed: ${envelope.msg}`);
  return envelope.data;
}

export async function demoSession(stack: Stack): Promise<Session> {
  const envelope = await call<Session>(stack, '/api/user/createAccountDemoForU');
  if (envelope.code !== 1) throw new Error(`demo account failed: ${envelope.msg}`);
  return envelope.data;
}

/**
 * EUR/USD at its reference price 1.1: the server under `tradingServerEnv` trades it all week. A
 * server started without that setting is told apart here rather than by a timeout later.
 */
export async function tradableInstrument(
  stack: Stack,
): Promise<{ instrument: ListedInstrument; price: number }> {
  const eurusd = (await listInstruments(stack)).find((i) => i.Code === 'EURUSD');
  if (!eurusd) throw new Error('EURUSD is not listed');
  if (eurusd.MarketStatus !== 1) throw new Error('EURUSD is closed: start the server with tradingServerEnv');
  return { instrument: eurusd, price: 1.1 };
}

/** A price moved by a fraction of itself, with the instrument's decimals. */
export function priceAt(base: number, factor: number, precision: number): string {
  return (base * factor).toFixed(precision);
}

/** Dollars as the app shows them in English: $1,234.57, signed when asked. */
export function usd(value: number, signed = false): string {
  const cents = Math.round(Math.abs(value) * 100);
  const text = `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  if (cents === 0) return text;
  return value < 0 ? `-${text}` : signed ? `+${text}` : text;
}

/**
 * The tradable instrument with its bid set to its reference price, and a fresh demo user: the
 * start of every test that trades on prices it controls.
 */
export async function demoAtSetPrice(stack: Stack): Promise<{
  instrument: ListedInstrument;
  price: number;
  precision: number;
  session: Session;
}> {
  const { instrument, price } = await tradableInstrument(stack);
  const precision = instrument.PricePrecision;
  await pushTicks(stack, [{ code: instrument.Code, bid: priceAt(price, 1, precision) }]);
  return { instrument, price, precision, session: await demoSession(stack) };
}

/**
 * Buys the instrument's smallest size at market through the API. Right after the server starts,
 * a simulated feed's first tick may not have come yet: the order is sent again until it has.
 */
export async function openMarketPosition<Row extends { Id: number }>(
  stack: Stack,
  session: Session,
  instrument: ListedInstrument,
): Promise<Row> {
  for (let attempt = 0; ; attempt += 1) {
    const placed = await call<Row>(stack, '/v1/api/forex/submit', {
      token: session.token,
      body: {
        type: '1',
        cont: String(instrument.ForexMinCont),
        forex_id: String(instrument.Id),
        status: '1',
      },
    });
    if (placed.code === 1) return placed.data;
    if (attempt > 50 || !/out of date/.test(placed.msg)) throw new Error(`submit failed: ${placed.msg}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
