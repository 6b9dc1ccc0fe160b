import { describe, expect, it } from 'vitest';
import { sanitizeSettings } from './settings-store.ts';
import { resolveTheme } from './theme.ts';
import { marketColors, onMarketColors, PALETTES } from './palette.ts';

describe('sanitizeSettings', () => {
  it('defaults to Traditional Chinese (hk), system theme and green up', () => {
    expect(sanitizeSettings(undefined)).toEqual({
      lang: 'hk',
      theme: 'system',
      upColor: 'green-up',
      period: '1M',
      chartTimeZone: 'local',
      orderConfirm: 'large',
      oneTap: false,
    });
  });

  it('keeps one-tap trading off unless it was stored as exactly true', () => {
    expect(sanitizeSettings({ oneTap: true }).oneTap).toBe(true);
    expect(sanitizeSettings({ oneTap: 'true' }).oneTap).toBe(false);
    expect(sanitizeSettings({ oneTap: 1 }).oneTap).toBe(false);
    expect(sanitizeSettings({}).oneTap).toBe(false);
  });

  it('maps the legacy tw language to hk', () => {
    expect(sanitizeSettings({ lang: 'tw' }).lang).toBe('hk');
  });

  it('keeps valid values and drops unknown ones', () => {
    expect(
      sanitizeSettings({
        lang: 'ar',
        theme: 'dark',
        upColor: 'red-up',
        period: '1MN',
        chartTimeZone: 'utc',
        orderConfirm: 'never',
        oneTap: true,
      }),
    ).toEqual({
      lang: 'ar',
      theme: 'dark',
      upColor: 'red-up',
      period: '1MN',
      chartTimeZone: 'utc',
      orderConfirm: 'never',
      oneTap: true,
    });
    expect(
      sanitizeSettings({
        lang: 'xx',
        theme: 'sepia',
        upColor: 'blue',
        period: '2M',
        orderConfirm: 'sometimes',
      }),
    ).toMatchObject({
      lang: 'hk',
      theme: 'system',
      upColor: 'green-up',
      period: '1M',
      orderConfirm: 'large',
    });
  });
});

describe('theme', () => {
  it('resolves the system preference', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('swaps up and down colours under the red-up convention, and the text on them with them', () => {
    const { rise, fall, onRise, onFall } = PALETTES.dark;
    expect(marketColors('dark', 'green-up')).toEqual({ up: rise, down: fall });
    expect(marketColors('dark', 'red-up')).toEqual({ up: fall, down: rise });
    expect(onMarketColors('dark', 'red-up')).toEqual({ onUp: onFall, onDown: onRise });
  });

  /** WCAG 2 contrast ratio of two #rrggbb colours. */
  const contrast = (a: string, b: string) => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((at) => {
        const c = parseInt(hex.slice(at, at + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (high! + 0.05) / (low! + 0.05);
  };

  it.each(['light', 'dark'] as const)(
    'keeps secondary labels readable on every %s surface (4.5:1)',
    (theme) => {
      const p = PALETTES[theme];
      for (const surface of [p.bg, p.surface, p.surface2, p.surface3])
        expect(contrast(p.text3, surface), surface).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(['light', 'dark'] as const)(
    'writes on the %s theme’s rise and fall colours in a colour readable at 4.5:1',
    (theme) => {
      const p = PALETTES[theme];
      expect(contrast(p.onRise, p.rise)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(p.onFall, p.fall)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(['light', 'dark'] as const)(
    'shows rising and falling figures readable at 4.5:1 on every %s surface',
    (theme) => {
      const p = PALETTES[theme];
      for (const surface of [p.bg, p.surface, p.surface2, p.surface3]) {
        expect(contrast(p.rise, surface), `rise on ${surface}`).toBeGreaterThanOrEqual(4.5);
        expect(contrast(p.fall, surface), `fall on ${surface}`).toBeGreaterThanOrEqual(4.5);
      }
    },
  );
});
