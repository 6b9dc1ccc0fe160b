/**
 * At start: the key authenticator secrets are sealed with (security/secret-box.ts), and every
 * stored secret it did not seal is opened and sealed with it now: one stored unsealed (before
 * sealing, or while there was no key), sealed before key ids, or sealed by the key being replaced
 * (`SECRETS_KEY_PREVIOUS`). A start whose key cannot open such a secret stops, naming the cause:
 * serving on would fail every code of those users and staff at sign-in. The secrets this key
 * sealed are told apart by their text in the database (their key id), so a start reads and opens
 * none of them: its cost is the secrets that need work, not every enrolled user.
 */
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';
import { SEALED, SecretBox, secretsKeyOf } from '../security/secret-box.ts';

export async function openSecretBox(
  config: Parameters<typeof secretsKeyOf>[0] & { previousSecretsKey: Buffer | undefined },
  db: Kysely<Database>,
  warn: (message: string) => void,
): Promise<SecretBox> {
  const previous = config.previousSecretsKey ? [config.previousSecretsKey] : [];
  const box = new SecretBox(secretsKeyOf(config), previous);
  const sealedNow = await sealStoredSecrets(db, box);
  if (!box.sealing)
    warn(
      'authenticator secrets are stored unsealed: set SECRETS_KEY, the same on every node, to seal them at rest',
    );
  else if (sealedNow > 0)
    warn(`sealed ${sealedNow} authenticator secrets stored unsealed or under the previous key`);
  return box;
}

/**
 * Opens every stored secret `box` did not seal and, when it has a key, seals it again (stored
 * unsealed, sealed before key ids, or by the previous key); returns how many it sealed. Without a
 * key, only the sealed ones are opened, which stops the start: there is nothing to open them with.
 */
export async function sealStoredSecrets(db: Kysely<Database>, box: SecretBox): Promise<number> {
  const staff = await db
    .selectFrom('staff')
    .select(['id', 'totp_secret'])
    .where('totp_secret', 'is not', null)
    .where(needsWork(sql.ref('totp_secret'), box))
    .execute();
  const users = await db
    .selectFrom('user_second_factors')
    .select(['user_id', 'secret'])
    .where(needsWork(sql.ref('secret'), box))
    .execute();
  // Each update applies only while the row holds the value read: another node starting with
  // the same key may have sealed it meanwhile.
  const stored = [
    ...staff.map((row) => ({
      value: row.totp_secret!,
      replace: (sealed: string) =>
        db
          .updateTable('staff')
          .set({ totp_secret: sealed })
          .where('id', '=', row.id)
          .where('totp_secret', '=', row.totp_secret)
          .executeTakeFirst(),
    })),
    ...users.map((row) => ({
      value: row.secret,
      replace: (sealed: string) =>
        db
          .updateTable('user_second_factors')
          .set({ secret: sealed })
          .where('user_id', '=', row.user_id)
          .where('secret', '=', row.secret)
          .executeTakeFirst(),
    })),
  ];
  let sealedNow = 0;
  for (const { value, replace } of stored) {
    const { secret, reseal } = box.opened(value);
    if (reseal) sealedNow += Number((await replace(box.seal(secret))).numUpdatedRows);
  }
  return sealedNow;
}

/**
 * Whether a stored value needs this start's work: with a key, every value that does not begin as
 * the box's seals do; without one, the sealed values. Compared with `substr`, the same on both
 * databases and exact (SQLite's LIKE ignores case).
 */
function needsWork(column: Expression<string | null>, box: SecretBox): Expression<SqlBool> {
  const prefix = box.sealedPrefix;
  return prefix === undefined
    ? sql<SqlBool>`substr(${column}, 1, ${sql.lit(SEALED.length)}) = ${SEALED}`
    : sql<SqlBool>`substr(${column}, 1, ${sql.lit(prefix.length)}) <> ${prefix}`;
}
