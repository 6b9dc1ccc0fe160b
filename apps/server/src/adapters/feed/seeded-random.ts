/**
 * A small, fast, seeded random generator (sfc32) for the simulated market. The same seed gives the
 * same prices on every machine, so a test, a bug report or a demo can replay a market exactly.
 * Not for anything secret: use node:crypto for tokens.
 */

const TWO_POW_32 = 4294967296;

/** Above this mean, Knuth's product method needs too many draws; the normal approximation is close enough. */
const POISSON_NORMAL_FROM = 30;

/** Mixes a 32-bit value into a well-spread one (the finaliser of MurmurHash3). */
function mix32(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A seed for one named stream of a run, e.g. each instrument's, so adding an instrument or
 * reordering the list leaves the others' prices as they were.
 */
export function deriveSeed(seed: number, label: string): number {
  // FNV-1a over the label, started from the seed.
  let hash = (0x811c9dc5 ^ mix32(seed)) >>> 0;
  for (let i = 0; i < label.length; i++) {
    hash = Math.imul(hash ^ label.charCodeAt(i), 0x01000193) >>> 0;
  }
  return mix32(hash);
}

export class SeededRandom {
  #a: number;
  #b: number;
  #c: number;
  #d: number;
  /** Box–Muller makes normals in pairs; the second waits here for the next call. */
  #spareNormal: number | undefined;

  constructor(seed: number) {
    const low = Math.floor(seed) >>> 0;
    const high = Math.floor(seed / TWO_POW_32) >>> 0;
    this.#a = mix32(low ^ 0x9e3779b9);
    this.#b = mix32(high ^ 0x243f6a88);
    this.#c = mix32(low + 0x6a09e667);
    this.#d = 1;
    // The first outputs of sfc32 still echo the seed; discard them.
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return (t >>> 0) / TWO_POW_32;
  }

  /** Standard normal (mean 0, deviation 1). */
  normal(): number {
    const spare = this.#spareNormal;
    if (spare !== undefined) {
      this.#spareNormal = undefined;
      return spare;
    }
    // 1 − u is in (0, 1], so the logarithm is finite.
    const radius = Math.sqrt(-2 * Math.log(1 - this.next()));
    const angle = 2 * Math.PI * this.next();
    this.#spareNormal = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  }

  /** A Poisson count with mean `lambda` (0 for a mean of 0 or less). */
  poisson(lambda: number): number {
    if (!(lambda > 0)) return 0;
    if (lambda >= POISSON_NORMAL_FROM) {
      return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * this.normal()));
    }
    const limit = Math.exp(-lambda);
    let count = 0;
    let product = this.next();
    while (product > limit) {
      count++;
      product *= this.next();
    }
    return count;
  }
}
