import { describe, expect, it } from 'vitest';
import { sanitizeSettings } from './settings-store.ts';
import { resolveTheme } from './theme.ts';
import { marketColors, PALETTES } from './palette.ts';

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

  it('swaps up and down colours under the red-up convention', () => {
    const { rise, fall } = PALETTES.dark;
    expect(marketColors('dark', 'green-up')).toEqual({ up: rise, down: fall });
    expect(marketColors('dark', 'red-up')).toEqual({ up: fall, down: rise });
  });
});
