// `npm test`: every test project (unit, api, web, e2e) in one vitest run, then one plain summary
// line. Browser tests need Chromium (Debian's, or the npm registry's on x64 Linux); without one
// they are skipped and this says so loudly.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const onlyProject = process.argv[2]; // e.g. `e2e` or `api`; none runs every project
// Debian's Chromium first; without it, the one the npm package @sparticuz/chromium ships
// (apps/web/e2e/chromium.ts chooses and prints which).
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const npmChromium = path.join(root, 'node_modules/@sparticuz/chromium/bin/chromium.br');
const npmChromiumShipped = process.platform === 'linux' && process.arch === 'x64' && existsSync(npmChromium);

if (!existsSync(chromium) && !npmChromiumShipped && (!onlyProject || onlyProject === 'e2e')) {
  const banner = '!'.repeat(78);
  console.warn(
    `\n${banner}\n  BROWSER TESTS SKIPPED: no Chromium at ${chromium}, and no @sparticuz/chromium for this platform.\n` +
      '  Install it with:  sudo apt-get install -y chromium fonts-noto-cjk fonts-noto-core\n' +
      `  or point CHROMIUM_PATH at a Chromium binary.\n${banner}\n`,
  );
}

const report = path.join(mkdtempSync(path.join(os.tmpdir(), 'omp-test-')), 'report.json');
const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
if (onlyProject) args.push('--project', onlyProject);
// Every process of the run (the test workers, and the servers the browser and cluster tests start)
// keeps compiled modules in one cache on disk, so only the first compiles the server's two thousand.
const compileCache = process.env.NODE_COMPILE_CACHE || path.join(os.tmpdir(), 'omp-compile-cache');
const result = spawnSync('vitest', args, {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_COMPILE_CACHE: compileCache },
});

if (existsSync(report)) {
  const summary = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = (summary.numPendingTests ?? 0) + (summary.numTodoTests ?? 0);
  // A file whose setup failed runs no test: its failure counts no test, so it is named apart.
  const failedFiles = (summary.testResults ?? []).filter(
    (file) => file.status === 'failed' && file.assertionResults.every((test) => test.status !== 'failed'),
  );
  console.log(`\n${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${skipped} skipped`);
  for (const file of failedFiles)
    console.log(`FAILED before its tests ran: ${path.relative(root, file.name)} (its error is above)`);
}
process.exit(result.status ?? 1);
