/**
 * Node's process figures for GET /metrics: prom-client's defaults, less the ones whose cost grows
 * with the open connections. With 10,000 sockets a scrape spent about 16 ms of the event loop
 * listing /proc/self/fd and 14 ms building and grouping the list of every libuv handle and resource
 * (`nodejs_active_handles*`, `nodejs_active_resources*`), so each scrape held trading and pushes
 * for some 30 ms. The open descriptors are counted off the event loop instead (the listing runs in
 * libuv's thread pool); the handle and resource lists are left out: `omp_socket_clients` and the
 * database pool's gauges say what they would.
 */
import { readdir } from 'node:fs/promises';
import { collectDefaultMetrics, Gauge, type Registry } from 'prom-client';

/** Default figures that enumerate every handle or resource on each scrape. */
const PER_HANDLE_FIGURES = [
  'process_open_fds',
  'nodejs_active_handles',
  'nodejs_active_handles_total',
  'nodejs_active_resources',
  'nodejs_active_resources_total',
];

export function collectProcessMetrics(registry: Registry): void {
  collectDefaultMetrics({ register: registry });
  for (const name of PER_HANDLE_FIGURES) registry.removeSingleMetric(name);
  if (process.platform !== 'linux') return;
  new Gauge({
    name: 'process_open_fds',
    help: 'Number of open file descriptors.',
    registers: [registry],
    async collect() {
      try {
        // Minus the descriptor the listing itself had open.
        this.set((await readdir('/proc/self/fd')).length - 1);
      } catch {
        // A process without /proc: the figure stays out of date rather than failing the scrape.
      }
    },
  });
}
