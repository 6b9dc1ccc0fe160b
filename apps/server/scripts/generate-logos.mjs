#!/usr/bin/env node
/**
 * Writes one small SVG logo per seeded instrument into apps/server/assets/logos/.
 *
 *   node apps/server/scripts/generate-logos.mjs
 *
 * Every logo is self-contained (viewBox 0 0 64 64, no external references, no scripts) and stays
 * under 2 kB. Currency pairs are two overlapping flag discs, metals an ingot, energies a drop or a
 * flame, indices a badge in the country's colours, coins their brand colour with a simple glyph.
 * Re-run it after adding an instrument to the seed; it reads nothing but this file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OUT_DIR = fileURLToPath(new URL('../assets/logos/', import.meta.url));
const MAX_BYTES = 2048;
const FONT = 'font-family="Arial,Helvetica,sans-serif" font-weight="700" text-anchor="middle"';

const svg = (body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">${body}</svg>\n`;

const text = (x, y, size, fill, content, extra = '') =>
  `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}" ${FONT}${extra}>${content}</text>`;

/** `count` dots evenly on a circle of radius `radius` around (cx, cy), starting at `offset` degrees. */
function ring(cx, cy, radius, count, dotRadius, fill, offset = -90) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const angle = ((offset + (360 * i) / count) * Math.PI) / 180;
    const x = +(cx + radius * Math.cos(angle)).toFixed(2);
    const y = +(cy + radius * Math.sin(angle)).toFixed(2);
    out += `<circle cx="${x}" cy="${y}" r="${dotRadius}"/>`;
  }
  return `<g fill="${fill}">${out}</g>`;
}

// ---------------------------------------------------------------------------------------------
// Currency discs, drawn around (0, 0) with radius 18 and clipped to it.

const UNION_JACK =
  '<rect x="-18" y="-18" width="36" height="36" fill="#012169"/>' +
  '<path d="M-18-18 18 18M18-18-18 18" stroke="#fff" stroke-width="6"/>' +
  '<path d="M-18-18 18 18M18-18-18 18" stroke="#C8102E" stroke-width="2"/>' +
  '<path d="M0-18V18M-18 0H18" stroke="#fff" stroke-width="10"/>' +
  '<path d="M0-18V18M-18 0H18" stroke="#C8102E" stroke-width="6"/>';

/** A label tag across the middle of a busy flag. */
const tag = (fill) => `<rect x="-14" y="-7" width="28" height="14" rx="3.5" fill="${fill}"/>`;

