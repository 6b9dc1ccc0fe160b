/**
 * Normalises what people type as their account: e-mail addresses to lower case, mobile numbers to
 * E.164 (+<calling code><national number>, without a trunk 0). Throws a DomainError with the reason.
 */
import { domainToASCII, domainToUnicode } from 'node:url';
import { invalid } from '../domain/errors.ts';
import { AREA_CODES } from '../seed/area-codes.ts';

/**
 * A local part and a domain of dot-separated labels: no empty label, so no leading, trailing or
 * doubled dot (`a@example.com.` is refused rather than sent to, and failing, at the mail server).
 */
const EMAIL_PATTERN = /^[^\s@.]+(\.[^\s@.]+)*@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/u;
/** Characters no screen shows (zero-width spaces and joiners, direction marks): they hide in an address. */
const INVISIBLE = /\p{Cf}/u;

/**
 * One account per address however it was typed: compatibility forms are folded (NFKC), so `ä` typed
 * as one character or as `a` with a combining mark, and the full-width letters of East Asian
 * keyboards, are the same address, then lower-cased. The domain is taken as mail is delivered to
 * it: through IDNA (UTS #46, as a URL's host), so its Unicode and `xn--` spellings and an
 * ideographic full stop between labels name the one domain they reach, kept in Unicode.
 */
export function normalizeEmail(raw: string): string {
  const folded = raw.trim().normalize('NFKC').toLowerCase();
  if (INVISIBLE.test(folded)) throw invalid('email_invalid');
  const email = withDeliveredDomain(folded);
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw invalid('email_invalid');
  return email;
}

/**
 * The domain after the last `@` in the Unicode form of its IDNA name; one IDNA refuses stays as
 * typed, for the address pattern to judge.
 */
function withDeliveredDomain(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  const ascii = domainToASCII(email.slice(at + 1));
  return ascii ? `${email.slice(0, at + 1)}${domainToUnicode(ascii)}` : email;
}

export function areaById(areaId: number | undefined) {
  if (areaId === undefined) return undefined;
  const area = AREA_CODES.find((a) => a.id === areaId);
  if (!area) throw invalid('area_not_found');
  return area;
}

/** A number typed with its country code (+852…) needs no area; otherwise the area is required. */
export function normalizeMobile(raw: string, areaId: number | undefined): string {
  const trimmed = raw.trim();
  const digits = trimmed.replace(/[\s().-]/g, '');
  if (digits.startsWith('+')) {
    if (!/^\+\d{7,15}$/.test(digits)) throw invalid('mobile_invalid');
    return digits;
  }
  if (!/^\d{4,14}$/.test(digits)) throw invalid('mobile_invalid');
  const area = areaById(areaId);
  if (!area) throw invalid('area_required');
  const national = digits.replace(/^0+/, '');
  const e164 = `${area.global_code}${national}`;
  if (!/^\+\d{7,15}$/.test(e164)) throw invalid('mobile_invalid');
  return e164;
}

/** Every calling code of the list once (+1 and +7 serve several areas). */
const CALLING_CODES = [...new Set(AREA_CODES.map((area) => area.global_code))];

/**
 * The E.164 numbers a national number typed without its area may be: the number after each calling
 * code, trunk zeros dropped. Exact numbers, never a pattern: `0000` (no digits left) or `4567` (the
 * end of someone's number) names no account, where a match on the number's end found every account
 * or anyone whose number ended so.
 */
export function numbersInAnyArea(digits: string): string[] {
  const national = digits.replace(/^0+/, '');
  if (!/^\d{4,14}$/.test(national)) return [];
  return CALLING_CODES.map((code) => `${code}${national}`).filter((e164) => /^\+\d{7,15}$/.test(e164));
}

export function looksLikeEmail(account: string): boolean {
  return account.normalize('NFKC').includes('@'); // a full-width ＠ too
}
