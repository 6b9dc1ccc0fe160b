/**
 * Authenticator secrets at rest (security/secret-box.ts), through a real database and the staff
 * sign-in: what is stored is sealed and never the secret itself; a secret stored unsealed (before
 * sealing, or on PostgreSQL without SECRETS_KEY) is sealed at the next start and its codes still
 * pass; and a start whose key cannot open the stored secrets stops with the reason.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, staffSignIn, totpAt } from './helpers/staff-helpers.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import {
  databaseEngines,
  startTestRuntime,
  TEST_ADMIN_PASSWORD,
  type TestRuntime,
} from './helpers/test-runtime.ts';
import { SecretBox } from '../src/security/secret-box.ts';
import { sealStoredSecrets } from '../src/startup/secret-sealing.ts';

const PASSWORD = 'Sturdy-pass-81';
const SEALED = /^sealed:v2:[0-9a-f]{16}:[A-Za-z0-9_-]+$/;

/** A box that counts the stored values it is asked to open. */
class CountingBox extends SecretBox {
  opens = 0;
  override opened(stored: string) {
    this.opens++;
    return super.opened(stored);
  }
}

describe.each(databaseEngines())('authenticator secrets at rest on %s', (engine) => {
  const key = randomBytes(32).toString('hex');
  // The embedded database makes its key file; PostgreSQL seals only with SECRETS_KEY.
  const keyEnv = engine === 'postgres' ? { SECRETS_KEY: key } : {};
  let rt: TestRuntime | undefined;
  afterAll(async () => rt?.dispose());

  const storedStaffSecret = async (runtime: TestRuntime) =>
    (
      await runtime.database.db
        .selectFrom('staff')
        .select('totp_secret')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).totp_secret;

  /** The key the runtime seals with, in hex: SECRETS_KEY on PostgreSQL, the key file on SQLite. */
  const runtimeKey = (runtime: TestRuntime) =>
    engine === 'postgres'
      ? key
      : readFileSync(path.join(runtime.config.dataDir, 'secrets.key'), 'utf8').trim();

  /** Stores the admin's secret as it was before sealing. */
  const storeStaffSecretUnsealed = (runtime: TestRuntime, plain: string) =>
    runtime.database.db
      .updateTable('staff')
      .set({ totp_secret: plain })
      .where('username', '=', 'admin')
      .execute();

  it('stores the secret sealed, and the codes of the secret shown at enrolment pass', async () => {
    rt = await startTestRuntime({ engine, env: keyEnv });
    // The helper enrols the admin and signs in with a code of the secret it was shown.
    expect((await callApi(rt, 'GET', '/admin/api/me', await adminToken(rt))).code).toBe(1);
    const stored = await storedStaffSecret(rt);
    expect(stored).toMatch(SEALED);
    if (engine === 'sqlite') {
      const file = path.join(rt.config.dataDir, 'secrets.key');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(new SecretBox(Buffer.from(readFileSync(file, 'utf8').trim(), 'hex')).open(stored!)).toMatch(
        /^[A-Z2-7]+$/,
      );
    } else expect(new SecretBox(Buffer.from(key, 'hex')).open(stored!)).toMatch(/^[A-Z2-7]+$/);
  });

  it("stores a trader's secret sealed too, and the codes of the secret shown pass", async () => {
    const trader = tradingClient(rt!);
    const { token, id } = await trader.realUser('100');
    await trader.signInWith(id, `sealed-${id}@example.com`, PASSWORD);
    const started = await callApi<{ secret: string }>(rt!, 'POST', '/api/user/two_factor/enrol', token);
    expect(started.code).toBe(1);
    const { secret } = await rt!.database.db
      .selectFrom('user_second_factors')
      .select('secret')
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(secret).toMatch(SEALED);
    expect(secret).not.toContain(started.data.secret);
    const code = await totpAt(started.data.secret, Math.floor(rt!.clock.now() / 30_000));
    const confirmed = await callApi(rt!, 'POST', '/api/user/two_factor/enrol/confirm', token, {
      password: PASSWORD,
      code,
    });
    expect(confirmed.code).toBe(1);
  });

  it('seals at start a secret stored unsealed, and its codes still pass', async () => {
    const box = new SecretBox(Buffer.from(runtimeKey(rt!), 'hex'));
    const plain = box.open((await storedStaffSecret(rt!))!);
    await storeStaffSecretUnsealed(rt!, plain);
    rt = await rt!.restart();
    const resealed = await storedStaffSecret(rt);
    expect(resealed).toMatch(SEALED);
    expect(box.open(resealed!)).toBe(plain);
    // A new sign-in with a code of the same secret (the helper's authenticator) passes.
    expect(await staffSignIn(rt, 'admin', TEST_ADMIN_PASSWORD)).toEqual(expect.any(String));
  });

  it('opens at start only the secrets its key did not seal, not every enrolled one', async () => {
    const sealingKey = Buffer.from(runtimeKey(rt!), 'hex');
    // The admin's and the trader's secrets are both sealed under this key: nothing to open.
    const quiet = new CountingBox(sealingKey);
    expect(await sealStoredSecrets(rt!.database.db, quiet)).toBe(0);
    expect(quiet.opens).toBe(0);
    // One stored unsealed: it alone is opened, and sealed.
    await storeStaffSecretUnsealed(rt!, quiet.open((await storedStaffSecret(rt!))!));
    const busy = new CountingBox(sealingKey);
    expect(await sealStoredSecrets(rt!.database.db, busy)).toBe(1);
    expect(busy.opens).toBe(1);
    expect(await storedStaffSecret(rt!)).toMatch(SEALED);
    expect(await staffSignIn(rt!, 'admin', TEST_ADMIN_PASSWORD)).toEqual(expect.any(String));
  });

  it('refuses to start with a key that cannot open the stored secrets, and starts again with the right one', async () => {
    const otherKey = randomBytes(32).toString('hex');
    await expect(rt!.restart({ SECRETS_KEY: otherKey })).rejects.toThrow(
      /does not open with this server's key/,
    );
    // The runtime's own settings again (the refused start's were not kept).
    rt = await rt!.restart();
    expect(await staffSignIn(rt, 'admin', TEST_ADMIN_PASSWORD)).toEqual(expect.any(String));
  });

  it('changes the key: with the old one as SECRETS_KEY_PREVIOUS every secret is sealed again under the new', async () => {
    const oldKey = runtimeKey(rt!);
    const newKey = randomBytes(32).toString('hex');
    rt = await rt!.restart({ SECRETS_KEY: newKey, SECRETS_KEY_PREVIOUS: oldKey });
    const stored = await storedStaffSecret(rt);
    const plain = new SecretBox(Buffer.from(newKey, 'hex')).open(stored!);
    expect(() => new SecretBox(Buffer.from(oldKey, 'hex')).open(stored!)).toThrow(/another key sealed it/);
    expect(await staffSignIn(rt, 'admin', TEST_ADMIN_PASSWORD)).toEqual(expect.any(String));
    // The new key alone is enough from now on.
    rt = await rt.restart({ SECRETS_KEY: newKey, SECRETS_KEY_PREVIOUS: undefined });
    expect(new SecretBox(Buffer.from(newKey, 'hex')).open((await storedStaffSecret(rt))!)).toBe(plain);
    expect(await staffSignIn(rt, 'admin', TEST_ADMIN_PASSWORD)).toEqual(expect.any(String));
  });
});
