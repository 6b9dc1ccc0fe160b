/**
 * Which Chromium the browser tests drive:
 *
 * 1. CHROMIUM_PATH, when set: that binary and no other.
 * 2. Debian's package (/usr/bin/chromium), when installed: it brings the fonts of every language.
 * 3. Otherwise the headless Chromium the npm registry ships in `@sparticuz/chromium` (x64 Linux),
 *    unpacked once into the temporary folder, so `npm test` on a fresh machine runs every browser
 *    test instead of skipping them. CHROMIUM_FROM_NPM=1 takes it even where Debian's is installed,
 *    to check that path.
 *
 * Nothing here downloads a browser: the npm one arrives with `npm ci` like any other package.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface ChromiumChoice {
  executablePath: string;
  /** Where it comes from, for the line each browser-test run prints. */
  source: string;
  /** What the browser process needs in its environment beyond ours (libraries, fonts). */
  env: Record<string, string>;
}

const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export async function findChromium(): Promise<ChromiumChoice | undefined> {
  const named = process.env.CHROMIUM_PATH;
  if (named)
    return existsSync(named) ? { executablePath: named, source: 'CHROMIUM_PATH', env: {} } : undefined;
  if (process.env.CHROMIUM_FROM_NPM !== '1') {
    const system = SYSTEM_CHROMIUM.find((path) => existsSync(path));
    if (system) return { executablePath: system, source: "Debian's chromium package", env: {} };
  }
  return npmChromium();
}

/** Whether the binary starts at all with this environment (a missing library fails at once). */
function starts(executablePath: string, env: Record<string, string>): boolean {
  const result = spawnSync(executablePath, ['--version'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return result.status === 0 && result.stdout.includes('Chromium');
}

async function npmChromium(): Promise<ChromiumChoice | undefined> {
  // The package ships a build for x64 Linux only (and one for arm64 we do not install).
  if (process.platform !== 'linux' || process.arch !== 'x64') return undefined;
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
  } catch {
    return undefined; // not installed (npm ci --omit=dev)
  }
  const { default: Chromium, inflate } = await import('@sparticuz/chromium');
  const bin = join(dirname(entry), '..', 'bin');
  const source = 'npm package @sparticuz/chromium';

  // Two tries: a binary left half-written by an interrupted first unpacking fails to start, and is
  // unpacked again.
  for (let attempt = 1; attempt <= 2; attempt++) {
    const executablePath = await Chromium.executablePath(bin);
    const env: Record<string, string> = {};
    // Without a system font configuration, the fonts the package ships (Latin only).
    if (!existsSync('/etc/fonts/fonts.conf')) env.FONTCONFIG_PATH = await inflate(join(bin, 'fonts.tar.br'));
    if (starts(executablePath, env)) return { executablePath, source, env };
    // Its few libraries (NSS, NSPR, expat) come with the package for machines without them.
    env.LD_LIBRARY_PATH = join(await inflate(join(bin, 'al2023.tar.br')), 'lib');
    if (starts(executablePath, env)) return { executablePath, source: `${source} (its own libraries)`, env };
    rmSync(executablePath, { force: true });
  }
  return undefined;
}
