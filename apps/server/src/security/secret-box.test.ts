import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSealed, keyIdOf, SecretBox, secretsKeyOf } from './secret-box.ts';

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
    const at = box.sealedPrefix!.length + 20;
    const altered = sealed.slice(0, at) + (sealed[at] === 'A' ? 'B' : 'A') + sealed.slice(at + 1);
    expect(() => box.open(altered)).toThrow(/altered: it does not open with the key it names/);
  });

  it('names the sealing key in each value by an id that tells keys apart and shows nothing of them', () => {
    const key = randomBytes(32);
    const sealed = new SecretBox(key).seal(SECRET);
    expect(sealed).toMatch(/^sealed:v2:[0-9a-f]{16}:[A-Za-z0-9_-]+$/);
    expect(sealed.startsWith(`sealed:v2:${keyIdOf(key)}:`)).toBe(true);
    expect(keyIdOf(key)).toBe(keyIdOf(Buffer.from(key)));
    expect(keyIdOf(randomBytes(32))).not.toBe(keyIdOf(key));
    expect(key.toString('hex')).not.toContain(keyIdOf(key));
    // Another key's value is refused by its id, and an id that names no key at all too.
    expect(() => box.open(sealed)).toThrow(/another key sealed it/);
    expect(() => box.open(`sealed:v2:${'0'.repeat(16)}:${sealed.split(':')[3]}`)).toThrow(
      /another key sealed it/,
    );
  });

  it('opens a value sealed before key ids (v1) and says it needs sealing again', () => {
    const key = randomBytes(32);
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, nonce);
    const body = Buffer.concat([cipher.update(SECRET, 'utf8'), cipher.final()]);
    const v1 = 'sealed:v1:' + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
    expect(new SecretBox(key).opened(v1)).toEqual({ secret: SECRET, reseal: true });
    expect(new SecretBox(randomBytes(32), [key]).opened(v1)).toEqual({ secret: SECRET, reseal: true });
    expect(() => new SecretBox(randomBytes(32)).open(v1)).toThrow(/another key sealed it/);
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
