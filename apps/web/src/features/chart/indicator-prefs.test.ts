/**
 * How this device's indicator settings and the server's copy come together: the server's copy
 * replaces this one, except a change the server has not taken yet, which is sent instead; a burst
 * of changes is one save; a save that fails stays marked unsent.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Preference } from '@omp/protocol';
import { DEFAULT_INDICATORS, type IndicatorSettings } from './indicators.ts';

const server = vi.hoisted(() => ({
  value: null as unknown,
  fail: false,
  posts: [] as unknown[],
}));

vi.mock('../../lib/api.ts', () => ({
  api: {
    get: async (): Promise<Preference> =>
      ({ name: 'chart_indicators', value: server.value, updated_at: server.value ? 1 : null }) as Preference,
    post: async (_path: string, body: { value: unknown }) => {
      if (server.fail) throw new Error('offline');
      server.posts.push(body.value);
      server.value = body.value;
      return { name: 'chart_indicators', value: body.value, updated_at: 1 };
    },
  },
}));

const { SAVE_DELAY_MS, scheduleSave, syncSettings, useIndicatorPrefs } = await import('./indicator-prefs.ts');

const withRsi: IndicatorSettings = { ...DEFAULT_INDICATORS, rsi: { on: true, period: 21 } };
const withSma: IndicatorSettings = { ...DEFAULT_INDICATORS, sma: { on: true, period: 30 } };
const signal = new AbortController().signal;
const local = (key: string) => useIndicatorPrefs.getState().byUser[key];
const unsent = (key: string) => useIndicatorPrefs.getState().unsent[key] === true;

describe('indicator settings across devices', () => {
  beforeEach(() => {
    useIndicatorPrefs.setState({ byUser: {}, unsent: {} });
    Object.assign(server, { value: null, fail: false, posts: [] });
  });
  afterEach(() => vi.useRealTimers());

  it("takes the server's copy on a new device, and over an older copy here", async () => {
    server.value = withRsi;
    expect(await syncSettings('user:1', signal)).toEqual(withRsi);
    expect(local('user:1')).toEqual(withRsi);

    useIndicatorPrefs.getState().store('user:2', withSma, false);
    expect(await syncSettings('user:2', signal)).toEqual(withRsi);
    expect(local('user:2')).toEqual(withRsi);
    expect(server.posts).toEqual([]);
  });

  it('sends a change the server has not taken instead of taking its copy', async () => {
    server.value = withRsi;
    useIndicatorPrefs.getState().store('user:3', withSma, true);
    expect(await syncSettings('user:3', signal)).toEqual(withSma);
    expect(server.posts).toEqual([withSma]);
    expect(unsent('user:3')).toBe(false);
  });

  it('sends what this device has when the server has nothing yet', async () => {
    useIndicatorPrefs.getState().store('user:4', withSma, false);
    await syncSettings('user:4', signal);
    expect(server.posts).toEqual([withSma]);
  });

  it('sends a burst of changes once, after the pause', async () => {
    vi.useFakeTimers();
    const store = useIndicatorPrefs.getState().store;
    for (const period of [15, 16, 17]) {
      store('user:5', { ...withRsi, rsi: { on: true, period } }, true);
      scheduleSave('user:5');
      await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS / 2);
    }
    expect(server.posts).toEqual([]);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(server.posts).toEqual([{ ...withRsi, rsi: { on: true, period: 17 } }]);
    expect(unsent('user:5')).toBe(false);
  });

  it('keeps a change marked unsent while the server cannot be reached, and sends it next time', async () => {
    vi.useFakeTimers();
    server.fail = true;
    useIndicatorPrefs.getState().store('user:6', withSma, true);
    scheduleSave('user:6');
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(unsent('user:6')).toBe(true);

    server.fail = false;
    server.value = withRsi;
    expect(await syncSettings('user:6', signal)).toEqual(withSma);
    expect(server.value).toEqual(withSma);
    expect(unsent('user:6')).toBe(false);
  });
});
