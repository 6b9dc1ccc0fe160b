// `npm start`: build the phone app and the back office when a build is missing or older than its
// sources, then run the server (Node 24 runs the TypeScript sources directly by stripping types;
// no compile step).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The two front ends: where each lives, its workspace name, and what its build is made from. */
export const FRONT_ENDS = [
  {
    name: 'web app',
    workspace: '@omp/web',
    dir: path.join(root, 'apps/web'),
    extra: ['packages/engine/src'],
  },
  { name: 'back office', workspace: '@omp/admin', dir: path.join(root, 'apps/admin'), extra: [] },
];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function buildIsStale(frontEnd) {
  const builtIndex = path.join(frontEnd.dir, 'dist/index.html');
  if (!existsSync(builtIndex)) return true;
  const sources = [
    path.join(frontEnd.dir, 'src'),
    path.join(frontEnd.dir, 'index.html'),
    path.join(frontEnd.dir, 'vite.config.ts'),
    path.join(root, 'packages/protocol/src'),
    ...frontEnd.extra.map((dir) => path.join(root, dir)),
  ].filter((p) => existsSync(p));
  const newestSource = Math.max(
    ...sources.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
  );
  return newestSource > statSync(builtIndex).mtimeMs;
}

export function build(frontEnd) {
  console.log(`Building the ${frontEnd.name}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', frontEnd.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.env.SKIP_WEB_BUILD !== '1')
    for (const frontEnd of FRONT_ENDS) if (buildIsStale(frontEnd)) build(frontEnd);
  process.chdir(root);
  await import('../apps/server/src/server.ts');
}