const CURRENCIES = {
  USD: {
    art:
      '<rect x="-18" y="-18" width="36" height="36" fill="#fff"/>' +
      '<path fill="#B22234" d="M-18-18h36v4h-36zM-18-10h36v4h-36zM-18-2h36v4h-36zM-18 6h36v4h-36zM-18 14h36v4h-36z"/>' +
      '<rect x="-18" y="-18" width="19" height="16" fill="#3C3B6E"/>' +
      tag('#3C3B6E'),
    ink: '#fff',
  },
  EUR: {
    art: '<rect x="-18" y="-18" width="36" height="36" fill="#039"/>' + ring(0, 0, 14, 12, 1.4, '#FC0'),
    ink: '#FC0',
  },
  GBP: {
    art: '<use href="#uj" transform="scale(1.2 .8)"/>' + tag('#012169'),
    ink: '#fff',
  },
  JPY: {
    art: '<rect x="-18" y="-18" width="36" height="36" fill="#fff"/><circle r="11.5" fill="#BC002D"/>',
    ink: '#fff',
    outline: true,
  },
  CHF: {
    art:
      '<rect x="-18" y="-18" width="36" height="36" fill="#DA291C"/>' +
      '<path fill="#fff" d="M-1.5-15h3v3h3v3h-3v3h-3v-3h-3v-3h3z"/>',
    ink: '#fff',
  },
  AUD: {
    art:
      '<rect x="-18" y="-18" width="36" height="36" fill="#012169"/><use href="#uj" transform="translate(-9 -9) scale(.5)"/>' +
      ring(5, 5, 9, 5, 1.3, '#fff', -60) +
      '<circle cx="-8" cy="10" r="2" fill="#fff"/>' +
      tag('#012169'),
    ink: '#fff',
  },
  CAD: {
    art:
      '<rect x="-18" y="-18" width="36" height="36" fill="#fff"/>' +
      '<path fill="#D80621" d="M-18-18h6v36h-6zM12-18h6v36h-6zM0-14l2 4 3-1-1 4h-8l-1-4 3 1z"/>',
    ink: '#D80621',
    outline: true,
  },
  NZD: {
    art:
      '<rect x="-18" y="-18" width="36" height="36" fill="#00247D"/><use href="#uj" transform="translate(-9 -9) scale(.5)"/>' +
      '<g fill="#CC142B" stroke="#fff" stroke-width=".8"><circle cx="11" cy="-6" r="1.7"/><circle cx="7" cy="9" r="1.7"/><circle cx="14" cy="4" r="1.5"/><circle cx="10" cy="14" r="1.9"/></g>' +
      tag('#00247D'),
    ink: '#fff',
  },
  TRY: {
    art:
      '<rect x="-18" y="-18" width="36" height="36" fill="#E30A17"/>' +
      '<circle cx="-2" cy="-11" r="4.5" fill="#fff"/><circle cx="-0.8" cy="-11" r="3.6" fill="#E30A17"/>' +
      '<path fill="#fff" d="M4.5-11l-2.6.9 1.6-2.3v2.8l-1.6-2.3z"/>',
    ink: '#fff',
  },
  ZAR: {
    art:
      '<rect x="-18" y="-18" width="36" height="18" fill="#E03C31"/><rect x="-18" y="0" width="36" height="18" fill="#001489"/>' +
      '<path d="M-18-12-6 0-18 12M-6 0H18" stroke="#fff" stroke-width="11" fill="none"/>' +
      '<path d="M-18-12-6 0-18 12M-6 0H18" stroke="#007749" stroke-width="7" fill="none"/>' +
      '<path d="M-18-9-9 0-18 9z" fill="#000" stroke="#FFB81C" stroke-width="2"/>' +
      tag('#007749'),
    ink: '#fff',
  },
  MXN: {
    art:
      '<rect x="-18" y="-18" width="36" height="36" fill="#fff"/>' +
      '<rect x="-18" y="-18" width="12" height="36" fill="#006847"/><rect x="6" y="-18" width="12" height="36" fill="#CE1126"/>' +
      tag('#006847'),
    ink: '#fff',
  },
  HKD: {
    art:
      '<rect x="-18" y="-18" width="36" height="36" fill="#DE2910"/>' +
      ring(0, -11, 2.6, 5, 1.6, '#fff') +
      '<circle cy="-11" r="1" fill="#DE2910"/>',
    ink: '#fff',
  },
};

function disc(code, cx, cy, labelDy) {
  const c = CURRENCIES[code];
  if (!c) throw new Error(`No flag for ${code}`);
  const outline = c.outline ? '<circle r="17.5" fill="none" stroke="#CBD5E1"/>' : '';
  return (
    `<g transform="translate(${cx} ${cy})"><g clip-path="url(#d)">${c.art}</g>${outline}` +
    `<circle r="18.6" fill="none" stroke="#fff" stroke-width="1.6"/>` +
    text(0, labelDy, 10, c.ink, code) +
    '</g>'
  );
}

function pairLogo(code) {
  const base = code.slice(0, 3);
  const quote = code.slice(3, 6);
  // The quote disc sits behind, lower right; its label is nudged clear of the base disc.
  const discs = disc(quote, 43, 43, 5.5) + disc(base, 21, 21, 3.6);
  // Flags with a Union Jack share one drawing of it.
  const unionJack = discs.includes('#uj') ? `<g id="uj">${UNION_JACK}</g>` : '';
  return svg(`<defs><clipPath id="d"><circle r="18"/></clipPath>${unionJack}</defs>${discs}`);
}

