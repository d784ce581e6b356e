/**
 * Seeded pseudo-random numbers for the synthetic market: xoshiro128** (Blackman and Vigna) seeded
 * through splitmix32 from a 64-bit hash of the seed and a list of labels, so every component (the market
 * factor, one sector, one ticker's bars, one session's ticks) draws from its own independent stream and
 * adding a ticker or a session never shifts another component's numbers. Only 32-bit integer
 * arithmetic (Math.imul) and IEEE-exact or fdlibm-backed Math functions are used: the same seed gives
 * the same bits on every platform Node supports.
 */

/** cyrb53-style 64-bit string hash (two 32-bit lanes with cross-mixing), over UTF-16 code units. */
function hash64(text: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, h2 >>> 0];
}

/** A 64-bit hex digest of a string: stable ids for generated items. */
export function hashHex(text: string): string {
  const [a, b] = hash64(text);
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** One splitmix32 output for a state word; returns [output, next state]. */
function splitmix32(state: number): [number, number] {
  const next = (state + 0x9e3779b9) | 0;
  let z = next;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return [(z ^ (z >>> 16)) >>> 0, next];
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

const TWO_POW_32 = 4_294_967_296;

/** Checks a user seed: a safe non-negative integer. */
export function assertSeed(seed: number): void {
  if (!Number.isSafeInteger(seed) || seed < 0) {
    throw new RangeError(`seed must be a non-negative safe integer, got ${seed}`);
  }
}

export class Prng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;
  private spare = Number.NaN;

  /** A stream for `seed` and a path of labels, e.g. `Prng.stream(42, 'bars', 'KRVL')`. */
  static stream(seed: number, ...labels: readonly string[]): Prng {
    assertSeed(seed);
    const key = `${seed}\u0000${labels.join('\u0000')}`;
    const [a, b] = hash64(key);
    return new Prng(a, b);
  }

  private constructor(a: number, b: number) {
    let state = a ^ Math.imul(b, 0x27d4eb2f);
    const words: number[] = [];
    for (let i = 0; i < 4; i++) {
      const [out, next] = splitmix32(state ^ (i === 1 || i === 3 ? b : 0));
      words.push(out);
      state = next;
    }
    this.s0 = words[0]!;
    this.s1 = words[1]!;
    this.s2 = words[2]!;
    this.s3 = words[3]!;
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1;
  }

  /** The next 32 random bits as an unsigned integer. */
  uint32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /** Uniform on the open interval (0, 1): never 0, so `Math.log(u)` is always finite. */
  uniform(): number {
    return (this.uint32() + 0.5) / TWO_POW_32;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.uniform() * n);
  }

  /** Uniform on [lo, hi). */
  between(lo: number, hi: number): number {
    return lo + (hi - lo) * this.uniform();
  }

  /** Log-uniform on [lo, hi), both positive. */
  logBetween(lo: number, hi: number): number {
    return Math.exp(this.between(Math.log(lo), Math.log(hi)));
  }

  chance(p: number): boolean {
    return this.uniform() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** Standard normal (Marsaglia polar method; the second variate is kept for the next call). */
  normal(): number {
    if (!Number.isNaN(this.spare)) {
      const z = this.spare;
      this.spare = Number.NaN;
      return z;
    }
    let u: number;
    let v: number;
    let s: number;
    do {
      u = 2 * this.uniform() - 1;
      v = 2 * this.uniform() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const f = Math.sqrt((-2 * Math.log(s)) / s);
    this.spare = v * f;
    return u * f;
  }

  /** Student-t with an integer number of degrees of freedom `nu` > 2, scaled to unit variance. */
  unitT(nu: number): number {
    let chi2 = 0;
    for (let i = 0; i < nu; i++) {
      const z = this.normal();
      chi2 += z * z;
    }
    return (this.normal() / Math.sqrt(chi2 / nu)) * Math.sqrt((nu - 2) / nu);
  }

  exponential(rate: number): number {
    return -Math.log(this.uniform()) / rate;
  }

  /** Poisson count (Knuth's product method; fine for the small rates used here). */
  poisson(lambda: number): number {
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = this.uniform();
    while (p > limit) {
      k++;
      p *= this.uniform();
    }
    return k;
  }

  /** Pareto (type I) with minimum `xm` and tail index `alpha`. */
  pareto(xm: number, alpha: number): number {
    return xm * this.uniform() ** (-1 / alpha);
  }
}
