/**
 * The categories and instruments a fresh installation starts with, configured the way a retail
 * CFD broker would: contract sizes, lot limits, leverage options, spreads and trading hours, plus
 * the parameters of the simulated market that feeds them until a real feed is connected.
 *
 * Ids are stable: they are stored in orders and kline rows, so entries are only ever appended.
 * Start prices of the forex pairs are mutually consistent (every cross equals the product of its
 * legs), so P/L conversion through USD agrees with the crosses from the first tick on.
 */
import type { InstrumentSpec, SimulationProfile, WeeklySchedule } from '@omp/engine';
import type { Language } from '@omp/protocol';

export interface SeedCategory {
  id: number;
  code: string;
  sort: number;
  names: Record<Language, string>;
}

export interface SeedInstrument {
  spec: InstrumentSpec;
  profile: SimulationProfile;
}

export const SEED_CATEGORIES: SeedCategory[] = [
  {
    id: 1,
    code: 'forex',
    sort: 1,
    names: {
      hk: '外匯',
      en: 'Forex',
      jp: 'FX',
      kr: '외환',
      th: 'ฟอเร็กซ์',
      vn: 'Ngoại hối',
      fr: 'Forex',
      de: 'Devisen',
      ru: 'Форекс',
      spa: 'Divisas',
      pt: 'Forex',
      ar: 'الفوركس',
      it: 'Forex',
      tr: 'Döviz',
      id: 'Valas',
    },
  },
  {
    id: 2,
    code: 'metals',
    sort: 2,
    names: {
      hk: '貴金屬',
      en: 'Metals',
      jp: '貴金属',
      kr: '귀금속',
      th: 'โลหะมีค่า',
      vn: 'Kim loại',
      fr: 'Métaux',
      de: 'Metalle',
      ru: 'Металлы',
      spa: 'Metales',
      pt: 'Metais',
      ar: 'المعادن',
      it: 'Metalli',
      tr: 'Metaller',
      id: 'Logam',
    },
  },
  {
    id: 3,
    code: 'energies',
    sort: 3,
    names: {
      hk: '能源',
      en: 'Energies',
      jp: 'エネルギー',
      kr: '에너지',
      th: 'พลังงาน',
      vn: 'Năng lượng',
      fr: 'Énergies',
      de: 'Energie',
      ru: 'Энергоносители',
      spa: 'Energía',
      pt: 'Energia',
      ar: 'الطاقة',
      it: 'Energia',
      tr: 'Enerji',
      id: 'Energi',
    },
  },
  {
    id: 4,
    code: 'indices',
    sort: 4,
    names: {
      hk: '指數',
      en: 'Indices',
      jp: '株価指数',
      kr: '지수',
      th: 'ดัชนี',
      vn: 'Chỉ số',
      fr: 'Indices',
      de: 'Indizes',
      ru: 'Индексы',
      spa: 'Índices',
      pt: 'Índices',
      ar: 'المؤشرات',
      it: 'Indici',
      tr: 'Endeksler',
      id: 'Indeks',
    },
  },
  {
    id: 5,
    code: 'crypto',
    sort: 5,
    names: {
      hk: '加密貨幣',
      en: 'Crypto',
      jp: '暗号資産',
      kr: '암호화폐',
      th: 'คริปโต',
      vn: 'Tiền mã hóa',
      fr: 'Crypto',
      de: 'Krypto',
      ru: 'Криптовалюты',
      spa: 'Criptomonedas',
      pt: 'Criptomoedas',
      ar: 'العملات المشفرة',
      it: 'Cripto',
      tr: 'Kripto',
      id: 'Kripto',
    },
  },
];

const FOREX = 1;
const METALS = 2;
const ENERGIES = 3;
const INDICES = 4;
const CRYPTO = 5;

const DAY = 24 * 60;

/**
 * Sunday 22:00 → Friday 22:00 UTC, the default for forex, metals, energies and indices.
 * Equal to the engine's FOREX_WEEK; kept here so the seed does not depend on its load order.
 */
const FOREX_WEEK: WeeklySchedule = [{ from: 22 * 60, to: 5 * DAY + 22 * 60 }];

