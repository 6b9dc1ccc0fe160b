// `npm start`: build the phone app and the back office when a build is missing or older than its
// sources, then run the server (Node 24 runs the TypeScript sources directly by stripping types;
// no compile step).
import { enableCompileCache } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { build, buildIsStale, FRONT_ENDS } from '../apps/web/front-end-builds.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// What each front end is built from lives with the front ends (apps/web/front-end-builds.ts).
export { build, buildIsStale, FRONT_ENDS };

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.env.SKIP_WEB_BUILD !== '1')
    for (const frontEnd of FRONT_ENDS) if (buildIsStale(frontEnd)) build(frontEnd);
  process.chdir(root);
  // Node keeps the compiled code of every module (the stripped TypeScript included) on disk, in the
  // system's temporary folder unless NODE_COMPILE_CACHE names one: a restart then skips compiling
  // some two thousand modules (about half a second of CPU). A changed file is compiled anew.
  enableCompileCache();
  await import('../apps/server/src/server.ts');
}
