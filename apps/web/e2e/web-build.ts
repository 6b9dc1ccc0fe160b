/**
 * The builds the browser tests run against: the phone app and the back office, as the server hosts
 * them (front-end-builds.ts). Built once before any browser test file starts (the e2e project's
 * global setup), since the files run side by side and two builds into one dist/ would trip over
 * each other; each file's setup checks again, which costs a look at the sources' modification
 * times when they are fresh.
 */
import { BACK_OFFICE, buildStale, repoRoot, toolPath, WEB_APP } from '../front-end-builds.ts';

export { repoRoot, toolPath };
export const webRoot = WEB_APP.dir;
export const adminRoot = BACK_OFFICE.dir;

/** Builds the phone app and the back office the server hosts, where their builds are stale. */
export function ensureWebBuild(): void {
  buildStale({ quiet: true });
}

/** Vitest's global setup of the e2e project: build what is stale, once, before the files run. */
export default function setup(): void {
  ensureWebBuild();
}
