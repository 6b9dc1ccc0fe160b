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
 * A sealed value reads `sealed:v1:<base64url of nonce, tag, ciphertext>`; anything else is a
 * secret stored before sealing, read as it is and sealed at the next start with a key
 * (`sealStoredSecrets`).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const PREFIX = 'sealed:v1:';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const SECRETS_KEY_BYTES = 32;

export class SecretBox {
  private readonly key: Buffer | undefined;
  /** Keys that sealed earlier values, tried after `key` while a change of key is under way. */
  private readonly previousKeys: readonly Buffer[];

  /** Without a key, secrets are kept as given and only unsealed values can be read. */
  constructor(key: Buffer | undefined, previousKeys: readonly Buffer[] = []) {
    for (const candidate of [key, ...previousKeys])
      if (candidate && candidate.length !== SECRETS_KEY_BYTES)
        throw new Error(`a secrets key is ${SECRETS_KEY_BYTES} bytes`);
    this.key = key;
    this.previousKeys = previousKeys;
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
    return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64url');
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
    const keys = [this.key, ...this.previousKeys].filter((key) => key !== undefined);
    if (keys.length === 0)
      throw new Error(
        'an authenticator secret is sealed and this server has no key to open it: set SECRETS_KEY',
      );
    const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64url');
    for (const key of keys) {
      const secret = openWith(key, bytes);
      if (secret !== undefined) return { secret, reseal: key !== this.key };
    }
    throw new Error(
      "an authenticator secret does not open with this server's key (SECRETS_KEY, else the data folder's secrets.key; " +
        'SECRETS_KEY_PREVIOUS while changing it): another key sealed it',
    );
  }
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

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

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
