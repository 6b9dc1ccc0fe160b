/**
 * The builds the browser tests run against: the phone app and the back office, as the server hosts
 * them. Built once before any browser test file starts (the e2e project's global setup), since the
 * files run side by side and two builds into one dist/ would trip over each other; each file's
 * setup checks again, which costs a look at the sources' modification times when they are fresh.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = resolve(webRoot, '../..');

/** The newest modification time under a path (file or folder). */
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

export const toolPath = () => `${join(repoRoot, 'node_modules/.bin')}:${process.env.PATH ?? ''}`;

/** Builds a front end with vite when its dist/ is missing or older than any of its sources. */
function ensureBuild(appRoot: string, extraSources: string[]): void {
  const index = join(appRoot, 'dist/index.html');
  const sources = [
    join(appRoot, 'src'),
    join(appRoot, 'public'),
    join(appRoot, 'index.html'),
    join(appRoot, 'vite.config.ts'),
    join(repoRoot, 'packages/protocol/src'),
    ...extraSources,
  ];
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (built > Math.max(...sources.map(newestMtime))) return;
  const result = spawnSync('vite', ['build', appRoot], {
    cwd: repoRoot,
    // The test runner sets NODE_ENV=test; the server hosts a production build, so test that.
    env: { ...process.env, NODE_ENV: 'production', PATH: toolPath() },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`vite build failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

export const adminRoot = resolve(repoRoot, 'apps/admin');

/** Builds the phone app and the back office the server hosts, where their builds are stale. */
export function ensureWebBuild(): void {
  // The order ticket previews margin and fee with the engine's own code.
  // The service worker's build step writes the list of files it precaches.
  ensureBuild(webRoot, [join(repoRoot, 'packages/engine/src'), join(webRoot, 'service-worker-build.ts')]);
  ensureBuild(adminRoot, []);
}

/** Vitest's global setup of the e2e project: build what is stale, once, before the files run. */
export default function setup(): void {
  ensureWebBuild();
}
