/** How a typed account becomes its stored form, and the key failed logins are counted under. */
import type { IdentifierType } from '@omp/protocol';
import { looksLikeEmail, normalizeEmail, normalizeMobile } from '../inputs/identifiers.ts';

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
