/**
 * Draws the pictures of the seeded news articles and companies as small PNG files under
 * apps/server/assets/media/, so a fresh installation shows pictures without fetching any from
 * elsewhere. The output is committed; run this again only to change the pictures:
 *
 *   node apps/server/scripts/draw-content-images.ts
 *
 * PNG rather than SVG: an SVG is a document that can carry script, a PNG is only pixels. The
 * encoder is the minimum the format needs (8-bit RGB, no filtering, one zlib stream).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { NEWS_PICTURES } from '../src/seed/news-articles.ts';
import { COMPANY_PICTURES } from '../src/seed/companies.ts';

type Rgb = readonly [number, number, number];

class Canvas {
  readonly width: number;
  readonly height: number;
  readonly pixels: Uint8Array;
  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.pixels = new Uint8Array(width * height * 3);
  }
  set(x: number, y: number, [r, g, b]: Rgb, alpha = 1) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (Math.floor(y) * this.width + Math.floor(x)) * 3;
    this.pixels[i] = Math.round(this.pixels[i]! * (1 - alpha) + r * alpha);
    this.pixels[i + 1] = Math.round(this.pixels[i + 1]! * (1 - alpha) + g * alpha);
    this.pixels[i + 2] = Math.round(this.pixels[i + 2]! * (1 - alpha) + b * alpha);
  }
  rect(x0: number, y0: number, w: number, h: number, color: Rgb, alpha = 1) {
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(this.height, y0 + h); y++)
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(this.width, x0 + w); x++)
        this.set(x, y, color, alpha);
  }
  /** Pixels for which `inside(x, y)` holds, with 4x4 supersampling for smooth edges. */
  shape(inside: (x: number, y: number) => boolean, color: Rgb) {
    for (let y = 0; y < this.height; y++)
      for (let x = 0; x < this.width; x++) {
        let hits = 0;
        for (let sy = 0; sy < 4; sy++)
          for (let sx = 0; sx < 4; sx++) if (inside(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4)) hits++;
        if (hits > 0) this.set(x, y, color, hits / 16);
      }
  }
  png(): Buffer {
    const rows = Buffer.alloc((this.width * 3 + 1) * this.height);
    for (let y = 0; y < this.height; y++) {
      rows[y * (this.width * 3 + 1)] = 0; // filter: none
      rows.set(
        this.pixels.subarray(y * this.width * 3, (y + 1) * this.width * 3),
        y * (this.width * 3 + 1) + 1,
      );
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8-bit, RGB, deflate, no filter method, no interlace
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const hex = (color: string): Rgb => [
  parseInt(color.slice(1, 3), 16),
  parseInt(color.slice(3, 5), 16),
  parseInt(color.slice(5, 7), 16),
];
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

/** A seeded generator, so the same picture comes out on every run. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A market picture: a gradient, a faint grid and a candlestick chart trending as the story goes. */
function newsPicture(from: string, to: string, trend: number, seed: number): Buffer {
  const c = new Canvas(640, 360);
  const top = hex(from);
  const bottom = hex(to);
  for (let y = 0; y < c.height; y++) c.rect(0, y, c.width, 1, mix(top, bottom, y / c.height));
  for (let x = 40; x < c.width; x += 80) c.rect(x, 0, 1, c.height, [255, 255, 255], 0.08);
  for (let y = 30; y < c.height; y += 60) c.rect(0, y, c.width, 1, [255, 255, 255], 0.08);
  const next = random(seed);
  // `price` is a screen row: a rising market moves up the picture, to smaller rows.
  let price = 190 + trend * 90;
  for (let i = 0; i < 30; i++) {
    const open = price;
    price -= trend * 6 + (next() - 0.5) * 26;
    const high = Math.max(open, price) + next() * 12;
    const low = Math.min(open, price) - next() * 12;
    const x = 24 + i * 20;
    const rising = price <= open;
    const color: Rgb = rising ? [38, 214, 140] : [255, 92, 92];
    c.rect(x + 6, low, 2, high - low, color, 0.9);
    c.rect(x, Math.min(open, price), 14, Math.max(2, Math.abs(price - open)), color);
  }
  c.rect(0, c.height - 6, c.width, 6, [255, 255, 255], 0.35);
  return c.png();
}

/** A company mark: a coloured tile with one white figure, different for every company. */
function companyPicture(color: string, figure: number): Buffer {
  const c = new Canvas(128, 128);
  c.rect(0, 0, 128, 128, [255, 255, 255]);
  const tile = hex(color);
  c.shape((x, y) => {
    const dx = Math.max(0, Math.abs(x - 64) - 40);
    const dy = Math.max(0, Math.abs(y - 64) - 40);
    return dx * dx + dy * dy <= 20 * 20;
  }, tile);
  const white: Rgb = [255, 255, 255];
  const r = (x: number, y: number) => Math.hypot(x - 64, y - 64);
  const figures: Array<(x: number, y: number) => boolean> = [
    (x, y) => r(x, y) <= 30 && r(x, y) >= 18,
    (x, y) => y >= 36 && y <= 92 && Math.abs(x - 64) <= (y - 36) * 0.6,
    (x, y) => Math.abs(x - 64) + Math.abs(y - 64) <= 30,
    (x, y) =>
      [40, 58, 76].some((left, i) => x >= left && x <= left + 12 && y >= 84 - (i + 1) * 16 && y <= 90),
    (x, y) =>
      (Math.abs(x - 64) <= 8 && Math.abs(y - 64) <= 30) || (Math.abs(y - 64) <= 8 && Math.abs(x - 64) <= 30),
    (x, y) => r(x, y) <= 30 && !(x > 64 && Math.abs(y - 64) < x - 64),
  ];
  c.shape(figures[figure % figures.length]!, white);
  return c.png();
}

const root = path.resolve(import.meta.dirname, '../assets/media');
mkdirSync(path.join(root, 'news'), { recursive: true });
mkdirSync(path.join(root, 'companies'), { recursive: true });
for (const [i, p] of NEWS_PICTURES.entries())
  writeFileSync(path.join(root, 'news', `${p.name}.png`), newsPicture(p.from, p.to, p.trend, 7919 * (i + 1)));
for (const [i, p] of COMPANY_PICTURES.entries())
  writeFileSync(path.join(root, 'companies', `${p.name}.png`), companyPicture(p.color, i));
console.log(`drew ${NEWS_PICTURES.length} news and ${COMPANY_PICTURES.length} company pictures in ${root}`);
