/**
 * What the front ends are built from (front-end-builds.ts): a build older than any of its sources
 * is made again, and the sources name every input of each build, so `npm start` never serves a
 * build older than a file it was made from.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACK_OFFICE, buildIsStale, WEB_APP, type FrontEnd } from '../front-end-builds.ts';

describe('the front ends’ builds', () => {
  it('are stale when any source, deep in a folder, is newer than the built page, or when there is none', () => {
    const dir = mkdtempSync(join(os.tmpdir(), 'front-end-'));
    const index = join(dir, 'dist/index.html');
    const icon = join(dir, 'public/icons/icon.svg');
    mkdirSync(join(dir, 'dist'));
    mkdirSync(join(dir, 'public/icons'), { recursive: true });
    writeFileSync(index, '<!doctype html>');
    writeFileSync(icon, '<svg/>');
    const frontEnd: FrontEnd = { name: 'test', dir, sources: [join(dir, 'public')] };
    const inSeconds = (seconds: number) => Date.now() / 1000 + seconds;

    utimesSync(index, inSeconds(1000), inSeconds(1000));
    expect(buildIsStale(frontEnd)).toBe(false);
    utimesSync(icon, inSeconds(2000), inSeconds(2000));
    expect(buildIsStale(frontEnd)).toBe(true);
    utimesSync(index, inSeconds(3000), inSeconds(3000));
    expect(buildIsStale(frontEnd)).toBe(false);
    rmSync(join(dir, 'dist'), { recursive: true });
    expect(buildIsStale(frontEnd)).toBe(true);
    rmSync(dir, { recursive: true });
  });

  it.each([WEB_APP, BACK_OFFICE])(
    'of the $name count every module its vite config imports as a source',
    (frontEnd) => {
      const config = readFileSync(join(frontEnd.dir, 'vite.config.ts'), 'utf8');
      const local = [...config.matchAll(/from '\.\/([^']+)'/g)].map((match) => join(frontEnd.dir, match[1]!));
      for (const file of [...local, join(frontEnd.dir, 'src'), join(frontEnd.dir, 'index.html')])
        expect(frontEnd.sources).toContain(file);
    },
  );

  it('of the web app count its public folder, copied into the build as it is', () => {
    expect(WEB_APP.sources).toContain(join(WEB_APP.dir, 'public'));
  });
});