// ---------------------------------------------------------------------------------------------
// Metals: an ingot with the element symbol.

const METALS = {
  XAUUSD: { symbol: 'Au', light: '#FDE68A', mid: '#F5B82E', dark: '#B7791F', ink: '#7A4B0C', bg: '#1F2A44' },
  XAGUSD: { symbol: 'Ag', light: '#F8FAFC', mid: '#CBD5E1', dark: '#94A3B8', ink: '#334155', bg: '#1F2A44' },
  XPTUSD: { symbol: 'Pt', light: '#EEF2FF', mid: '#C7D2FE', dark: '#8B9AC4', ink: '#2E3A66', bg: '#1F2A44' },
  XPDUSD: { symbol: 'Pd', light: '#F5F0EB', mid: '#D6CCC2', dark: '#A8998A', ink: '#4A3F35', bg: '#1F2A44' },
};

function metalLogo(code) {
  const m = METALS[code];
  return svg(
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${m.mid}"/><stop offset="1" stop-color="${m.dark}"/></linearGradient></defs>` +
      `<circle cx="32" cy="32" r="30" fill="${m.bg}"/>` +
      `<path d="M21 20h22l5 8H16z" fill="${m.light}"/>` +
      `<path d="M16 28h32l5 17H11z" fill="url(#g)"/>` +
      `<path d="M16 28h32" stroke="#fff" stroke-opacity=".7"/>` +
      text(32, 41.5, 12, m.ink, m.symbol) +
      text(32, 54, 6.5, m.mid, code.slice(0, 3)),
  );
}

// ---------------------------------------------------------------------------------------------
// Energies: an oil drop with the benchmark's name, or a gas flame.

const DROP = 'M32 9C32 9 16 27 16 38.5a16 16 0 0 0 32 0C48 27 32 9 32 9z';

const ENERGIES = {
  USOIL: () =>
    svg(
      '<circle cx="32" cy="32" r="30" fill="#F59E0B"/>' +
        `<path d="${DROP}" fill="#111827"/><ellipse cx="24.5" cy="36" rx="2.2" ry="5" fill="#fff" fill-opacity=".25"/>` +
        text(32, 45, 10, '#FCD34D', 'WTI'),
    ),
  UKOIL: () =>
    svg(
      '<circle cx="32" cy="32" r="30" fill="#0F766E"/>' +
        `<path d="${DROP}" fill="#111827"/><ellipse cx="24.5" cy="36" rx="2.2" ry="5" fill="#fff" fill-opacity=".25"/>` +
        text(32, 44, 7.5, '#5EEAD4', 'BRENT'),
    ),
  NGAS: () =>
    svg(
      '<circle cx="32" cy="32" r="30" fill="#1E3A8A"/>' +
        '<path d="M33 8c3 10 15 16 15 31a16 16 0 0 1-32 0c0-8 5-12 8-18 1 5 3 7 5 8 2-7 1-14-1-21z" fill="#38BDF8"/>' +
        '<path d="M32 29c3 4 8 7 8 13a8 8 0 0 1-16 0c0-4 3-6 4-9 1 2 2 3 3 3 1-2 1-4 1-7z" fill="#E0F2FE"/>',
    ),
};

// ---------------------------------------------------------------------------------------------
// Indices: a ring in the country's colours around a white face with the index name.

const STRIPES_H = (colors) => {
  const h = 64 / colors.length;
  return colors
    .map(
      (c, i) => `<rect y="${+(i * h).toFixed(2)}" width="64" height="${+(h + 0.1).toFixed(2)}" fill="${c}"/>`,
    )
    .join('');
};
const STRIPES_V = (colors) => {
  const w = 64 / colors.length;
  return colors
    .map(
      (c, i) => `<rect x="${+(i * w).toFixed(2)}" width="${+(w + 0.1).toFixed(2)}" height="64" fill="${c}"/>`,
    )
    .join('');
};

