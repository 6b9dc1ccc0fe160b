/**
 * Browser-test harness: the real server on a free port with a fresh data folder and a seeded
 * market, the built web app it serves, and Chromium (Debian's, else the npm registry's: chromium.ts)
 * driven by playwright-core in a phone viewport.
 *
 *   const stack = useStack();                       // in a describe.skipIf(!chromiumPath) block
 *   const page = await stack.newPage();
 *   await page.goto(stack.url('/trade'));
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { findChromium } from './chromium.ts';
import { ensureWebBuild, repoRoot, toolPath, webRoot } from './web-build.ts';

export { adminRoot, repoRoot, webRoot } from './web-build.ts';
export const artifactsDir = join(webRoot, 'e2e-artifacts');

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The Chromium this run drives (chromium.ts: Debian's first, else the npm registry's). */
const chosenChromium = await findChromium();
export const chromiumPath = chosenChromium?.executablePath;

if (chosenChromium) {
  console.log(`Browser tests use Chromium from ${chosenChromium.source}: ${chosenChromium.executablePath}`);
} else {
  const line = '!'.repeat(78);
  console.warn(
    `\n${line}\n  Browser tests SKIPPED: no Chromium at $CHROMIUM_PATH or /usr/bin/chromium, and the npm\n` +
      `  package @sparticuz/chromium is not installed or does not start (x64 Linux only).\n` +
      `  Install one with:  npm ci   or   apt-get install -y chromium fonts-noto-cjk fonts-noto-core\n${line}\n`,
  );
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

interface ServerHandle {
  baseUrl: string;
  output: () => string;
  stop: () => Promise<void>;
}

export interface ServerOptions {
  /** Extra environment, e.g. CAPTCHA_TEST_ANSWER for the account screens. */
  env?: Record<string, string>;
  timeoutMs?: number;
}

export async function startServer(options: ServerOptions = {}): Promise<ServerHandle> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'omp-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PATH: toolPath(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FEED_SEED: '7',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise<void>((done) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          done();
        }, 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          done();
        });
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      // Ready, not only alive: the database answers and the book is loaded.
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return { baseUrl, output: () => output, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`The server did not become ready at ${baseUrl}/readyz.\n--- server output ---\n${output}`);
}

