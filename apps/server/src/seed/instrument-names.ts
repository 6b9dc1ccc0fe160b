/**
 * The names screens show under an instrument's code ("Gold", "Bitcoin") and search finds it by,
 * for the instruments of the seed catalogue, in every language. Staff can set their own in the
 * back office; a name set there wins over the one here (see MarketService.listInstruments).
 *
 * Currency pairs are named from their currencies through Intl.DisplayNames ("Euro / US Dollar",
 * "歐元 / 美元"); the others are written out below.
 */
import { LANGUAGE_LOCALES, LANGUAGES, type Language } from '@omp/protocol';

type Names = Record<Language, string>;

/** The fifteen names in the order of LANGUAGES: hk en jp kr th vn fr de ru spa pt ar it tr id. */
type NameRow = [string, string, string, string, string, string, string, string, ...string[]];

function names(row: NameRow): Names {
  if (row.length !== LANGUAGES.length) throw new Error(`expected ${LANGUAGES.length} names: ${row[1]}`);
  return Object.fromEntries(LANGUAGES.map((lang, i) => [lang, row[i]])) as Names;
}

/** A name that reads the same in the Latin-script languages, with its own spelling in the others. */
function latin(
  hk: string,
  en: string,
  jp: string,
  kr: string,
  th: string,
  ru: string,
  ar: string,
  other: Partial<Names> = {},
): Names {
  return { ...names([hk, en, jp, kr, th, en, en, en, ru, en, en, ar, en, en, en]), ...other };
}

const WRITTEN: Record<string, Names> = {
  // Metals.
  XAUUSD: names([
    '黃金',
    'Gold',
    '金',
    '금',
    'ทองคำ',
    'Vàng',
    'Or',
    'Gold',
    'Золото',
    'Oro',
    'Ouro',
    'الذهب',
    'Oro',
    'Altın',
    'Emas',
  ]),
  XAGUSD: names([
    '白銀',
    'Silver',
    '銀',
    '은',
    'เงิน',
    'Bạc',
    'Argent',
    'Silber',
    'Серебро',
    'Plata',
    'Prata',
    'الفضة',
    'Argento',
    'Gümüş',
    'Perak',
  ]),
  XPTUSD: names([
    '鉑金',
    'Platinum',
    'プラチナ',
    '백금',
    'แพลทินัม',
    'Bạch kim',
    'Platine',
    'Platin',
    'Платина',
    'Platino',
    'Platina',
    'البلاتين',
    'Platino',
    'Platin',
    'Platinum',
  ]),
  XPDUSD: names([
    '鈀金',
    'Palladium',
    'パラジウム',
    '팔라듐',
    'แพลเลเดียม',
    'Paladi',
    'Palladium',
    'Palladium',
    'Палладий',
    'Paladio',
    'Paládio',
    'البلاديوم',
    'Palladio',
    'Paladyum',
    'Paladium',
  ]),
  // Energies.
  USOIL: names([
    '美國原油 (WTI)',
    'WTI Crude Oil',
    'WTI原油',
    'WTI 원유',
    'น้ำมันดิบ WTI',
    'Dầu thô WTI',
    'Pétrole brut WTI',
    'Rohöl WTI',
    'Нефть WTI',
    'Petróleo crudo WTI',
    'Petróleo bruto WTI',
    'نفط خام غرب تكساس',
    'Petrolio greggio WTI',
    'WTI ham petrol',
    'Minyak mentah WTI',
  ]),
  UKOIL: names([
    '布蘭特原油',
    'Brent Crude Oil',
    'ブレント原油',
    '브렌트유',
    'น้ำมันดิบเบรนท์',
    'Dầu thô Brent',
    'Pétrole brut Brent',
    'Rohöl Brent',
    'Нефть Brent',
    'Petróleo crudo Brent',
    'Petróleo bruto Brent',
    'نفط خام برنت',
    'Petrolio greggio Brent',
    'Brent ham petrol',
    'Minyak mentah Brent',
  ]),
  NGAS: names([
    '天然氣',
    'Natural Gas',
    '天然ガス',
    '천연가스',
    'ก๊าซธรรมชาติ',
    'Khí tự nhiên',
    'Gaz naturel',
    'Erdgas',
    'Природный газ',
    'Gas natural',
    'Gás natural',
    'الغاز الطبيعي',
    'Gas naturale',
    'Doğal gaz',
    'Gas alam',
  ]),
  // Cash indices.
  US30: latin(
    '道瓊斯指數',
    'Dow Jones 30',
    'NYダウ30',
    '다우존스 30',
    'ดาวโจนส์ 30',
    'Доу-Джонс 30',
    'داو جونز 30',
  ),
  US500: latin('標普500指數', 'S&P 500', 'S&P500', 'S&P 500', 'S&P 500', 'S&P 500', 'ستاندرد آند بورز 500'),
  NAS100: latin(
    '納斯達克100指數',
    'Nasdaq 100',
    'ナスダック100',
    '나스닥 100',
    'แนสแด็ก 100',
    'Nasdaq 100',
    'ناسداك 100',
  ),
  GER40: names([
    '德國DAX指數',
    'Germany 40 (DAX)',
    'ドイツDAX40',
    '독일 DAX 40',
    'ดัชนี DAX 40 เยอรมนี',
    'DAX 40 Đức',
    'DAX 40 (Allemagne)',
    'DAX 40 (Deutschland)',
    'DAX 40 (Германия)',
    'DAX 40 (Alemania)',
    'DAX 40 (Alemanha)',
    'داكس 40 الألماني',
    'DAX 40 (Germania)',
    'Almanya DAX 40',
    'DAX 40 Jerman',
  ]),
  UK100: names([
    '英國富時100指數',
    'UK 100 (FTSE)',
    '英国FTSE100',
    '영국 FTSE 100',
    'ดัชนี FTSE 100 อังกฤษ',
    'FTSE 100 Anh',
    'FTSE 100 (Royaume-Uni)',
    'FTSE 100 (Großbritannien)',
    'FTSE 100 (Великобритания)',
    'FTSE 100 (Reino Unido)',
    'FTSE 100 (Reino Unido)',
    'فوتسي 100 البريطاني',
    'FTSE 100 (Regno Unito)',
    'İngiltere FTSE 100',
    'FTSE 100 Inggris',
  ]),
  JPN225: latin('日經225指數', 'Nikkei 225', '日経225', '닛케이 225', 'นิกเคอิ 225', 'Никкей 225', 'نيكاي 225'),
  HK50: latin(
    '恒生指數',
    'Hang Seng',
    'ハンセン指数',
    '항셍지수',
    'ดัชนีฮั่งเส็ง',
    'Индекс Хан Сэн',
    'مؤشر هانغ سنغ',
  ),
  AUS200: names([
    '澳洲200指數',
    'Australia 200 (ASX)',
    'オーストラリア200',
    '호주 ASX 200',
    'ดัชนี ASX 200 ออสเตรเลีย',
    'ASX 200 Úc',
    'ASX 200 (Australie)',
    'ASX 200 (Australien)',
    'ASX 200 (Австралия)',
    'ASX 200 (Australia)',
    'ASX 200 (Austrália)',
    'إيه إس إكس 200 الأسترالي',
    'ASX 200 (Australia)',
    'Avustralya ASX 200',
    'ASX 200 Australia',
  ]),
  FRA40: names([
    '法國CAC40指數',
    'France 40 (CAC)',
    'フランスCAC40',
    '프랑스 CAC 40',
    'ดัชนี CAC 40 ฝรั่งเศส',
    'CAC 40 Pháp',
    'CAC 40 (France)',
    'CAC 40 (Frankreich)',
    'CAC 40 (Франция)',
    'CAC 40 (Francia)',
    'CAC 40 (França)',
    'كاك 40 الفرنسي',
    'CAC 40 (Francia)',
    'Fransa CAC 40',
    'CAC 40 Prancis',
  ]),
  // Crypto.
  BTCUSD: latin('比特幣', 'Bitcoin', 'ビットコイン', '비트코인', 'บิตคอยน์', 'Биткоин', 'بيتكوين'),
  ETHUSD: latin('以太坊', 'Ethereum', 'イーサリアム', '이더리움', 'อีเธอเรียม', 'Эфириум', 'إيثريوم'),
  SOLUSD: latin('索拉納', 'Solana', 'ソラナ', '솔라나', 'โซลานา', 'Солана', 'سولانا'),
  XRPUSD: latin(
    '瑞波幣 (XRP)',
    'XRP (Ripple)',
    'リップル (XRP)',
    '리플 (XRP)',
    'ริปเปิล (XRP)',
    'Рипл (XRP)',
    'ريبل (XRP)',
  ),
  LTCUSD: latin('萊特幣', 'Litecoin', 'ライトコイン', '라이트코인', 'ไลท์คอยน์', 'Лайткоин', 'لايتكوين'),
  BNBUSD: latin(
    '幣安幣 (BNB)',
    'BNB',
    'BNB (バイナンスコイン)',
    'BNB (바이낸스 코인)',
    'BNB',
    'BNB',
    'بي إن بي',
  ),
  DOGEUSD: latin('狗狗幣', 'Dogecoin', 'ドージコイン', '도지코인', 'ดอจคอยน์', 'Догикоин', 'دوجكوين'),
  ADAUSD: latin('艾達幣 (Cardano)', 'Cardano', 'カルダノ', '카르다노', 'คาร์ดาโน', 'Кардано', 'كاردانو'),
};

