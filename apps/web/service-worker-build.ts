/**
 * Builds the service worker (src/service-worker/sw.ts) into `sw.js` at the root of the build, where
 * its scope is the whole app, and writes into it the release and the list of files it precaches:
 * the page, every file the build emitted (the chunks of every screen and language too, so any
 * screen opens offline) and the public files (manifest, icons). The release is a hash of that
 * list and the page, so each deploy that changes anything installs a new worker.
 */
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const ENTRY = 'src/service-worker/sw.ts';
const OUTPUT = 'sw.js';

/** Every file under `dir`, as paths relative to it with forward slashes. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

export function serviceWorkerBuild(root: string): Plugin {
  return {
    name: 'omp-service-worker',
    apply: 'build',
    // After Vite's own hooks have shaped the bundle: its CSS plugin deletes the JS chunks that only
    // imported a stylesheet in its generateBundle, and a worker listing one of those would fail
    // to install (the precache fetch answers 404), leaving the app with no worker at all.
    enforce: 'post',
    buildStart() {
      this.emitFile({ type: 'chunk', id: path.resolve(root, ENTRY), fileName: OUTPUT });
    },
    // Still before the compression plugin writes its .gz and .br copies of sw.js: it compresses in
    // the hook of Vite's import analysis, which runs after every plugin of the user's.
    generateBundle: {
      handler(_options, bundle) {
        const worker = bundle[OUTPUT];
        if (worker?.type !== 'chunk') throw new Error(`${OUTPUT} was not built`);
        if (worker.imports.length > 0) throw new Error(`${OUTPUT} must not import other chunks`);
        const built = Object.keys(bundle).filter(
          (name) => name !== OUTPUT && name !== 'index.html' && !/\.(gz|br|map)$/.test(name),
        );
        const page = bundle['index.html'];
        const pageText = page?.type === 'asset' ? String(page.source) : '';
        const files = ['./', ...filesUnder(path.resolve(root, 'public')), ...built].sort();
        const release = createHash('sha256')
          .update(JSON.stringify(files))
          .update(pageText)
          .digest('hex')
          .slice(0, 16);
        worker.code = worker.code
          .replace('__RELEASE__', release)
          // The minifier may have turned the quotes into backticks: any of the three.
          .replace(/([`'"])__PRECACHE__\1/, () => JSON.stringify(JSON.stringify(files)));
      },
    },
  };
}
