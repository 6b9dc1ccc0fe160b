/**
 * How a trader is named on the public leaderboard: enough to recognise oneself, too little to
 * contact or identify anyone.
 *
 *   maskedName({ email: 'jane.doe@gmail.com' })   // 'ja***@gm***.com'
 *   maskedName({ mobile: '+447700900123' })       // '+44 77****123'
 *   maskedName({ uid: 10000042 })                 // '10****42' (demo accounts have neither)
 */
import { AREA_CODES } from '../seed/area-codes.ts';

/** Calling codes, longest first, so a short code never claims the start of a longer one. */
const CALLING_CODES = [...new Set(AREA_CODES.map((a) => a.global_code))].sort((a, b) => b.length - a.length);

const head = (text: string, n: number) => [...text].slice(0, n).join('');

function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return `${head(email, 2)}***`;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${head(local, 2)}***@${head(host, 2)}***${tld}`;
}

function maskMobile(mobile: string): string {
  const code = CALLING_CODES.find((c) => mobile.startsWith(c)) ?? '';
  const national = mobile.slice(code.length);
  const masked = `${national.slice(0, 2)}****${national.length > 6 ? national.slice(-3) : ''}`;
  return code ? `${code} ${masked}` : masked;
}

export function maskedName(user: { email?: string | null; mobile?: string | null; uid?: number }): string {
  if (user.email) return maskEmail(user.email);
  if (user.mobile) return maskMobile(user.mobile);
  const uid = String(user.uid ?? '');
  return `${uid.slice(0, 2)}****${uid.slice(-2)}`;
}
