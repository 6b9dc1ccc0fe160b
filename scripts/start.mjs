// `npm start`: build the web app when its build is missing or older than its sources, then run the
// server (Node 24 runs the TypeScript sources directly by stripping types; no compile step).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const builtIndex = path.join(webDir, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const sources = [
    path.join(webDir, 'src'),
    path.join(webDir, 'index.html'),
    path.join(root, 'packages/protocol/src'),
  ];
  const newestSource = Math.max(
    ...sources.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
  );
  return newestSource > statSync(builtIndex).mtimeMs;
}

export function buildWeb() {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@omp/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.env.SKIP_WEB_BUILD !== '1' && webBuildIsStale()) buildWeb();
  process.chdir(root);
  await import('../apps/server/src/server.ts');
}
