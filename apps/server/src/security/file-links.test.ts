import { describe, expect, it } from 'vitest';
import { FileLinks } from './file-links.ts';

const NAME = '0123456789abcdef0123456789abcdef.png';
const PATH = `/v1/files/${NAME}`;

function links(at: { ms: number }, secret = 'a'.repeat(64)) {
  return new FileLinks({ secret, ttlMs: 600_000, now: () => at.ms });
}

const partsOf = (url: string) => {
  const query = new URL(url, 'http://x').searchParams;
  return [query.get('exp') ?? undefined, query.get('sig') ?? undefined] as const;
};

describe('signed file links', () => {
  it('opens the file it was signed for until it expires, and not after', () => {
    const clock = { ms: 1_795_000_000_000 };
    const url = links(clock).signed(PATH, NAME);
    expect(url).toMatch(/^\/v1\/files\/[0-9a-f]{32}\.png\?exp=\d+&sig=[\w-]{43}$/);
    const [exp, sig] = partsOf(url);
    expect(links(clock).opens(NAME, exp, sig)).toBe(true);
    clock.ms += 600_000 - 1;
    expect(links(clock).opens(NAME, exp, sig)).toBe(true);
    clock.ms += 60_000 + 1;
    expect(links(clock).opens(NAME, exp, sig)).toBe(false);
  });

  it('gives the same link for repeated reads within a minute, so the browser cache serves it', () => {
    const clock = { ms: 1_795_000_001_000 };
    const first = links(clock).signed(PATH, NAME);
    clock.ms += 10_000;
    expect(links(clock).signed(PATH, NAME)).toBe(first);
  });

  it('refuses another file, a changed expiry, a forged or missing signature and another key', () => {
    const clock = { ms: 1_795_000_000_000 };
    const [exp, sig] = partsOf(links(clock).signed(PATH, NAME));
    const other = 'fedcba9876543210fedcba9876543210.png';
    expect(links(clock).opens(other, exp, sig)).toBe(false);
    expect(links(clock).opens(NAME, String(Number(exp) + 60), sig)).toBe(false);
    expect(links(clock).opens(NAME, exp, `${sig!.slice(0, -1)}A`)).toBe(false);
    expect(links(clock).opens(NAME, exp, undefined)).toBe(false);
    expect(links(clock).opens(NAME, undefined, sig)).toBe(false);
    expect(links(clock).opens(NAME, '1e12', sig)).toBe(false);
    expect(links(clock, 'b'.repeat(64)).opens(NAME, exp, sig)).toBe(false);
  });

  it('refuses a link dated further ahead than this server ever signs', () => {
    const clock = { ms: 1_795_000_000_000 };
    const later = { ms: clock.ms + 3_600_000 };
    const [exp, sig] = partsOf(links(later).signed(PATH, NAME));
    expect(links(clock).opens(NAME, exp, sig)).toBe(false);
  });
});
