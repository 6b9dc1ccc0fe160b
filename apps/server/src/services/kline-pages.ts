/**
 * The closed bars of the latest kline pages, already encoded as JSON text, so a chart opening
 * 1,000 bars costs neither a database read nor an encoding of 999 bars that cannot change until
 * the forming bar closes. Only the forming bar is encoded per answer (services/market-service.ts).
 *
 * A page is valid while the forming bar it was built beside is still forming (same open time) and
 * the instrument's price precision is the one it was encoded in; staff changes to an instrument
 * drop its pages at once (forInstrument). The cache is per node: on a cluster every node builds the
 * same bars from the same ticks (docs/decisions/0014), so each node's pages equal the others'.
 *
 * Memory is bounded by bytes, least recently used first: 1,000 bars encode to about 80 KB, and
 * the whole catalogue in every period at the largest page would be tens of megabytes that a node
 * has no need to hold, while the pages charts actually open (a few instruments, a few periods) fit
 * many times over in the default cap.
 */
import type { Bar } from '@omp/engine';
import type { KlinePoint } from '@omp/protocol';
import { toKlinePoint } from '../wire/market-wire.ts';

/** A compressed head of an answer (http/precompressed-json.ts), sized for the cache's budget. */
export interface CachedHead {
  readonly bytes: { readonly length: number };
}

/** Keeps a compressed head by key, made on first use: each key always makes the same kind of head. */
export type RememberHead = <H extends CachedHead>(key: string, make: () => H) => H;

export interface KlinePage {
  /** Open time of the forming bar the page was built beside: the closed bars all open before it. */
  formingTime: number;
  pricePrecision: number;
  /**
   * The closed bars' KlinePoints as UTF-8 JSON, each followed by a comma (the forming bar
   * follows): bytes, so an answer copies them once and never encodes them again.
   */
  closed: Buffer;
  /**
   * The answer's head up to the forming bar, compressed, by language and encoding
   * (http/precompressed-json.ts): a few kilobytes each, counted in the cache's bytes.
   */
  compressedHeads: Map<string, CachedHead>;
}

/** The latest page in two parts: what the page cache holds, and the forming bar encoded now. */
export interface LatestPageJson {
  /** The closed bars as UTF-8 JSON, comma-separated, each followed by a comma when a forming bar follows. */
  closed: Buffer;
  /** The forming bar's JSON, or '' for none. */
  formingJson: string;
  /**
   * Keeps a compressed head of this answer with the closed bars it was made of, by `key` (language
   * and encoding); undefined when the answer was computed without the cache, and so is not kept.
   */
  remember: RememberHead | undefined;
}

/** A compressed head from `heads`, made and kept on first use; `grew` learns its size. */
export function rememberedHead(heads: Map<string, CachedHead>, grew: (bytes: number) => void): RememberHead {
  return <H extends CachedHead>(key: string, make: () => H): H => {
    const kept = heads.get(key);
    // The key names the encoding, and one encoding always makes the same kind of head.
    if (kept) return kept as H;
    const head = make();
    heads.set(key, head);
    grew(head.bytes.length);
    return head;
  };
}

/** 16 MB of pages: about 200 pages of 1,000 bars. */
export const KLINE_PAGES_MAX_BYTES = 16 * 1024 * 1024;
/** Older pages (`before`), kept apart from the latest: about 50 pages of 1,000 bars. */
export const OLDER_KLINE_PAGES_MAX_BYTES = 4 * 1024 * 1024;

export class KlinePages {
  private readonly pages = new Map<string, KlinePage>();
  private readonly reads = new Map<string, Promise<unknown>>();
  private bytes = 0;
  private readonly maxBytes: number;

  constructor(maxBytes = KLINE_PAGES_MAX_BYTES) {
    this.maxBytes = maxBytes;
  }

  static key(instrumentId: number, period: string, limit: number): string {
    // The instrument first: forInstrument drops its pages by this prefix.
    return `${instrumentId}:${period}:${limit}`;
  }

  /**
   * One read by `key` at a time: requests that come while it is under way share its result. When
   * a bar closes, every chart open on it asks at once while the page cannot be served; reading the
   * database once for all of them, rather than once each, keeps the database and the event loop
   * from being swamped just when the flush that ends the wait needs them.
   */
  shared<T>(key: string, read: () => Promise<T>): Promise<T> {
    const running = this.reads.get(key) as Promise<T> | undefined;
    if (running) return running;
    const started = read().finally(() => this.reads.delete(key));
    this.reads.set(key, started);
    return started;
  }

  get(key: string): KlinePage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    // Map order is insertion order: re-inserting marks it the most recently used.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  /** A page grew (a compressed head was added to it): counted, and the oldest pages make room. */
  grew(key: string, bytes: number): void {
    if (!this.pages.has(key)) return;
    this.bytes += bytes;
    this.evictOverCap();
  }

  set(key: string, page: KlinePage): void {
    this.delete(key);
    const size = page.closed.length;
    if (size > this.maxBytes) return;
    this.pages.set(key, page);
    this.bytes += size;
    this.evictOverCap();
  }

