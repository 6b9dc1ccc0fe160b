/**
 * The frame every trading test file shares: one runtime per database engine with its trading
 * client, fresh quotes and a later clock before each test, and a socket signed in as a user. Tests
 * read the runtime through the suite because a restart replaces it mid-file.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { liftLeverageCaps } from './leverage-helpers.ts';
import { RecordingClient } from './recording-client.ts';
import { startTestRuntime, type EngineKind, type TestRuntime } from './test-runtime.ts';
import { tradingClient } from './trading-helpers.ts';

export type TradingClient = ReturnType<typeof tradingClient>;

/** A quote as the tests tick it: instrument code, bid, ask. */
export type TestQuote = [code: string, bid: string, ask: string];

export interface TradingSuiteOptions {
  env?: Record<string, string>;
  /** Changes the stored data before trading starts; returns the runtime to go on with (e.g. restarted). */
  prepare?: (rt: TestRuntime) => Promise<TestRuntime>;
  /** Ticked before every test; EUR/USD alone by default. */
  quotes?: TestQuote[];
  /** The earliest time a test runs at, for tests that need the market open (e.g. WEDNESDAY_NOON_MS). */
  notBefore?: number;
  /** Staff lift the retail leverage caps first: the suite trades at the seed's options (leverage-helpers.ts). */
  liftLeverageCaps?: boolean;
}

export interface TradingSuite {
  rt: TestRuntime;
  t: TradingClient;
  /** EUR/USD's instrument id, the instrument most tests trade. */
  eurusd: number;
  /** Stops and starts the runtime on the same database, as a process restart would. */
  restart(): Promise<void>;
}

const EURUSD_QUOTE: TestQuote = ['EURUSD', '1.10000', '1.10012'];

/** Registers the hooks of a trading test file; the suite's fields are set once `beforeAll` ran. */
export function tradingSuite(engine: EngineKind, options: TradingSuiteOptions = {}): TradingSuite {
  const suite = {
    async restart() {
      suite.rt = await suite.rt.restart();
      suite.t = tradingClient(suite.rt);
    },
  } as TradingSuite;

  beforeAll(async () => {
    const started = await startTestRuntime(options.env ? { engine, env: options.env } : { engine });
    suite.rt = options.prepare ? await options.prepare(started) : started;
    if (options.liftLeverageCaps) await liftLeverageCaps(suite.rt);
    suite.t = tradingClient(suite.rt);
    suite.eurusd = suite.t.spec('EURUSD').id;
  });
  afterAll(() => suite.rt.dispose());
  beforeEach(() => {
    const { clock } = suite.rt;
    clock.set(Math.max(clock.now() + 1000, options.notBefore ?? 0));
    for (const [code, bid, ask] of options.quotes ?? [EURUSD_QUOTE]) suite.t.tick(code, bid, ask);
  });
  return suite;
}

/** A socket on the runtime's server (listening from now on if it was not), signed in with `token`. */
export async function signedInSocket(rt: TestRuntime, token: string): Promise<RecordingClient> {
  const address =
    rt.app.server.address() ?? (await rt.app.listen({ port: 0, host: '127.0.0.1' }), rt.app.server.address());
  const port = typeof address === 'object' && address ? address.port : 0;
  const client = new RecordingClient(`ws://127.0.0.1:${port}/v1/ws?lang=en`);
  await client.open();
  client.send({ type: 'login', params: token });
  await client.waitFor((m) => typeof m === 'object' && m.type === 'login_result');
  return client;
}