/** The whole week, the default for crypto. Equal to the engine's ALWAYS_OPEN. */
const ALWAYS_OPEN: WeeklySchedule = [{ from: 0, to: 7 * DAY }];

/** Leverage options per asset class; the first is the default. */
const FX_LEVERAGE = [100, 50, 200, 400, 20];
const EXOTIC_LEVERAGE = [50, 20, 10];
const METAL_LEVERAGE = [100, 50, 20];
const ENERGY_LEVERAGE = [50, 20, 10];
const INDEX_LEVERAGE = [50, 20, 100];
const CRYPTO_LEVERAGE = [10, 5, 20, 2];

/** What differs from instrument to instrument; id and sort come from the position in the list. */
interface Entry {
  code: string;
  showCode: string;
  categoryId: number;
  baseCurrency: string;
  quoteCurrency: string;
  pricePrecision: number;
  maxLots: string;
  contractSize: number;
  marginMode: 1 | 2;
  feeRate: string;
  leverageOptions: readonly number[];
  spreadPoints: number;
  schedule: WeeklySchedule;
  profile: SimulationProfile;
}

interface Market {
  /** Spread in points (1 point = 10^-precision). */
  spread: number;
  start: string;
  vol: number;
  tps: number;
}

const profileOf = (m: Market): SimulationProfile => ({
  startPrice: m.start,
  annualVolatility: m.vol,
  ticksPerSecond: m.tps,
});

/** A currency pair: 100,000 units of the base currency per lot. */
function pair(code: string, m: Market, options: Partial<Entry> = {}): Entry {
  const base = code.slice(0, 3);
  const quote = code.slice(3, 6);
  return {
    code,
    showCode: `${base}/${quote}`,
    categoryId: FOREX,
    baseCurrency: base,
    quoteCurrency: quote,
    pricePrecision: quote === 'JPY' ? 3 : 5,
    maxLots: '50',
    contractSize: 100_000,
    marginMode: 2,
    feeRate: '0.0005',
    leverageOptions: FX_LEVERAGE,
    spreadPoints: m.spread,
    schedule: FOREX_WEEK,
    profile: profileOf(m),
    ...options,
  };
}

function metal(
  code: string,
  contractSize: number,
  pricePrecision: number,
  m: Market,
  options: Partial<Entry> = {},
): Entry {
  return {
    code,
    showCode: `${code.slice(0, 3)}/${code.slice(3)}`,
    categoryId: METALS,
    baseCurrency: code.slice(0, 3),
    quoteCurrency: 'USD',
    pricePrecision,
    maxLots: '20',
    contractSize,
    marginMode: 2,
    feeRate: '0.0005',
    leverageOptions: METAL_LEVERAGE,
    spreadPoints: m.spread,
    schedule: FOREX_WEEK,
    profile: profileOf(m),
    ...options,
  };
}

function energy(
  code: string,
  showCode: string,
  contractSize: number,
  pricePrecision: number,
  m: Market,
  options: Partial<Entry> = {},
): Entry {
  return {
    code,
    showCode,
    categoryId: ENERGIES,
    baseCurrency: code,
    quoteCurrency: 'USD',
    pricePrecision,
    maxLots: '20',
    contractSize,
    marginMode: 2,
    feeRate: '0.0008',
    leverageOptions: ENERGY_LEVERAGE,
    spreadPoints: m.spread,
    schedule: FOREX_WEEK,
    profile: profileOf(m),
    ...options,
  };
}

/** A cash index CFD: `contractSize` units of the quote currency per index point and lot. */
function index(code: string, quoteCurrency: string, contractSize: number, m: Market): Entry {
  return {
    code,
    showCode: code,
    categoryId: INDICES,
    baseCurrency: code,
    quoteCurrency,
    pricePrecision: 2,
    maxLots: '50',
    contractSize,
    marginMode: 2,
    feeRate: '0.0004',
    leverageOptions: INDEX_LEVERAGE,
    spreadPoints: m.spread,
    schedule: FOREX_WEEK,
    profile: profileOf(m),
  };
}