const US_FLAG =
  STRIPES_H(['#B22234', '#fff', '#B22234', '#fff', '#B22234', '#fff', '#B22234']) +
  '<rect width="30" height="28" fill="#3C3B6E"/>' +
  ring(15, 14, 8, 6, 1.3, '#fff');

const INDICES = {
  US30: { nick: 'DOW', ring: US_FLAG, ink: '#3C3B6E' },
  US500: { nick: 'S&amp;P', ring: US_FLAG, ink: '#3C3B6E' },
  NAS100: { nick: 'NASDAQ', ring: US_FLAG, ink: '#3C3B6E' },
  GER40: { nick: 'DAX', ring: STRIPES_H(['#000', '#DD0000', '#FFCE00']), ink: '#000' },
  UK100: {
    nick: 'FTSE',
    ring: `<g transform="translate(32 32) scale(1.78)">${UNION_JACK}</g>`,
    ink: '#012169',
  },
  JPN225: {
    nick: 'NIKKEI',
    ring: '<rect width="64" height="64" fill="#fff"/>',
    ink: '#fff',
    face: '#BC002D',
    outline: true,
  },
  HK50: {
    nick: 'HSI',
    ring: '<rect width="64" height="64" fill="#DE2910"/>' + ring(32, 32, 26, 5, 2, '#fff'),
    ink: '#DE2910',
  },
  AUS200: { nick: 'ASX', ring: STRIPES_H(['#00843D', '#FFCD00']), ink: '#00843D' },
  FRA40: { nick: 'CAC', ring: STRIPES_V(['#0055A4', '#fff', '#EF4135']), ink: '#0055A4', outline: true },
};

function indexLogo(code) {
  const i = INDICES[code];
  const size = code.length <= 4 ? 12 : code.length === 5 ? 11 : 9.5;
  const outline = i.outline ? '<circle cx="32" cy="32" r="29.5" fill="none" stroke="#CBD5E1"/>' : '';
  const face = i.face ?? '#fff';
  const nickInk = i.face ? '#FECACA' : '#6B7280';
  return svg(
    '<defs><clipPath id="r"><circle cx="32" cy="32" r="30"/></clipPath></defs>' +
      `<g clip-path="url(#r)">${i.ring}</g>${outline}` +
      `<circle cx="32" cy="32" r="22" fill="${face}" stroke="${i.face ? '#fff' : '#E5E7EB'}" stroke-width="${i.face ? 2 : 1}"/>` +
      text(32, 28, 6.5, nickInk, i.nick) +
      text(32, 40.5, size, i.ink, code),
  );
}

// ---------------------------------------------------------------------------------------------
// Coins: brand colour with a simple glyph.

const coinBg = (fill) => `<circle cx="32" cy="32" r="30" fill="${fill}"/>`;