export async function launchBrowser(): Promise<Browser> {
  if (!chosenChromium) throw new Error('No Chromium');
  return chromium.launch({
    executablePath: chosenChromium.executablePath,
    env: { ...process.env, ...chosenChromium.env },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface Stack {
  baseUrl: string;
  browser: Browser;
  url(route: string): string;
  /**
   * A fresh phone-sized context (empty storage but for the onboarding, marked as seen by everyone
   * unless the test asks to see it) and a page in it.
   */
  newPage(options?: { colorScheme?: 'light' | 'dark'; onboarding?: boolean }): Promise<Page>;
  /** A fresh desktop browser (1440x900, downloads allowed) for the back office. */
  newDesktopPage(options?: { colorScheme?: 'light' | 'dark'; locale?: string }): Promise<Page>;
  serverOutput(): string;
  /**
   * The newest verification code sent to an address. Without SMTP or an SMS provider the server
   * puts messages in its outbox and logs them (`outbox (email) to <address>: … 123456 …`).
   */
  latestCode(address: string): string | undefined;
}

/** Starts server and browser before the file's tests and stops both after. */
export function useStack(serverOptions: ServerOptions = {}): Stack {
  let server: ServerHandle | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const policyViolations: string[] = [];

  beforeAll(async () => {
    ensureWebBuild();
    // Both take seconds and neither needs the other: started together, each file waits for the slower.
    const [started, launched] = await Promise.allSettled([startServer(serverOptions), launchBrowser()]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    // One failed: the other is stopped by afterAll, and the file fails with the reason.
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });

  // Each test's phone is closed when it ends: live pages left open would keep receiving every
  // quote and slow the next tests down on a small machine.
  afterEach(async ({ task }) => {
    // A failed test leaves what each of its pages showed: a screenshot, and in the log the address
    // and any dialog, sheet or toast on top, which is often the why of a timeout on a busy machine.
    if (task.result?.state === 'fail') await recordFailure(task.name, contexts);
    for (const context of contexts.splice(0)) await context.close().catch(() => {});
    // The server sends the app with a content security policy; anything it blocks is a bug here.
    const blocked = policyViolations.splice(0);
    if (blocked.length > 0) throw new Error(`content security policy violations:\n${blocked.join('\n')}`);
  });

  afterAll(async () => {
    for (const context of contexts.splice(0)) await context.close().catch(() => {});
    await browser?.close().catch(() => {});
    await server?.stop();
  });

  /** A page in a context closed after the test, its errors logged and policy violations kept. */
  const pageIn = async (context: BrowserContext): Promise<Page> => {
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy'))
        policyViolations.push(message.text());
    });
    return page;
  };

  return {
    get baseUrl() {
      if (!server) throw new Error('stack not started');
      return server.baseUrl;
    },
    get browser() {
      if (!browser) throw new Error('stack not started');
      return browser;
    },
    url(route: string) {
      return `${this.baseUrl}/#${route}`;
    },
    async newDesktopPage(options = {}) {
      const context = await this.browser.newContext({
        viewport: { width: 1440, height: 900 },
        locale: options.locale ?? 'en-US',
        timezoneId: 'Asia/Hong_Kong',
        colorScheme: options.colorScheme ?? 'light',
        acceptDownloads: true,
        // The back office then opens its dialogs without the zoom: a click Playwright aims while a
        // dialog still grows can land beside its button, and went unheard once in a while.
        reducedMotion: 'reduce',
      });
      return pageIn(context);
    },
    async newPage(options = {}) {
      const context = await this.browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent: IPHONE_UA,
        locale: 'en-US',
        timezoneId: 'Asia/Hong_Kong',
        colorScheme: options.colorScheme ?? 'light',
      });
      // A real user's first sign-in shows the onboarding; the tests of other screens skip it.
      if (!options.onboarding)
        await context.addInitScript(() => {
          if (window.top === window) localStorage.setItem('omp.onboarding_seen', '*');
        });
      return pageIn(context);
    },
    serverOutput() {
      return server?.output() ?? '';
    },
    latestCode(address: string) {
      const marker = `) to ${address}: `;
      // Only messages with a code: security notices to the same address (a new device, a changed
      // password) go through the outbox too and must not hide the code sent before them.
      const codes = this.serverOutput()
        .split('\n')
        .filter((line) => line.includes('outbox (') && line.includes(marker))
        .map((line) => line.slice(line.indexOf(marker)).match(/\b(\d{6})\b/)?.[1])
        .filter((code) => code !== undefined);
      return codes.at(-1);
    },
  };
}

/** Options for expect.poll: its 1 s default is too short for a page under a live feed. */
export const eventually = { timeout: 10_000, interval: 100 } as const;

/** A text as read, without the direction isolates the app puts around figures. */
export function withoutIsolates(text: string | null): string | null {
  return text === null ? null : text.replace(/[\u2066-\u2069]/g, '');
}

/**
 * Resolves once a socket this page opens from now on has signed in (its `login_result` arrived).
 * The frame listener is attached in the same turn the socket appears, so a fast answer is not
 * missed between the two.
 */
export function socketSignedIn(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('login_result')) resolve();
      });
    });
  });
}

async function recordFailure(testName: string, contexts: readonly BrowserContext[]): Promise<void> {
  const pages = contexts.flatMap((context) => context.pages());
  for (const [index, page] of pages.entries()) {
    const name = `failed-${testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}-${index + 1}`;
    const path = await screenshot(page, name).catch(() => 'no screenshot');
    const overlays = await page
      .locator('[role="dialog"]:visible, .adm-toast-main:visible, .adm-popup-body:visible')
      .allInnerTexts()
      .catch(() => []);
    const shown = overlays.map((text) => text.replace(/\s+/g, ' ').slice(0, 160));
    console.error(
      `[failed test page ${index + 1}] ${page.url()} -> ${path}; on top: ${JSON.stringify(shown)}`,
    );
  }
}

/** Saves a screenshot to apps/web/e2e-artifacts/<name>.png (git-ignored) for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const path = join(artifactsDir, `${name}.png`);
  await page.screenshot({ path });
  return path;
}
