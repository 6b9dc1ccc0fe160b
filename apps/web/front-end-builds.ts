/**
 * The two front ends the server hosts and what each build is made from, for `npm start`,
 * `npm run cluster` and the browser tests. A build is made again when its dist/ is missing or older
 * than any of its sources; one list of sources for all three, so a new input of a build (a vite
 * plugin, a file in public/) is named once and never leaves a stale build served.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface FrontEnd {
  name: string;
  /** The app's folder: vite builds it into its dist/. */
  dir: string;
  /** Every file or folder the build reads (folders whole, but for node_modules and dist). */
  sources: string[];
}

const inRepo = (...paths: string[]) => paths.map((path) => join(repoRoot, path));

export const WEB_APP: FrontEnd = {
  name: 'web app',
  dir: join(repoRoot, 'apps/web'),
  sources: inRepo(
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    // The vite plugins: the service worker's precache list and the split language texts.
    'apps/web/service-worker-build.ts',
    'apps/web/texts-split-plugin.ts',
    'packages/protocol/src',
    // The order ticket previews margin and fee with the engine's own code.
    'packages/engine/src',
  ),
};

export const BACK_OFFICE: FrontEnd = {
  name: 'back office',
  dir: join(repoRoot, 'apps/admin'),
  sources: inRepo(
    'apps/admin/src',
    'apps/admin/index.html',
    'apps/admin/vite.config.ts',
    'packages/protocol/src',
  ),
};

export const FRONT_ENDS = [WEB_APP, BACK_OFFICE];

/** The newest modification time under a path (file or folder), 0 when it is not there. */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Whether the front end's build is missing or older than any of its sources. */
export function buildIsStale(frontEnd: FrontEnd): boolean {
  const index = join(frontEnd.dir, 'dist/index.html');
  if (!existsSync(index)) return true;
  return Math.max(...frontEnd.sources.map(newestMtime)) >= statSync(index).mtimeMs;
}

export const toolPath = () => `${join(repoRoot, 'node_modules/.bin')}:${process.env.PATH ?? ''}`;

/**
 * Builds the front end with vite, as production (a test runner sets NODE_ENV=test; the server
 * hosts a production build). `quiet` keeps vite's output and puts it in the error on a failure.
 */
export function build(frontEnd: FrontEnd, { quiet = false } = {}): void {
  if (!quiet) console.log(`Building the ${frontEnd.name}…`);
  const result = spawnSync('vite', ['build', frontEnd.dir], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', PATH: toolPath() },
    encoding: 'utf8',
    stdio: quiet ? 'pipe' : 'inherit',
  });
  if (result.status !== 0)
    throw new Error(
      `vite build of the ${frontEnd.name} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
}

/** Builds each front end whose build is stale. */
export function buildStale(options: { quiet?: boolean } = {}): void {
  for (const frontEnd of FRONT_ENDS) if (buildIsStale(frontEnd)) build(frontEnd, options);
}
