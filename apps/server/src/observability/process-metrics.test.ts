/**
 * A scrape's process figures cost the same with 10,000 sockets as with none: nothing lists every
 * libuv handle or resource on the event loop, and the descriptors are counted off it.
 */
import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Registry } from 'prom-client';
import { collectProcessMetrics } from './process-metrics.ts';

const internals = process as unknown as { _getActiveHandles: () => unknown[] };

afterEach(() => vi.restoreAllMocks());

describe('process figures', () => {
  it('never enumerate handles, resources or descriptors on the event loop', async () => {
    const registry = new Registry();
    collectProcessMetrics(registry);
    const enumerated: string[] = [];
    vi.spyOn(internals, '_getActiveHandles').mockImplementation(() => (enumerated.push('handles'), []));
    vi.spyOn(process, 'getActiveResourcesInfo').mockImplementation(() => (enumerated.push('resources'), []));
    const readdirSync = fs.readdirSync;
    vi.spyOn(fs, 'readdirSync').mockImplementation(((...args: Parameters<typeof readdirSync>) => {
      enumerated.push(`readdirSync ${String(args[0])}`);
      return readdirSync(...args);
    }) as typeof readdirSync);

    const text = await registry.metrics();

    expect(enumerated).toEqual([]);
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(text).not.toContain('nodejs_active_handles');
    expect(text).not.toContain('nodejs_active_resources');
    if (process.platform === 'linux') {
      const fds = Number(/^process_open_fds (\d+)$/m.exec(text)?.[1]);
      // This process holds at least its standard streams.
      expect(fds).toBeGreaterThanOrEqual(3);
    }
  });
});
