/**
 * Authenticator secrets sealed at rest (AES-256-GCM), under a key kept out of the database: a copy
 * of the database (a backup, an export, a leaked dump) then holds no secret a code can be made from.
 *
 * The key: `SECRETS_KEY` (32 bytes as 64 hex characters) when set; otherwise, on the embedded
 * database, a key file made once in the data folder (`secrets.key`, readable by its owner only),
 * apart from the database file. A cluster on PostgreSQL needs the same key on every node, which a
 * file of each node cannot give: without `SECRETS_KEY` its secrets stay as they are stored, and
 * the server says so at start (docs/deploy.md).
 *
 * A sealed value reads `sealed:v2:<key id>:<base64url of nonce, tag, ciphertext>`. The key id
 * (`keyIdOf`) names the key that sealed it without revealing it, so a start finds the values its
 * key did not seal by their text alone, in the database, instead of opening every one
 * (`sealStoredSecrets`), and opening a value tries only the key it names. `sealed:v1:<…>`, sealed
 * before key ids, opens by trying each key and is sealed again as v2 at the next start; anything
 * else is a secret stored before sealing, read as it is and sealed at the next start with a key.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** How every sealed value begins, whatever its version. */
export const SEALED = 'sealed:';
const V1 = 'sealed:v1:';
const V2 = 'sealed:v2:';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const SECRETS_KEY_BYTES = 32;

export class SecretBox {
  private readonly key: Buffer | undefined;
  /** `key`, then the keys that sealed earlier values while a change of key is under way, with their ids. */
  private readonly keyring: ReadonlyArray<{ key: Buffer; id: string }>;
  /**
   * How every value this box seals begins (`sealed:v2:<key id>:`); undefined without a key. A
   * stored value that does not begin so was not sealed by this key.
   */
  readonly sealedPrefix: string | undefined;

  /** Without a key, secrets are kept as given and only unsealed values can be read. */
  constructor(key: Buffer | undefined, previousKeys: readonly Buffer[] = []) {
    for (const candidate of [key, ...previousKeys])
      if (candidate && candidate.length !== SECRETS_KEY_BYTES)
        throw new Error(`a secrets key is ${SECRETS_KEY_BYTES} bytes`);
    this.key = key;
    this.keyring = [key, ...previousKeys].flatMap((one) => (one ? [{ key: one, id: keyIdOf(one) }] : []));
    this.sealedPrefix = key && `${V2}${this.keyring[0]!.id}:`;
  }

  get sealing(): boolean {
    return this.key !== undefined;
  }

  /** The value to store for `secret`: sealed when there is a key. */
  seal(secret: string): string {
    if (!this.key) return secret;
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return this.sealedPrefix + Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  /** The secret a stored value holds. Throws when it is sealed and none of the keys opens it. */
  open(stored: string): string {
    return this.opened(stored).secret;
  }

  /**
   * The secret, and whether the value should be stored again: unsealed while there is a key, or
   * sealed by a previous key.
   */
  opened(stored: string): { secret: string; reseal: boolean } {
    if (!isSealed(stored)) return { secret: stored, reseal: this.sealing };
    const { keyring } = this;
    if (keyring.length === 0)
      throw new Error(
        'an authenticator secret is sealed and this server has no key to open it: set SECRETS_KEY',
      );
    if (stored.startsWith(V2)) {
      // The value names its key: only that one is tried.
      const idEnd = stored.indexOf(':', V2.length);
      const id = idEnd < 0 ? '' : stored.slice(V2.length, idEnd);
      const key = keyring.find((candidate) => candidate.id === id)?.key;
      const secret = key && openWith(key, Buffer.from(stored.slice(idEnd + 1), 'base64url'));
      if (secret !== undefined) return { secret, reseal: key !== this.key };
      if (key) throw new Error('an authenticator secret was altered: it does not open with the key it names');
    } else if (stored.startsWith(V1)) {
      const bytes = Buffer.from(stored.slice(V1.length), 'base64url');
      for (const { key } of keyring) {
        const secret = openWith(key, bytes);
        // Sealed before key ids: sealed again as v2 at the next start.
        if (secret !== undefined) return { secret, reseal: this.sealing };
      }
    }
    throw new Error(
      "an authenticator secret does not open with this server's key (SECRETS_KEY, else the data folder's secrets.key; " +
        'SECRETS_KEY_PREVIOUS while changing it): another key sealed it',
    );
  }
}

/**
 * A key's public name, 16 hex characters: an HMAC of a fixed text under the key, which tells keys
 * apart and reveals nothing of them.
 */
export function keyIdOf(key: Buffer): string {
  return createHmac('sha256', key).update('authenticator secrets key id').digest('hex').slice(0, 16);
}

/** The text `key` sealed in `bytes`, or undefined when another key sealed it (or it was altered). */
function openWith(key: Buffer, bytes: Buffer): string | undefined {
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES));
  decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}

export const isSealed = (stored: string) => stored.startsWith(SEALED);

/** Keeps secrets as they are: for wiring that stores none (tools, some tests). */
export const UNSEALED = new SecretBox(undefined);

/**
 * The key secrets are sealed with: `SECRETS_KEY` when given; on the embedded database, the data
 * folder's key file, made on first use; on PostgreSQL without `SECRETS_KEY`, none.
 */
export function secretsKeyOf(config: {
  secretsKey: Buffer | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
}): Buffer | undefined {
  if (config.secretsKey) return config.secretsKey;
  if (config.databaseUrl) return undefined;
  const file = path.join(config.dataDir, 'secrets.key');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    // `wx`: two starts on one folder cannot each write a key; the second reads the first's.
    try {
      writeFileSync(file, randomBytes(SECRETS_KEY_BYTES).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  chmodSync(file, 0o600);
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length !== SECRETS_KEY_BYTES)
    throw new Error(`${file} does not hold a ${SECRETS_KEY_BYTES}-byte key in hex`);
  return key;
}
