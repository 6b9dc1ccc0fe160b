import { sql, type Kysely } from 'kysely';

/**
 * Addresses are now folded (NFKC) before they are stored or looked up, so one typed with a combining
 * mark or in full-width letters is the same address as its plain spelling. An address stored before
 * in another spelling is folded too, or its owner could no longer sign in with it. Where the folded
 * address already belongs to another account (two accounts the old rule let in for one address),
 * both are left as they are: which one the address belongs to is for staff to decide, not for a
 * migration. Addresses the new rule refuses (hidden characters, empty labels) are left too; their
 * owners sign in with their mobile number or ask support.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Plain ASCII cannot change but by case, and addresses are stored lower-cased already.
  const stored = await sql<{ id: unknown; email: string }>`
    select id, email from users where email is not null`.execute(db);
  const taken = new Set(stored.rows.map((row) => row.email));
  for (const row of stored.rows) {
    if (/^[\x20-\x7e]*$/.test(row.email)) continue;
    // As inputs/identifiers.ts folds what is typed, written out here so this step stays as it ran.
    const folded = row.email.normalize('NFKC').toLowerCase();
    if (/\p{Cf}/u.test(folded) || folded === row.email || taken.has(folded)) continue;
    await sql`update users set email = ${folded} where id = ${row.id}`.execute(db);
    taken.add(folded);
  }
}

/** Folding is not undone: the folded spelling is the same address. */
export async function down(): Promise<void> {}
