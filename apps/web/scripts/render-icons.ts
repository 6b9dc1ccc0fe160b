/**
 * Renders the home-screen icons of the web app manifest from the app's logo with Chromium, so the
 * PNGs in public/icons/ can be made again whenever the logo changes:
 *
 *   node apps/web/scripts/render-icons.ts
 *
 * "any" icons keep the rounded square; the maskable one fills the square and keeps the mark inside
 * the central safe zone (80 %), since launchers cut their own shape out of it; the Apple one is
 * square because iOS rounds it itself.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const BLUE = '#1f6feb';
const MARK =
  '<path d="M7 21l6-6 4 4 8-9" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>';
const rounded = `<rect width="32" height="32" rx="7" fill="${BLUE}"/>${MARK}`;
const square = `<rect width="32" height="32" fill="${BLUE}"/>${MARK}`;
const maskable = `<rect width="32" height="32" fill="${BLUE}"/><g transform="translate(16 16) scale(0.72) translate(-16 -15.5)">${MARK}</g>`;

const icons: { file: string; size: number; body: string; transparent: boolean }[] = [
  { file: 'icon-192.png', size: 192, body: rounded, transparent: true },
  { file: 'icon-512.png', size: 512, body: rounded, transparent: true },
  { file: 'icon-maskable-512.png', size: 512, body: maskable, transparent: false },
  { file: 'apple-touch-icon.png', size: 180, body: square, transparent: false },
];

const out = new URL('../public/icons/', import.meta.url);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${icon.size}" height="${icon.size}">${icon.body}</svg>`;
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    await page.screenshot({ path: new URL(icon.file, out).pathname, omitBackground: icon.transparent });
    await page.close();
  }
} finally {
  await browser.close();
}
