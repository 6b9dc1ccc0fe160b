/**
 * The migration that stores e-mail domains as mail is delivered to them (the Unicode form of their
 * IDNA name), as sign-in now takes what is typed: an address stored with an `xn--` domain is
 * rewritten, so its owner still signs in with it; where the rewritten address already has an
 * account, both stay as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeEmail } from '../src/inputs/identifiers.ts';
import { openScratchDatabase, type ScratchDatabase } from './helpers/scratch-database.ts';
import { storedEmailsAcross, type StoredEmail } from './helpers/stored-emails.ts';
import { databaseEngines } from './helpers/test-runtime.ts';

const BEFORE_DOMAINS = '20261207T2100_staff_enrolment_session';

describe.each(databaseEngines())('e-mail domains as delivered on %s', (engine) => {
  let scratch: ScratchDatabase | undefined;

  beforeAll(async () => {
    scratch = await openScratchDatabase(engine, 'email_domains');
  });
  afterAll(async () => {
    await scratch?.dispose();
  });

  it('rewrites an xn-- domain to its Unicode name, and leaves two accounts of one mailbox to staff', async () => {
    const stored: StoredEmail[] = [
      [1, 'kim@xn--bcher-kva.example'], // the Unicode spelling is free
      [2, 'lee@b\u00fccher.example'], // already as delivered
      [3, 'lee@xn--bcher-kva.example'], // the same mailbox as 2's: both stay
      [4, 'ann@mail\u3002example.com'], // an ideographic full stop between labels
      [5, 'plain@example.com'],
      [6, 'odd@xn--zz.example'], // an xn-- label that reads as nothing else
      [7, null],
    ];
    const rows = await storedEmailsAcross(scratch!, BEFORE_DOMAINS, stored);
    expect(rows).toEqual([
      [1, 'kim@b\u00fccher.example'],
      [2, 'lee@b\u00fccher.example'],
      [3, 'lee@xn--bcher-kva.example'],
      [4, 'ann@mail.example.com'],
      [5, 'plain@example.com'],
      [6, 'odd@xn--zz.example'],
      [7, null],
    ]);
    // What a sign-in looks up for each spelling is now what is stored.
    expect(normalizeEmail('KIM@XN--BCHER-KVA.EXAMPLE')).toBe(rows[0]![1]);
    expect(normalizeEmail('ann@mail\u3002example.com')).toBe(rows[3]![1]);
  });
});
