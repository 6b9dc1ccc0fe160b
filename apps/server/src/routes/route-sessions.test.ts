/**
 * A route whose handler asks for a session must say so in its schema (`security`): that is what
 * the session guard (http/session-guard.ts) and the OpenAPI document go by. Read from the route
 * files themselves, each registration up to the next, so a new route that forgets is found here
 * rather than by a client told a field is missing when its token was the fault. A back-office
 * handler that asks for its staff member (`requireStaff`) reads the roles its route names
 * (`config: { staffRoles }`), which the guard checks first: the two go together.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const REGISTRATION =
  /\b(?:api|app|scope)\.(?:get|post|put|delete|patch)(?:<[^>]*>)?\(|\.withTypeProvider<ZodTypeProvider>\(\)\.(?:get|post)\(/g;
/** Handler calls that refuse a request without a session (helpers of one file that do are named too). */
const ASKS_FOR_SESSION =
  /\b(?:requireUser|requireRealUser|requireStaff|requirePendingStaffSession|ownerOf|documentStatement)\(/;

function registrations(source: string): Array<{ path: string; block: string }> {
  const starts = [...source.matchAll(REGISTRATION)].map((match) => match.index);
  return starts.map((start, at) => {
    const block = source.slice(start, starts[at + 1] ?? source.length);
    return { path: /\(\s*([`'"][^`'"]*[`'"])/.exec(block)?.[1] ?? '?', block };
  });
}

describe('routes that need a session', () => {
  const files = readdirSync(here).filter((name) => name.endsWith('-routes.ts'));

  it('finds the route files and their registrations', () => {
    expect(files.length).toBeGreaterThan(20);
    const count = files.reduce(
      (sum, name) => sum + registrations(readFileSync(path.join(here, name), 'utf8')).length,
      0,
    );
    expect(count).toBeGreaterThan(120);
  });

  it('declare it in their schema', () => {
    const undeclared = files.flatMap((name) =>
      registrations(readFileSync(path.join(here, name), 'utf8'))
        .filter(({ block }) => ASKS_FOR_SESSION.test(block) && !/\bsecurity\b/.test(block))
        .map(({ path: route }) => `${name}: ${route}`),
    );
    expect(undeclared).toEqual([]);
  });

  it('name their staff roles wherever the handler asks for its staff member', () => {
    const mismatched = files.flatMap((name) =>
      registrations(readFileSync(path.join(here, name), 'utf8'))
        .filter(({ block }) => /\brequireStaff\(/.test(block) !== /\bstaffRoles\b/.test(block))
        .map(({ path: route }) => `${name}: ${route}`),
    );
    expect(mismatched).toEqual([]);
  });
});
