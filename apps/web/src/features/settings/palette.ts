/**
 * The colour tokens of both themes, in one place: CSS reads them as custom properties, the chart
 * (which draws on a canvas and cannot read CSS) gets the same values from here.
 */
import type { UpColor } from './settings-store.ts';

export type ResolvedTheme = 'light' | 'dark';

export interface Palette {
  bg: string;
  surface: string;
  surface2: string;
  surface3: string;
  /** The selected segment of a segmented control: above its track in both themes. */
  raised: string;
  border: string;
  text: string;
  text2: string;
  text3: string;
  accent: string;
  accentSoft: string;
  rise: string;
  fall: string;
  /** Text on a rise or fall background (buttons, badges, change pills), readable at 4.5:1. */
  onRise: string;
  onFall: string;
  /** An unchanged price's pill: grey under white text. */
  flat: string;
  chartGrid: string;
  warn: string;
  warnSoft: string;
  backdrop: string;
}

export const PALETTES: Record<ResolvedTheme, Palette> = {
  light: {
    bg: '#f2f3f5',
    surface: '#ffffff',
    surface2: '#f6f7f9',
    surface3: '#eceef2',
    raised: '#ffffff',
    border: '#e4e7ec',
    text: '#0f1419',
    text2: '#4a5361',
    // Secondary labels at 4.5:1 or more on every light surface.
    text3: '#636b78',
    accent: '#1f6feb',
    accentSoft: 'rgba(31, 111, 235, 0.1)',
    // As text on every light surface and under white text, 4.5:1 or more (#089981 and #e5323e,
    // the brighter pair, gave white 3.6:1 and 4.3:1 on the buy and sell buttons).
    rise: '#067a67',
    fall: '#ca2c37',
    onRise: '#ffffff',
    onFall: '#ffffff',
    flat: '#8b93a0',
    chartGrid: '#f0f2f5',
    warn: '#b35c00',
    warnSoft: 'rgba(245, 158, 11, 0.12)',
    backdrop: '#dde1e7',
  },
  dark: {
    bg: '#0b0e11',
    surface: '#14181e',
    surface2: '#1a1f26',
    surface3: '#232a33',
    raised: '#3a4350',
    border: '#252c36',
    text: '#eaecef',
    text2: '#a5adb9',
    // Secondary labels at 4.5:1 or more on the dark surfaces (was 3.9:1).
    text3: '#8a93a0',
    accent: '#4c8dff',
    accentSoft: 'rgba(76, 141, 255, 0.14)',
    rise: '#0ecb81',
    // A shade lighter than #f6465d, which read at 4.1:1 as text on the third surface.
    fall: '#f7596c',
    // White on these bright colours read at 2.1:1 (green) and 3.5:1 (red); near-black at 9:1 and 6:1.
    onRise: '#0b0e11',
    onFall: '#0b0e11',
    flat: '#6c7684',
    chartGrid: '#1b2028',
    warn: '#f0a53a',
    warnSoft: 'rgba(240, 165, 58, 0.14)',
    backdrop: '#05070a',
  },
};

/** Up and down colours under the chosen convention. */
export function marketColors(theme: ResolvedTheme, upColor: UpColor): { up: string; down: string } {
  const { rise, fall } = PALETTES[theme];
  return upColor === 'green-up' ? { up: rise, down: fall } : { up: fall, down: rise };
}

/** The text colour on the up and on the down colour, following the same convention. */
export function onMarketColors(theme: ResolvedTheme, upColor: UpColor): { onUp: string; onDown: string } {
  const { onRise, onFall } = PALETTES[theme];
  return upColor === 'green-up' ? { onUp: onRise, onDown: onFall } : { onUp: onFall, onDown: onRise };
}
