/**
 * How a typed account becomes its stored form, the account a login finds, and the key failed logins
 * are counted under.
 */
import type { IdentifierType } from '@omp/protocol';
import { looksLikeEmail, normalizeEmail, normalizeMobile } from '../inputs/identifiers.ts';
import type { UserRecord, UserRepository } from '../repositories/user-repository.ts';

export interface Identifier {
  channel: 'email' | 'sms';
  address: string;
}

/** A typed account in its stored form, and the channel codes go through. */
export function identifierOf(
  type: IdentifierType | undefined,
  account: string,
  areaId: number | undefined,
): Identifier {
  const kind = type ?? (looksLikeEmail(account) ? 'email' : 'mobile');
  return kind === 'email'
    ? { channel: 'email', address: normalizeEmail(account) }
    : { channel: 'sms', address: normalizeMobile(account, areaId) };
}

/**
 * The failure counter's key when no account matched: the typed account in its stored form, so
 * `Bob@Example.com ` and `bob@example.com` (or `+852 1234 5678` and `+85212345678`) share one.
 */
export function typedAccountKey(input: {
  account: string;
  type: IdentifierType | undefined;
  areaId: number | undefined;
}) {
  try {
    const identifier = identifierOf(input.type, input.account, input.areaId);
    return `${identifier.channel}:${identifier.address}`;
  } catch {
    const compact = input.account
      .trim()
      .toLowerCase()
      .replace(/[\s().-]/g, '');
    return `typed:${compact.replace(/^\+?0*/, '')}`;
  }
}

/**
 * The account a login names, if any. A mobile number typed without its country code matches when
 * exactly one account has it as its whole national number.
 */
export async function userForLogin(
  users: Pick<UserRepository, 'byEmail' | 'byMobile' | 'byNationalNumber'>,
  input: { account: string; type: IdentifierType | undefined; areaId: number | undefined },
): Promise<UserRecord | undefined> {
  const { account, areaId } = input;
  const kind = input.type ?? (looksLikeEmail(account) ? 'email' : 'mobile');
  const digits = account.replace(/[\s().-]/g, '');
  if (kind === 'mobile' && areaId === undefined && /^\d{4,14}$/.test(digits)) {
    const matches = await users.byNationalNumber(digits);
    return matches.length === 1 ? matches[0] : undefined;
  }
  let identifier: Identifier;
  try {
    identifier = identifierOf(kind, account, areaId);
  } catch {
    return undefined;
  }
  return identifier.channel === 'email'
    ? users.byEmail(identifier.address)
    : users.byMobile(identifier.address);
}
