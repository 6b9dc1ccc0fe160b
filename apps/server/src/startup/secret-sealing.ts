/**
 * At start: the key authenticator secrets are sealed with (security/secret-box.ts), every stored
 * secret checked to open with it, and sealed with it now if it was stored unsealed (before
 * sealing, or while there was no key) or sealed by the key being replaced
 * (`SECRETS_KEY_PREVIOUS`). A start whose key cannot open a stored secret stops, naming the cause:
 * serving on would fail every code of those users and staff at sign-in.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { SecretBox, secretsKeyOf } from '../security/secret-box.ts';

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
 * Opens every stored secret with `box` and, when it has a key, seals again those stored unsealed
 * or sealed by the previous key (`SECRETS_KEY_PREVIOUS`); returns how many it sealed.
 */
export async function sealStoredSecrets(db: Kysely<Database>, box: SecretBox): Promise<number> {
  const staff = await db
    .selectFrom('staff')
    .select(['id', 'totp_secret'])
    .where('totp_secret', 'is not', null)
    .execute();
  const users = await db.selectFrom('user_second_factors').select(['user_id', 'secret']).execute();
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
