/**
 * Password hashing with scrypt (Node's own, memory-hard). The stored form carries its parameters,
 * `scrypt$N$r$p$salt$hash`, so the cost can be raised later without breaking old hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's N for new hashes: 2^15 with r = 8 takes 32 MiB and tens of milliseconds a hash. */
export const PASSWORD_COST = 2 ** 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 128 * options.N! * options.r! * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/**
 * What the services need of a password scheme; injected so a test can count the checks a login
 * makes (an unknown account must cost the same work as a known one).
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
}

export async function hashPassword(password: string, cost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N: cost, r: BLOCK_SIZE, p: PARALLELISM });
  return [
    'scrypt',
    cost,
    BLOCK_SIZE,
    PARALLELISM,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * scrypt with `cost` as N for new hashes; a stored hash is checked with the parameters it carries.
 * The server uses `PASSWORD_COST`; the API tests a lower one (the same scheme and code, hundreds
 * of sign-ins a file at a fraction of the work).
 */
export function scryptHasher(cost = PASSWORD_COST): PasswordHasher {
  return { hash: (password) => hashPassword(password, cost), verify: verifyPassword };
}

export const scryptPasswordHasher: PasswordHasher = scryptHasher();

/**
 * A hash of a random password, made once per process: a login for an account that does not exist
 * (or has no password) is checked against it, so it takes as long as a real wrong password.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(hasher: PasswordHasher): Promise<string> {
  decoy ??= hasher.hash(randomBytes(24).toString('base64url'));
  return decoy;
}
