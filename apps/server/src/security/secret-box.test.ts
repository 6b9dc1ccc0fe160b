import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSealed, SecretBox, secretsKeyOf } from './secret-box.ts';

const SECRET = 'JBSWY3DPEHPK3PXP';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('seals with a fresh nonce each time and opens what it sealed', () => {
    const once = box.seal(SECRET);
    const twice = box.seal(SECRET);
    expect(isSealed(once)).toBe(true);
    expect(once).not.toContain(SECRET);
    expect(once).not.toBe(twice);
    expect(box.open(once)).toBe(SECRET);
    expect(box.open(twice)).toBe(SECRET);
  });

  it('reads a value stored before sealing as it is', () => {
    expect(box.open(SECRET)).toBe(SECRET);
  });

  it('refuses a value sealed under another key, or altered', () => {
    expect(() => new SecretBox(randomBytes(32)).open(box.seal(SECRET))).toThrow(/another key sealed it/);
    const sealed = box.seal(SECRET);
    // A character inside the value: the last one carries padding bits, so changing it can decode
    // to the same bytes.
    const at = 'sealed:v1:'.length + 20;
    const altered = sealed.slice(0, at) + (sealed[at] === 'A' ? 'B' : 'A') + sealed.slice(at + 1);
    expect(() => box.open(altered)).toThrow(/another key sealed it/);
  });

  it('without a key keeps secrets as given and cannot open sealed ones', () => {
    const keyless = new SecretBox(undefined);
    expect(keyless.sealing).toBe(false);
    expect(keyless.seal(SECRET)).toBe(SECRET);
    expect(() => keyless.open(box.seal(SECRET))).toThrow(/no key to open it: set SECRETS_KEY/);
  });

  it('opens what a previous key sealed while the key changes, and says it needs sealing again', () => {
    const oldKey = randomBytes(32);
    const sealedBefore = new SecretBox(oldKey).seal(SECRET);
    const changing = new SecretBox(randomBytes(32), [oldKey]);
    expect(changing.opened(sealedBefore)).toEqual({ secret: SECRET, reseal: true });
    expect(changing.opened(changing.seal(SECRET))).toEqual({ secret: SECRET, reseal: false });
    expect(changing.opened(SECRET)).toEqual({ secret: SECRET, reseal: true });
    expect(new SecretBox(undefined).opened(SECRET)).toEqual({ secret: SECRET, reseal: false });
  });

  it('takes only a 32-byte key', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('secretsKeyOf', () => {
  it('takes SECRETS_KEY when set, and has none on PostgreSQL without it', () => {
    const key = randomBytes(32);
    expect(secretsKeyOf({ secretsKey: key, databaseUrl: 'postgres://x', dataDir: '/nowhere' })).toBe(key);
    expect(secretsKeyOf({ secretsKey: undefined, databaseUrl: 'postgres://x', dataDir: '/nowhere' })).toBe(
      undefined,
    );
  });

  it('makes the embedded database a key file readable by its owner only, once', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'omp-secrets-'));
    try {
      const first = secretsKeyOf({ secretsKey: undefined, databaseUrl: undefined, dataDir });
      const file = path.join(dataDir, 'secrets.key');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8').trim()).toBe(first!.toString('hex'));
      expect(secretsKeyOf({ secretsKey: undefined, databaseUrl: undefined, dataDir })).toEqual(first);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
