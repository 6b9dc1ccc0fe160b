/**
 * How an account is shown on screen: masked in the middle, so a glance over the shoulder (or a
 * screenshot) does not give the address away while its owner still recognises it.
 */
import type { User } from '@omp/protocol';

/** Keeps `head` characters at the start and `tail` at the end; at least one is always hidden. */
export function maskMiddle(text: string, head: number, tail: number): string {
  const chars = [...text];
  if (chars.length <= 1) return '*';
  const keep = Math.max(0, chars.length - 1);
  const start = Math.min(head, keep);
  const end = Math.min(tail, keep - start);
  return `${chars.slice(0, start).join('')}****${end > 0 ? chars.slice(-end).join('') : ''}`;
}

/** alice@example.com → al****e@example.com; the domain stays readable. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return maskMiddle(email, 2, 2);
  const local = email.slice(0, at);
  const head = local.length > 4 ? 2 : 1;
  const tail = local.length > 4 ? 1 : 0;
  return `${maskMiddle(local, head, tail)}${email.slice(at)}`;
}

/** +85291234567 → +852****4567 (E.164 keeps its + and calling code in front). */
export function maskMobile(mobile: string): string {
  return maskMiddle(mobile, mobile.startsWith('+') ? 4 : 3, 4);
}

/** The user's e-mail or mobile number, masked; undefined for a demo account (it has neither). */
export function maskedAccount(user: Pick<User, 'email' | 'mobile'> | null | undefined): string | undefined {
  if (user?.email) return maskEmail(user.email);
  if (user?.mobile) return maskMobile(user.mobile);
  return undefined;
}
