import { domainToASCII, domainToUnicode } from 'node:url';
import { sql, type Kysely } from 'kysely';

/**
 * Addresses are now stored with their domain as mail is delivered to it: the Unicode form of its
 * IDNA name, so `kim@xn--bcher-kva.example` and `kim@bücher.example`, one mailbox, are one address.
 * One stored before in another spelling of its domain is rewritten, or its owner could no longer
 * sign in with it. Where the rewritten address already belongs to another account (two accounts
 * the old rule let in for one mailbox), both are left as they are: which one the mailbox belongs to
 * is for staff to decide, not for a migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const stored = await sql<{ id: unknown; email: string }>`
    select id, email from users where email is not null`.execute(db);
  const taken = new Set(stored.rows.map((row) => row.email));
  for (const row of stored.rows) {
    const at = row.email.lastIndexOf('@');
    const domain = row.email.slice(at + 1);
    // Only a domain with a non-ASCII character or an `xn--` label can read otherwise.
    if (at < 0 || (/^[\x20-\x7e]*$/.test(domain) && !/(^|\.)xn--/.test(domain))) continue;
    // As inputs/identifiers.ts takes a typed domain, written out here so this step stays as it ran.
    const ascii = domainToASCII(domain);
    if (!ascii) continue;
    const delivered = `${row.email.slice(0, at + 1)}${domainToUnicode(ascii)}`;
    if (delivered === row.email || taken.has(delivered)) continue;
    await sql`update users set email = ${delivered} where id = ${row.id}`.execute(db);
    taken.add(delivered);
  }
}

/** Not undone: the rewritten spelling is the same address. */
export async function down(): Promise<void> {}
