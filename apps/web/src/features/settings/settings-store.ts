/**
 * Settings a visitor can change without an account: language, theme, the colour convention for
 * rising prices, the chart's period and zone, and when an order asks for a confirmation. Persisted
 * per device.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import {
  DEFAULT_LANGUAGE,
  normalizeLanguage,
  PERIODS,
  isPeriod,
  type Language,
  type Period,
} from '@omp/protocol';
import { persistStorage, storageKey } from '../../lib/storage.ts';
import {
  DEFAULT_ORDER_CONFIRM,
  isOrderConfirmMode,
  type OrderConfirmMode,
} from '../ticket/order-confirmation.ts';

export type ThemePreference = 'light' | 'dark' | 'system';
/**
 * 'green-up' is the Western convention; 'red-up' is the one of mainland China, Hong Kong, Taiwan,
 * Japan and Korea, where red means a rise. Every up/down colour in the app follows this setting.
 */
export type UpColor = 'green-up' | 'red-up';
/** The chart's time axis: the device's zone or UTC (the server aligns bars to UTC). */
export type ChartTimeZone = 'local' | 'utc';

export interface SettingsState {
  lang: Language;
  theme: ThemePreference;
  upColor: UpColor;
  period: Period;
  chartTimeZone: ChartTimeZone;
  /** When the ticket asks before sending an order (ticket/order-confirmation.ts). */
  orderConfirm: OrderConfirmMode;
  /**
   * One-tap trading: buy and sell send at once, never asking (off unless the user turned it on
   * and accepted the warning, one-tap-setting.tsx). Per device: a phone lent to someone must not
   * inherit it from another device.
   */
  oneTap: boolean;
  setLang(lang: Language): void;
  setTheme(theme: ThemePreference): void;
  setUpColor(upColor: UpColor): void;
  setPeriod(period: Period): void;
  setChartTimeZone(zone: ChartTimeZone): void;
  setOrderConfirm(mode: OrderConfirmMode): void;
  setOneTap(on: boolean): void;
}

const THEMES: readonly ThemePreference[] = ['light', 'dark', 'system'];
const UP_COLORS: readonly UpColor[] = ['green-up', 'red-up'];

type PersistedSettings = Pick<
  SettingsState,
  'lang' | 'theme' | 'upColor' | 'period' | 'chartTimeZone' | 'orderConfirm' | 'oneTap'
>;

/**
 * Cleans what localStorage held: an older build may have saved `tw` (now `hk`) or values this
 * build no longer knows; each falls back to its default instead of breaking the start.
 */
export function sanitizeSettings(raw: unknown): PersistedSettings {
  const value = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return {
    lang: normalizeLanguage(value.lang ?? DEFAULT_LANGUAGE),
    theme: THEMES.includes(value.theme as ThemePreference) ? (value.theme as ThemePreference) : 'system',
    upColor: UP_COLORS.includes(value.upColor as UpColor) ? (value.upColor as UpColor) : 'green-up',
    period: isPeriod(value.period) ? value.period : (PERIODS[0] ?? '1M'),
    chartTimeZone: value.chartTimeZone === 'utc' ? 'utc' : 'local',
    orderConfirm: isOrderConfirmMode(value.orderConfirm) ? value.orderConfirm : DEFAULT_ORDER_CONFIRM,
    // Only an explicit true counts: anything else stored keeps the safe default.
    oneTap: value.oneTap === true,
  };
}

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      ...sanitizeSettings({}),
      setLang: (lang) => set({ lang }),
      setTheme: (theme) => set({ theme }),
      setUpColor: (upColor) => set({ upColor }),
      setPeriod: (period) => set({ period }),
      setChartTimeZone: (chartTimeZone) => set({ chartTimeZone }),
      setOrderConfirm: (orderConfirm) => set({ orderConfirm }),
      setOneTap: (oneTap) => set({ oneTap }),
    }),
    {
      name: storageKey('settings'),
      storage: persistStorage,
      version: 1,
      partialize: (state): PersistedSettings => ({
        lang: state.lang,
        theme: state.theme,
        upColor: state.upColor,
        period: state.period,
        chartTimeZone: state.chartTimeZone,
        orderConfirm: state.orderConfirm,
        oneTap: state.oneTap,
      }),
      merge: (persisted, current) => ({ ...current, ...sanitizeSettings(persisted) }),
    },
  ),
);
