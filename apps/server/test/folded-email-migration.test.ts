/**
 * The migration that folds stored e-mail addresses as sign-in now folds what is typed (NFKC, lower
 * case): an address stored in another spelling is folded, so its owner still signs in with it;
 * where the folded address already has an account, both stay as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeEmail } from '../src/inputs/identifiers.ts';
import { openScratchDatabase, type ScratchDatabase } from './helpers/scratch-database.ts';
import { storedEmailsAcross, type StoredEmail } from './helpers/stored-emails.ts';
import { databaseEngines } from './helpers/test-runtime.ts';

const BEFORE_FOLDING = '20261207T0200_back_office_indexes';

describe.each(databaseEngines())('folded e-mail addresses on %s', (engine) => {
  let scratch: ScratchDatabase | undefined;

  beforeAll(async () => {
    scratch = await openScratchDatabase(engine, 'folded_email');
  });
  afterAll(async () => {
    await scratch?.dispose();
  });

  it('folds what another spelling stored, and leaves two accounts of one address to staff', async () => {
    const stored: StoredEmail[] = [
      [1, 'ja\u0308ger@example.com'], // a combining mark: the plain spelling is free
      [2, 'wide\uff20\uff45xample.com'], // full-width @ and e
      [3, 'dup\u00e9@example.com'], // already folded
      [4, 'dupe\u0301@example.com'], // folds onto 3's address: both stay
      [5, 'plain@example.com'],
      [6, null],
    ];
    const rows = await storedEmailsAcross(scratch!, BEFORE_FOLDING, stored);
    expect(rows).toEqual([
      [1, 'j\u00e4ger@example.com'],
      [2, 'wide@example.com'],
      [3, 'dup\u00e9@example.com'],
      [4, 'dupe\u0301@example.com'],
      [5, 'plain@example.com'],
      [6, null],
    ]);
    // What a sign-in looks up for each spelling is now what is stored.
    expect(normalizeEmail('JA\u0308GER@example.com')).toBe(rows[0]![1]);
    expect(normalizeEmail('wide\uff20example.com')).toBe(rows[1]![1]);
  });
});
