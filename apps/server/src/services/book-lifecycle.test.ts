/**
 * The book's life around a rebuild: a change of terms announced while the book is being rebuilt
 * reaches the rebuilt book, not only the one it replaces (the rebuild may have read the stored
 * settings before the change was written).
 */
import { describe, expect, it } from 'vitest';
import { BookLifecycle, type BookLifecycleOptions } from './book-lifecycle.ts';

const STORED = {
  trade_fee_type: '2',
  stale_quote_s: '30',
  margin_call_level: '100',
  stop_out_level: '50',
  demo_balance: '100000',
};

function lifecycleWithPorts() {
  const listeners = new Map<string, Array<(event: never) => void>>();
  let readSettings: () => Promise<Record<string, string>> = async () => STORED;
  const options = {
    repository: {
      loadOpenBook: async () => ({ accounts: [], nextOrderId: 1 }),
      loadAccount: async () => undefined,
    },
    market: { instruments: () => [], currentQuote: () => undefined, onTick: () => () => undefined },
    settings: { all: () => readSettings() },
    events: {
      subscribe: (type: string, listener: (event: never) => void) => {
        listeners.set(type, [...(listeners.get(type) ?? []), listener]);
        return () => undefined;
      },
    },
    runsHere: () => true,
    openAccount: async () => undefined,
    fired: () => undefined,
    now: () => Date.UTC(2026, 10, 18, 12),
  } as unknown as BookLifecycleOptions;
  return {
    lifecycle: new BookLifecycle(options),
    publish: (type: string, event: unknown) => {
      for (const listener of listeners.get(type) ?? []) listener(event as never);
    },
    /** The next reads of the stored settings wait until `release` is called. */
    holdSettingsReads() {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      readSettings = async () => {
        await held;
        return STORED;
      };
      return () => release();
    },
  };
}

describe('the trading book across a rebuild', () => {
  it('takes a settings change announced while it was being rebuilt from the older stored values', async () => {
    const { lifecycle, publish, holdSettingsReads } = lifecycleWithPorts();
    await lifecycle.init();
    expect(lifecycle.book.settings.marginCallLevel).toBe(100);

    const release = holdSettingsReads();
    const rebuilt = lifecycle.rebuild();
    // The change is announced after the rebuild read the settings as they were stored before it.
    publish('settings_changed', { keys: ['margin_call_level'], values: { margin_call_level: '120' } });
    release();
    await rebuilt;
    await Promise.resolve();
    expect(lifecycle.book.settings.marginCallLevel).toBe(120);
    lifecycle.stop();
  });

  it('applies a change at once when no rebuild is under way', async () => {
    const { lifecycle, publish } = lifecycleWithPorts();
    await lifecycle.init();
    publish('settings_changed', { keys: ['stop_out_level'], values: { stop_out_level: '40' } });
    expect(lifecycle.book.settings.stopOutLevel).toBe(40);
    lifecycle.stop();
  });
});
