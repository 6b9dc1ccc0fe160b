import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take minutes, longest first. Vitest starts the files it has timings for longest
 * first, and the others largest first; a clean clone (CI) has no timings, and by size the API fuzz
 * started two minutes into its project, so one worker ran it alone for a minute and a half at the
 * end. Started first, they overlap the short files instead.
 */
const LONG_FILES = [
  'apps/web/e2e/back-office.e2e.ts',
  'apps/server/test/fuzz-api.test.ts',
  'apps/web/e2e/accounts.e2e.ts',
];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = LONG_FILES.findIndex((file) => spec.moduleId.endsWith(file));
      return at === -1 ? LONG_FILES.length : at;
    };
    // The projects stay in their order (they run one after another); within each, the long files
    // go first and the rest keep the order vitest chose (the sort is stable).
    const projectAt = new Map<string, number>();
    for (const [at, spec] of sorted.entries())
      if (!projectAt.has(spec.project.name)) projectAt.set(spec.project.name, at);
    const projectOf = (spec: TestSpecification) => projectAt.get(spec.project.name)!;
    return [...sorted].sort((a, b) => projectOf(a) - projectOf(b) || rank(a) - rank(b));
  }
}

/**
 * One runner, four projects. `npm test` (scripts/test.mjs) runs them all; the e2e project needs
 * Chromium and is skipped with a loud message where there is none.
 */
export default defineConfig({
  test: {
    // Two files at a time even on two cores (vitest's default would be one): an API file spends
    // much of its time waiting on disk flushes, sockets and the database server, so the PostgreSQL
    // run of the API suite took 400 s instead of 663 s with the same results. Browser test files
    // run side by side too, each with its own server, data folder and Chromium: they mostly wait
    // on the page, and on two cores thirty files took 494 s two at a time against 762 s one by one.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          // Files share their worker's modules instead of each importing the whole server again:
          // that import was about 30 % of the suite's time (SQLite alone: 293 s isolated, 162 s
          // not). Each file starts and disposes runtimes of its own, so no state is shared but
          // what a module keeps for the process (as in the server itself).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/admin/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // The phone app and the back office are built once, before any file starts.
          globalSetup: ['apps/web/e2e/web-build.ts'],
        },
      },
    ],
  },
});