const currencyNames = new Map<Language, Intl.DisplayNames>();

/** The currency's name, or undefined for a code that is no ISO 4217 currency. */
function currencyName(currency: string, lang: Language): string | undefined {
  let names = currencyNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([LANGUAGE_LOCALES[lang]], { type: 'currency', fallback: 'none' });
    currencyNames.set(lang, names);
  }
  return names.of(currency);
}

const pairNames = new Map<string, Names>();

function pairName(code: string): Names | undefined {
  if (!/^[A-Z]{6}$/.test(code)) return undefined;
  let cached = pairNames.get(code);
  if (!cached) {
    const [base, quote] = [code.slice(0, 3), code.slice(3)];
    if (!currencyName(base, 'en') || !currencyName(quote, 'en')) return undefined;
    cached = Object.fromEntries(
      LANGUAGES.map((lang) => [
        lang,
        `${currencyName(base, lang) ?? base} / ${currencyName(quote, lang) ?? quote}`,
      ]),
    ) as Names;
    pairNames.set(code, cached);
  }
  return cached;
}

/** The catalogue's names of an instrument by code, or undefined for a code it does not know. */
export function catalogueNames(code: string): Readonly<Names> | undefined {
  return WRITTEN[code] ?? pairName(code);
}

/**
 * An instrument's name in a language. Names staff set win: theirs in the language, else their
 * English one; without any, the catalogue's in the language, else its English one; else empty.
 */
export function instrumentName(
  instrument: { spec: { code: string }; names?: Partial<Record<Language, string>> | undefined },
  lang: Language,
): string {
  const staff = instrument.names;
  const catalogue = catalogueNames(instrument.spec.code);
  return staff?.[lang] ?? staff?.en ?? catalogue?.[lang] ?? catalogue?.en ?? '';
}
