/**
 * First-party cookies for choices that must outlive local storage clean-ups and reach the server
 * (docs/CONTRACT.md "Timings and sizes": the company choice is kept in a cookie for 3 years).
 * Chromium and Safari shorten any cookie to about 400 days, so a caller renews it when the choice
 * is used.
 */
const THREE_YEARS_S = 3 * 365 * 24 * 60 * 60;

export function readCookie(name: string, source: string = document.cookie): string | undefined {
  for (const part of source.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** The cookie line that keeps `value` for three years on the whole site. */
export function cookieLine(name: string, value: string, secure: boolean): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${THREE_YEARS_S}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function keepCookie(name: string, value: string): void {
  document.cookie = cookieLine(name, value, location.protocol === 'https:');
}
