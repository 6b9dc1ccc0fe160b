/**
 * The home-screen install: the manifest names the app, starts it at the market screen and lists
 * icons that exist at the sizes it claims (a PNG's width and height are read from its header), with
 * one maskable icon for launchers that cut their own shape. index.html links both.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const publicDir = new URL('../../public/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('manifest.json', publicDir), 'utf8')) as {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('web app manifest', () => {
  it('installs as a standalone app that opens on the market screen', () => {
    expect(manifest.name).not.toBe('');
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('./#/');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('lists icons that exist at the sizes they claim, including 192, 512 and a maskable one', () => {
    for (const icon of manifest.icons) {
      expect(icon.type).toBe('image/png');
      expect(pngSize(readFileSync(new URL(icon.src, publicDir))), icon.src).toBe(icon.sizes);
    }
    const sizes = manifest.icons.map((icon) => icon.sizes);
    expect(sizes).toContain('192x192');
    expect(sizes).toContain('512x512');
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  });

  it('is linked from the page with the iOS icon', () => {
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    expect(html).toContain('<link rel="manifest" href="./manifest.json" />');
    const apple = /<link rel="apple-touch-icon" href="\.\/([^"]+)"/.exec(html)?.[1];
    expect(apple).toBeDefined();
    expect(pngSize(readFileSync(new URL(apple!, publicDir)))).toBe('180x180');
  });
});
