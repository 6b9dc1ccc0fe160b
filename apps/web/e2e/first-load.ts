/**
 * The first load of the phone app on a mid-range phone over a slow mobile network, measured in the
 * browser through the DevTools protocol: the CPU slowed 4 times, 1.6 Mbit/s down, 750 kbit/s up,
 * 150 ms of latency. What it reports is what a first-time visitor waits for: the bytes that cross
 * the network and the time until the first quote shows a price.
 */
import type { Page } from 'playwright-core';

/** The throttled profile (DevTools' "Fast 3G"-like numbers of the product's open issue). */
export const MID_RANGE_PHONE = {
  cpuSlowdown: 4,
  downloadBitsPerSecond: 1_600_000,
  uploadBitsPerSecond: 750_000,
  latencyMs: 150,
} as const;

export interface FirstLoad {
  /** Bytes received from the network (headers and bodies, compressed as sent) until the first quote. */
  transferredBytes: number;
  /** The same responses' bodies once decoded. */
  decodedBytes: number;
  requests: number;
  /** From the start of navigation to the first quote row showing a price. */
  firstQuoteMs: number;
  /** Each script file fetched until the first quote, with its bytes over the network (headers too). */
  scripts: { file: string; transferredBytes: number }[];
}

/**
 * The product's target for the first load: the JavaScript a phone fetches before the chart is
 * needed, compressed as sent, stays under this many bytes (the chart's code comes with the chart).
 */
export const FIRST_LOAD_JS_TARGET_BYTES = 180_000;

declare global {
  interface Window {
    __firstQuoteMs?: number;
  }
}

/**
 * Loads `url` in a fresh page under the profile and waits for the first price in the quote list.
 * `acceptEncoding: 'identity'` asks for every answer uncompressed, for a comparison in the same run.
 */
export async function measureFirstLoad(
  page: Page,
  url: string,
  options: { acceptEncoding?: string; timeoutMs?: number } = {},
): Promise<FirstLoad> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (options.acceptEncoding)
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': options.acceptEncoding } });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MID_RANGE_PHONE.latencyMs,
    downloadThroughput: MID_RANGE_PHONE.downloadBitsPerSecond / 8,
    uploadThroughput: MID_RANGE_PHONE.uploadBitsPerSecond / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MID_RANGE_PHONE.cpuSlowdown });

  const decodedById = new Map<string, number>();
  let transferredBytes = 0;
  let decodedBytes = 0;
  let requests = 0;
  let counting = true;
  const scriptUrls = new Map<string, string>();
  const scripts: FirstLoad['scripts'] = [];
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scriptUrls.set(event.requestId, event.response.url);
  });
  cdp.on('Network.dataReceived', (event) => {
    decodedById.set(event.requestId, (decodedById.get(event.requestId) ?? 0) + event.dataLength);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (!counting) return;
    requests += 1;
    transferredBytes += event.encodedDataLength;
    decodedBytes += decodedById.get(event.requestId) ?? 0;
    const url = scriptUrls.get(event.requestId);
    if (url)
      scripts.push({
        file: new URL(url).pathname.split('/').pop() ?? url,
        transferredBytes: event.encodedDataLength,
      });
  });

  // Recorded in the page, against its own navigation start, the moment a price is first shown.
  await page.addInitScript(() => {
    const hasPrice = () =>
      Array.from(document.querySelectorAll('[data-testid="row-price"]')).some((cell) =>
        /\d/.test(cell.textContent ?? ''),
      );
    const observer = new MutationObserver(() => {
      if (window.__firstQuoteMs === undefined && hasPrice()) {
        window.__firstQuoteMs = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  });

  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__firstQuoteMs !== undefined, undefined, {
    timeout: options.timeoutMs ?? 60_000,
    polling: 250,
  });
  counting = false;
  const firstQuoteMs = Math.round((await page.evaluate(() => window.__firstQuoteMs)) ?? 0);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  return { transferredBytes, decodedBytes, requests, firstQuoteMs, scripts };
}

/** One line of the report, e.g. `compressed  312.4 kB in 14 requests, first quote after 1.84 s`. */
export function describeFirstLoad(label: string, load: FirstLoad): string {
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  return (
    `${label.padEnd(12)} ${kB(load.transferredBytes)} over the network (${kB(load.decodedBytes)} decoded) ` +
    `in ${load.requests} requests, first quote after ${(load.firstQuoteMs / 1000).toFixed(2)} s`
  );
}

/**
 * The script files of a load, largest first, one a line, and their total next to the target: gzipped
 * (what the target counts, `gzipBytes` of each built file) and as the server sent them (Brotli where
 * the browser accepts it, headers included). The hash in each name is kept: it tells releases apart.
 */
export function describeFirstLoadScripts(load: FirstLoad, gzipBytes: (file: string) => number): string[] {
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`.padStart(9);
  const rows = load.scripts
    .map((script) => ({ ...script, gzip: gzipBytes(script.file) }))
    .sort((a, b) => b.gzip - a.gzip);
  const sent = rows.reduce((sum, row) => sum + row.transferredBytes, 0);
  const gzip = rows.reduce((sum, row) => sum + row.gzip, 0);
  const width = Math.max(27, ...rows.map((row) => row.file.length));
  const verdict = gzip <= FIRST_LOAD_JS_TARGET_BYTES ? 'within' : 'OVER';
  return [
    `  ${'file'.padEnd(width)}      gzip   as sent`,
    ...rows.map((row) => `  ${row.file.padEnd(width)} ${kB(row.gzip)} ${kB(row.transferredBytes)}`),
    `  ${'JavaScript before the chart'.padEnd(width)} ${kB(gzip)} ${kB(sent)} in ${rows.length} files, ` +
      `${verdict} the target of ${kB(FIRST_LOAD_JS_TARGET_BYTES).trim()} gzipped`,
  ];
}