const COINS = {
  BTCUSD: () =>
    svg(
      coinBg('#F7931A') +
        '<g transform="rotate(14 32 32)" fill="#fff">' +
        '<path d="M27 14h3v6h-3zM33 14h3v6h-3zM27 44h3v6h-3zM33 44h3v6h-3z"/>' +
        text(32, 44, 31, '#fff', 'B') +
        '</g>',
    ),
  ETHUSD: () =>
    svg(
      coinBg('#627EEA') +
        '<g fill="#fff"><path d="M32 9 18 32l14 8.5z"/><path d="M32 9v31.5L46 32z" fill-opacity=".65"/>' +
        '<path d="M32 43.5 18 35l14 20z"/><path d="M32 43.5V55l14-20z" fill-opacity=".65"/>' +
        '<path d="M32 24 18 32l14 8.5z" fill-opacity=".8"/><path d="M32 24v16.5L46 32z" fill-opacity=".35"/></g>',
    ),
  SOLUSD: () =>
    svg(
      '<defs><linearGradient id="s" gradientUnits="userSpaceOnUse" x1="17" y1="46" x2="47" y2="18"><stop offset="0" stop-color="#9945FF"/><stop offset="1" stop-color="#14F195"/></linearGradient></defs>' +
        coinBg('#111318') +
        '<path fill="url(#s)" d="M22 18h26l-5 6H17zM17 29h26l5 6H22zM22 40h26l-5 6H17z"/>',
    ),
  XRPUSD: () =>
    svg(
      coinBg('#23292F') +
        '<path d="M17 18l9 8.5a8.5 8.5 0 0 0 12 0l9-8.5M17 46l9-8.5a8.5 8.5 0 0 1 12 0l9 8.5" fill="none" stroke="#fff" stroke-width="4.5" stroke-linecap="round"/>',
    ),
  LTCUSD: () =>
    svg(
      coinBg('#345D9D') +
        '<path d="M30 15l-5 29h17" fill="none" stroke="#fff" stroke-width="5.5" stroke-linejoin="round" stroke-linecap="round"/>' +
        '<path d="M19.5 34.5 36 28.5" stroke="#fff" stroke-width="4" stroke-linecap="round"/>',
    ),
  BNBUSD: () =>
    svg(
      coinBg('#F3BA2F') +
        '<path fill="#fff" d="M32 12l10 10-3.5 3.5-6.5-6.5-6.5 6.5L22 22zM32 52 42 42l-3.5-3.5-6.5 6.5-6.5-6.5L22 42zM32 26.5l5.5 5.5-5.5 5.5-5.5-5.5zM18 28l4 4-4 4-4-4zM46 28l4 4-4 4-4-4z"/>',
    ),
  DOGEUSD: () =>
    svg(
      coinBg('#C2A633') +
        '<path d="M25 18h6a14 14 0 0 1 0 28h-6z" fill="none" stroke="#fff" stroke-width="5" stroke-linejoin="round"/>' +
        '<path d="M19 32h15" stroke="#fff" stroke-width="4" stroke-linecap="round"/>',
    ),
  ADAUSD: () =>
    svg(
      coinBg('#0033AD') +
        ring(32, 32, 7.5, 6, 2.4, '#fff', 0) +
        ring(32, 32, 14.5, 6, 1.8, '#fff', 30) +
        ring(32, 32, 21.5, 12, 1.2, '#fff', 0),
    ),
};

// ---------------------------------------------------------------------------------------------

const PAIRS = [
  'EURUSD',
  'GBPUSD',
  'USDJPY',
  'USDCHF',
  'AUDUSD',
  'USDCAD',
  'NZDUSD',
  'EURGBP',
  'EURCHF',
  'EURAUD',
  'EURCAD',
  'GBPCHF',
  'AUDCAD',
  'AUDNZD',
  'GBPAUD',
  'EURNZD',
  'GBPCAD',
  'GBPNZD',
  'AUDCHF',
  'CADCHF',
  'EURJPY',
  'GBPJPY',
  'AUDJPY',
  'CADJPY',
  'CHFJPY',
  'NZDJPY',
  'USDTRY',
  'USDZAR',
  'USDMXN',
  'USDHKD',
];

const logos = new Map();
for (const code of PAIRS) logos.set(code, pairLogo(code));
for (const code of Object.keys(METALS)) logos.set(code, metalLogo(code));
for (const [code, draw] of Object.entries(ENERGIES)) logos.set(code, draw());
for (const code of Object.keys(INDICES)) logos.set(code, indexLogo(code));
for (const [code, draw] of Object.entries(COINS)) logos.set(code, draw());

mkdirSync(OUT_DIR, { recursive: true });
for (const [code, content] of logos) {
  const bytes = Buffer.byteLength(content);
  if (bytes >= MAX_BYTES) throw new Error(`${code}: ${bytes} bytes, the limit is ${MAX_BYTES}`);
  writeFileSync(`${OUT_DIR}${code.toLowerCase()}.svg`, content);
}
console.log(`Wrote ${logos.size} logos to ${OUT_DIR}`);
