/**
 * The password scheme: the server hashes at its own cost (the API tests use a lower one), a hash
 * carries its parameters so one made at another cost still checks, and a wrong password is refused.
 */
import { describe, expect, it } from 'vitest';
import { PASSWORD_COST, scryptHasher, scryptPasswordHasher } from './password-hasher.ts';

describe('scrypt password hashes', () => {
  it('the server hashes at N = 2^15, r = 8, p = 1, with a fresh salt each time', async () => {
    expect(PASSWORD_COST).toBe(2 ** 15);
    const first = await scryptPasswordHasher.hash('Sturdy-pass-81');
    const second = await scryptPasswordHasher.hash('Sturdy-pass-81');
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(second).not.toBe(first);
    expect(await scryptPasswordHasher.verify('Sturdy-pass-81', first)).toBe(true);
    expect(await scryptPasswordHasher.verify('Sturdy-pass-82', first)).toBe(false);
  });

  it('checks a hash with the parameters it carries, whatever the cost new hashes get', async () => {
    const cheap = await scryptHasher(2 ** 10).hash('Sturdy-pass-81');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await scryptPasswordHasher.verify('Sturdy-pass-81', cheap)).toBe(true);
    expect(await scryptPasswordHasher.verify('sturdy-pass-81', cheap)).toBe(false);
  });

  it('refuses a stored value that is not a hash of this scheme', async () => {
    for (const stored of ['', 'plain-text', 'bcrypt$10$abc', 'scrypt$1024$8$1$salt'])
      expect(await scryptPasswordHasher.verify('plain-text', stored)).toBe(false);
  });
});
