/**
 * Short-lived signed links to uploaded files. An `<img>` tag cannot send the Authorization header,
 * and a session token must never sit in a URL (it lands in browser history, proxies and logs), so
 * whoever may see a file (its owner, the back office) is handed a link that opens that one file
 * until it expires, and nothing else:
 *
 *   /v1/files/3f9c…e1.png?exp=1795000000&sig=<base64url HMAC-SHA256 of "3f9c…e1.png.1795000000">
 *
 * Expiry is rounded up to the next minute, so the links a screen gets on repeated reads are the
 * same URL for a while and the browser's cache serves them.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const ROUND_S = 60;

export interface FileLinksOptions {
  secret: string;
  /** How long a link opens its file. */
  ttlMs: number;
  now: () => number;
}

export class FileLinks {
  private readonly o: FileLinksOptions;

  constructor(options: FileLinksOptions) {
    this.o = options;
  }

  /** A link to the file under `path` (`/v1/files/<name>`), signed for the name. */
  signed(path: string, name: string): string {
    const expiresS = Math.ceil((this.o.now() + this.o.ttlMs) / 1000 / ROUND_S) * ROUND_S;
    return `${path}?exp=${expiresS}&sig=${this.signature(name, expiresS)}`;
  }

  /** Whether `exp` and `sig` from a link open the file `name` now. */
  opens(name: string, exp: string | undefined, sig: string | undefined): boolean {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
    const expiresS = Number(exp);
    const nowS = this.o.now() / 1000;
    // A link dated further ahead than any this server hands out was not made here.
    if (expiresS <= nowS || expiresS > nowS + this.o.ttlMs / 1000 + ROUND_S) return false;
    const expected = Buffer.from(this.signature(name, expiresS));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private signature(name: string, expiresS: number): string {
    return createHmac('sha256', this.o.secret).update(`${name}.${expiresS}`).digest('base64url');
  }
}