/** A coin against USD. Sub-dollar coins trade in lots of 1,000 coins, as brokers usually do. */
function coin(code: string, pricePrecision: number, contractSize: number, maxLots: string, m: Market): Entry {
  return {
    code,
    showCode: `${code.slice(0, -3)}/USD`,
    categoryId: CRYPTO,
    baseCurrency: code.slice(0, -3),
    quoteCurrency: 'USD',
    pricePrecision,
    maxLots,
    contractSize,
    marginMode: 2,
    feeRate: '0.001',
    leverageOptions: CRYPTO_LEVERAGE,
    spreadPoints: m.spread,
    schedule: ALWAYS_OPEN,
    profile: profileOf(m),
  };
}

const ENTRIES: Entry[] = [
  // Forex majors.
  pair('EURUSD', { spread: 12, start: '1.16500', vol: 0.07, tps: 5 }),
  pair('GBPUSD', { spread: 15, start: '1.33200', vol: 0.08, tps: 4 }),
  pair('USDJPY', { spread: 14, start: '155.500', vol: 0.09, tps: 5 }),
  pair('USDCHF', { spread: 16, start: '0.80000', vol: 0.08, tps: 3 }),
  pair('AUDUSD', { spread: 14, start: '0.66000', vol: 0.09, tps: 3 }),
  pair('USDCAD', { spread: 18, start: '1.38000', vol: 0.06, tps: 3 }),
  pair('NZDUSD', { spread: 20, start: '0.57800', vol: 0.1, tps: 3 }),
  // Minors and crosses.
  pair('EURGBP', { spread: 18, start: '0.87460', vol: 0.05, tps: 2 }),
  pair('EURCHF', { spread: 22, start: '0.93200', vol: 0.05, tps: 2 }),
  pair('EURAUD', { spread: 28, start: '1.76520', vol: 0.08, tps: 2 }),
  pair('EURCAD', { spread: 28, start: '1.60770', vol: 0.06, tps: 2 }),
  pair('GBPCHF', { spread: 32, start: '1.06560', vol: 0.08, tps: 1 }),
  pair('AUDCAD', { spread: 26, start: '0.91080', vol: 0.07, tps: 1 }),
  pair('AUDNZD', { spread: 30, start: '1.14190', vol: 0.05, tps: 1 }),
  pair('GBPAUD', { spread: 38, start: '2.01820', vol: 0.08, tps: 1 }),
  pair('EURNZD', { spread: 40, start: '2.01560', vol: 0.08, tps: 1 }),
  pair('GBPCAD', { spread: 36, start: '1.83820', vol: 0.07, tps: 1 }),
  pair('GBPNZD', { spread: 48, start: '2.30450', vol: 0.09, tps: 1 }),
  pair('AUDCHF', { spread: 28, start: '0.52800', vol: 0.09, tps: 1 }),
  pair('CADCHF', { spread: 28, start: '0.57970', vol: 0.08, tps: 1 }),
  // JPY crosses.
  pair('EURJPY', { spread: 20, start: '181.160', vol: 0.09, tps: 2 }),
  pair('GBPJPY', { spread: 30, start: '207.130', vol: 0.1, tps: 2 }),
  pair('AUDJPY', { spread: 22, start: '102.630', vol: 0.12, tps: 2 }),
  pair('CADJPY', { spread: 25, start: '112.680', vol: 0.1, tps: 1 }),
  pair('CHFJPY', { spread: 35, start: '194.380', vol: 0.1, tps: 1 }),
  pair('NZDJPY', { spread: 28, start: '89.880', vol: 0.12, tps: 1 }),
  // Exotics.
  pair(
    'USDTRY',
    { spread: 3000, start: '42.50000', vol: 0.12, tps: 1 },
    { maxLots: '10', feeRate: '0.001', leverageOptions: EXOTIC_LEVERAGE },
  ),
  pair(
    'USDZAR',
    { spread: 1200, start: '17.20000', vol: 0.15, tps: 1 },
    { maxLots: '20', feeRate: '0.001', leverageOptions: EXOTIC_LEVERAGE },
  ),
  pair(
    'USDMXN',
    { spread: 800, start: '18.40000', vol: 0.12, tps: 1 },
    { maxLots: '20', feeRate: '0.001', leverageOptions: EXOTIC_LEVERAGE },
  ),
  // Also what converts HK50 profit (HKD) into USD.
  pair(
    'USDHKD',
    { spread: 50, start: '7.78000', vol: 0.01, tps: 1 },
    { maxLots: '20', leverageOptions: EXOTIC_LEVERAGE },
  ),
  // Metals. Silver trades on a fixed margin of 5,000 USD per lot (5,000 oz).
  metal('XAUUSD', 100, 2, { spread: 30, start: '4180.00', vol: 0.15, tps: 4 }),
  metal('XAGUSD', 5000, 3, { spread: 30, start: '51.800', vol: 0.28, tps: 2 }, { marginMode: 1 }),
  metal('XPTUSD', 100, 2, { spread: 300, start: '1560.00', vol: 0.28, tps: 1 }),
  metal('XPDUSD', 100, 2, { spread: 500, start: '1420.00', vol: 0.35, tps: 1 }),
  // Energies. The two crude oils trade on a fixed margin of 1,000 USD per lot (1,000 barrels).
  energy('USOIL', 'WTI/USD', 1000, 2, { spread: 4, start: '59.80', vol: 0.35, tps: 3 }, { marginMode: 1 }),
  energy('UKOIL', 'BRENT/USD', 1000, 2, { spread: 5, start: '63.60', vol: 0.32, tps: 2 }, { marginMode: 1 }),
  energy('NGAS', 'NGAS/USD', 10_000, 3, { spread: 8, start: '4.520', vol: 0.6, tps: 1 }),
  // Cash indices, quoted in their local currency.
  index('US30', 'USD', 1, { spread: 200, start: '47250.00', vol: 0.15, tps: 4 }),
  index('US500', 'USD', 10, { spread: 50, start: '6750.00', vol: 0.17, tps: 4 }),
  index('NAS100', 'USD', 1, { spread: 150, start: '24900.00', vol: 0.22, tps: 4 }),
  index('GER40', 'EUR', 1, { spread: 120, start: '23650.00', vol: 0.18, tps: 3 }),
  index('UK100', 'GBP', 1, { spread: 100, start: '9620.00', vol: 0.14, tps: 2 }),
  index('JPN225', 'JPY', 10, { spread: 800, start: '49800.00', vol: 0.22, tps: 2 }),
  index('HK50', 'HKD', 10, { spread: 600, start: '25900.00', vol: 0.24, tps: 2 }),
  index('AUS200', 'AUD', 1, { spread: 150, start: '8550.00', vol: 0.14, tps: 1 }),
  index('FRA40', 'EUR', 1, { spread: 100, start: '8100.00', vol: 0.17, tps: 1 }),
  // Crypto, around the clock.
  coin('BTCUSD', 2, 1, '5', { spread: 3000, start: '91500.00', vol: 0.55, tps: 6 }),
  coin('ETHUSD', 2, 1, '50', { spread: 200, start: '3050.00', vol: 0.7, tps: 5 }),
  coin('SOLUSD', 3, 1, '200', { spread: 150, start: '138.500', vol: 0.85, tps: 2 }),
  coin('XRPUSD', 4, 1000, '200', { spread: 20, start: '2.1500', vol: 0.85, tps: 2 }),
  coin('LTCUSD', 3, 1, '200', { spread: 150, start: '86.500', vol: 0.75, tps: 1 }),
  coin('BNBUSD', 2, 1, '50', { spread: 100, start: '890.00', vol: 0.6, tps: 2 }),
  coin('DOGEUSD', 5, 1000, '200', { spread: 30, start: '0.15500', vol: 0.9, tps: 1 }),
  coin('ADAUSD', 5, 1000, '200', { spread: 80, start: '0.42500', vol: 0.85, tps: 1 }),
];

export const SEED_INSTRUMENTS: SeedInstrument[] = ENTRIES.map((entry, i) => {
  const { profile, leverageOptions, ...rest } = entry;
  return {
    spec: {
      ...rest,
      id: i + 1,
      logo: `${entry.code.toLowerCase()}.svg`,
      lotStep: '0.01',
      minLots: '0.01',
      leverageOptions: [...leverageOptions],
      sort: i + 1,
    },
    profile,
  };
});