  private evictOverCap(): void {
    for (const oldest of this.pages.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** Drops every page of an instrument (staff changed it: its stored prices may be rewritten). */
  forInstrument(instrumentId: number): void {
    const prefix = `${instrumentId}:`;
    for (const key of [...this.pages.keys()]) if (key.startsWith(prefix)) this.delete(key);
  }

  get size(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.bytes };
  }

  private delete(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= pageBytes(page);
  }
}

function pageBytes(page: KlinePage): number {
  let bytes = page.closed.length;
  for (const head of page.compressedHeads.values()) bytes += head.bytes.length;
  return bytes;
}

/** What building the latest page of one instrument and period needs to know of the live market. */
export interface LatestPageSource {
  key: string;
  limit: number;
  /** The forming bar now (it changes on every tick and moves on when it closes). */
  forming(): Bar | undefined;
  pricePrecision(): number;
  /** Whether the database holds every closed bar as this node last saw it (none left unwritten). */
  closedBarsWritten(formingTime: number): boolean;
  /** Changes whenever the database's bars may change under a read (a flush, a staff change). */
  writes(): number;
  /** The newest `limit` bars as the database (and the roll-up of derived periods) has them. */
  readBars(): Promise<Bar[]>;
  /** The answer computed without the cache, for the moments a page cannot be trusted. */
  uncached(): Promise<KlinePoint[]>;
}

/**
 * The latest `limit` bars as JSON text in two parts, `[${closed}${formingJson}]` equal to
 * JSON.stringify(source.uncached()) once the database has the closed bars: the cached closed bars,
 * then the forming bar encoded now.
 */
export async function latestPageJson(pages: KlinePages, source: LatestPageSource): Promise<LatestPageJson> {
  // Charts that ask while the answer is being read share that read (see KlinePages.shared).
  const uncached = () =>
    pages.shared(`uncached ${source.key}`, async (): Promise<LatestPageJson> => {
      const json = JSON.stringify(await source.uncached());
      return { closed: Buffer.from(json.slice(1, -1), 'utf8'), formingJson: '', remember: undefined };
    });
  const forming = source.forming();
  // No forming bar, or closed bars this node has and the database may not yet: as before.
  if (!forming || !source.closedBarsWritten(forming.time)) return uncached();
  const precision = source.pricePrecision();
  let page = pages.get(source.key);
  if (!page || page.formingTime !== forming.time || page.pricePrecision !== precision) {
    const built = await pages.shared(`build ${source.key} ${forming.time} ${precision}`, async () => {
      const writesBefore = source.writes();
      const bars = await source.readBars();
      // A stored bar newer than the forming one is no state the cache knows how to answer.
      if (bars.some((bar) => bar.time > forming.time)) return undefined;
      // The forming bar replaces its stored copy or joins after the closed ones, within `limit`.
      const closed = bars.filter((bar) => bar.time < forming.time);
      const kept = closed.slice(Math.max(0, closed.length - (source.limit - 1)));
      const fresh: KlinePage = {
        formingTime: forming.time,
        pricePrecision: precision,
        closed: Buffer.from(
          kept.map((bar) => `${JSON.stringify(toKlinePoint(bar, precision))},`).join(''),
          'utf8',
        ),
        compressedHeads: new Map(),
      };
      // A read that overlapped a write may hold either side of it: answered once, never kept.
      if (source.writes() === writesBefore) pages.set(source.key, fresh);
      return fresh;
    });
    if (!built) return uncached();
    page = built;
  }
  const formingNow = source.forming();
  // The bar closed (or staff changed the instrument) while the page was read: as before.
  if (!formingNow || formingNow.time !== page.formingTime || source.pricePrecision() !== page.pricePrecision)
    return uncached();
  return {
    closed: page.closed,
    formingJson: JSON.stringify(toKlinePoint(formingNow, page.pricePrecision)),
    remember: rememberedHead(page.compressedHeads, (bytes) => pages.grew(source.key, bytes)),
  };
}

/** What keeping an older page (`before` a time, as a chart scrolls back) needs to know. */
export interface OlderPageSource {
  key: string;
  /** Only bars that open before this time. */
  before: number;
  /** The open time of the forming bar now: every bar before it is closed for good. */
  formingTime(): number | undefined;
  pricePrecision(): number;
  closedBarsWritten(formingTime: number): boolean;
  writes(): number;
  /** The page as the database (and the roll-up of derived periods) has it. */
  read(): Promise<KlinePoint[]>;
}

/** KlinePages.key's key of an older page: the instrument first, so forInstrument drops it too. */
export function olderPageKey(instrumentId: number, period: string, limit: number, before: number): string {
  return `${KlinePages.key(instrumentId, period, limit)}:${before}`;
}

/**
 * A page of bars opening before `source.before`, as JSON text (`[${closed}]`), kept once every
 * bar it holds is closed and written: closed bars never change, so the page is the same for every
 * chart that scrolls back to it until staff change the instrument (which drops its pages) or its
 * precision moves. A page that reaches the forming bar, or bars not yet written, is read each time.
 */
export async function olderPageJson(pages: KlinePages, source: OlderPageSource): Promise<LatestPageJson> {
  const encoded = (points: KlinePoint[]) => Buffer.from(JSON.stringify(points).slice(1, -1), 'utf8');
  const formingTime = source.formingTime();
  const precision = source.pricePrecision();
  const final =
    formingTime !== undefined && source.before <= formingTime && source.closedBarsWritten(formingTime);
  const kept = final ? pages.get(source.key) : undefined;
  if (kept && kept.pricePrecision === precision)
    return {
      closed: kept.closed,
      formingJson: '',
      remember: rememberedHead(kept.compressedHeads, (bytes) => pages.grew(source.key, bytes)),
    };
  const writesBefore = source.writes();
  const closed = encoded(await source.read());
  const unchanged = source.writes() === writesBefore && source.pricePrecision() === precision;
  if (final && unchanged)
    pages.set(source.key, {
      formingTime: formingTime!,
      pricePrecision: precision,
      closed,
      compressedHeads: new Map(),
    });
  return { closed, formingJson: '', remember: undefined };
}
