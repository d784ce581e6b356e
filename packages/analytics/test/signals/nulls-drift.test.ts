/**
 * Issue #48's measurement pieces by their properties: the same-ticker null, the drift-adjusted R, the
 * block-bootstrap p-value and Holm's adjustment.
 */
import { describe, expect, it } from 'vitest';
import {
  blockBootstrapMean,
  blockBootstrapTest,
  type CardLevels,
  driftAdjustedNullRNet,
  driftAdjustedRNet,
  driftR,
  evaluateOutcome,
  exposureBars,
  holmAdjust,
  meanTrueRange,
  type NullTicker,
  nullOutcomes,
  type OutcomeBars,
  priorDrift,
  sameTickerNullOutcomes,
} from '../../src/index.js';
import { seededRandom } from '../../src/signals/seeded-random.js';

/**
 * A geometric random walk with drift whose bars are drawn from a finely sampled path (open, high, low and
 * close are points of it), so a level inside a bar's range is one the path crossed: on such a walk a
 * bracket order's expected P&L is the drift times the time held, and nothing else.
 */
function driftWalk(n: number, seed: string, drift: number, vol = 0.015, steps = 24): OutcomeBars {
  const random = seededRandom(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const open = new Float64Array(n);
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  const close = new Float64Array(n);
  const mu = drift / steps;
  const s = vol / Math.sqrt(steps);
  let p = 100;
  for (let i = 0; i < n; i++) {
    // log-drift chosen so the arithmetic daily drift is `drift`
    p *= Math.exp(mu - (s * s) / 2 + s * gauss());
    open[i] = p;
    let hi = p;
    let lo = p;
    for (let k = 1; k < steps; k++) {
      p *= Math.exp(mu - (s * s) / 2 + s * gauss());
      hi = Math.max(hi, p);
      lo = Math.min(lo, p);
    }
    high[i] = hi;
    low[i] = lo;
    close[i] = p;
  }
  return { open, high, low, close };
}

/** A long card at bar t's close: entry zone just under it, stop 1.5 ranges down, targets 1.5 and 3 up. */
function cardAt(bars: OutcomeBars, t: number, direction: 'long' | 'short' = 'long'): CardLevels {
  const c = bars.close[t] as number;
  const a = meanTrueRange(bars, t);
  const s = direction === 'long' ? 1 : -1;
  const zone = [c - s * 0.2 * a, c];
  return {
    direction,
    entry_zone: { low: Math.min(...zone), high: Math.max(...zone) },
    stop: c - s * 1.5 * a,
    t1: c + s * 1.5 * a,
    t2: c + s * 3 * a,
  };
}

const meanSe = (xs: readonly number[]) => {
  const m = xs.reduce((a, x) => a + x, 0) / xs.length;
  const v = xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1);
  return { mean: m, se: Math.sqrt(v / xs.length) };
};

describe('priorDrift', () => {
  it('is the mean simple daily return of the bars through t, and no bar after t moves it', () => {
    const close = Float64Array.from({ length: 400 }, (_, i) => 100 * 1.001 ** i);
    expect(priorDrift(close, 300)).toBeCloseTo(0.001, 12);
    const later = Float64Array.from(close);
    for (let i = 301; i < later.length; i++) later[i] = 1;
    expect(priorDrift(later, 300)).toBe(priorDrift(close, 300));
    // Lookback of 3: returns at bars 298, 299, 300.
    const c2 = Float64Array.from(close);
    c2[300] = (c2[299] as number) * 1.1;
    expect(priorDrift(c2, 300, 3, 3)).toBeCloseTo((0.001 + 0.001 + 0.1) / 3, 12);
    // Not enough history: NaN.
    expect(priorDrift(close, 30)).toBeNaN();
  });
});

describe('drift-adjusted R', () => {
  it('takes the drift out of a pure-drift random walk: raw net R is positive, drift-adjusted R ≈ 0, and so is the edge over the null', () => {
    const drift = 0.002;
    const walks = Array.from({ length: 24 }, (_, k) => ({
      ticker: `W${k}`,
      bars: driftWalk(1200, `walk${k}`, drift),
    }));
    const barsOf = (t: string) => walks.find((w) => w.ticker === t)?.bars;
    const raw: number[] = [];
    const adjusted: number[] = [];
    const edge: number[] = [];
    const shortAdjusted: number[] = [];
    const random = seededRandom('cards');
    for (let k = 0; k < 2400; k++) {
      const w = walks[k % walks.length] as (typeof walks)[number];
      const t = 300 + Math.floor(random() * 850);
      const direction = k % 4 === 3 ? 'short' : 'long';
      const levels = cardAt(w.bars, t, direction);
      const o = evaluateOutcome(levels, w.bars, t + 1, 20);
      const adj = driftAdjustedRNet(levels, w.bars, t + 1, o, 0);
      if (o.r_multiple === null || adj === null) continue;
      if (direction === 'short') {
        shortAdjusted.push(adj);
        continue;
      }
      raw.push(o.r_multiple);
      adjusted.push(adj);
      const peers: NullTicker[] = walks.map((p) => ({ ticker: p.ticker, bars: p.bars, t }));
      const draws = nullOutcomes(levels, { ticker: w.ticker, bars: w.bars, t }, peers, 20, `c${k}`, 5);
      const nul = driftAdjustedNullRNet(draws, barsOf, 0);
      if (nul !== null) edge.push(adj - nul);
    }
    const r = meanSe(raw);
    const a = meanSe(adjusted);
    const e = meanSe(edge);
    const sh = meanSe(shortAdjusted);
    // Enough filled longs to read a mean (the broker's bracket leaves about half of them unfilled: a limit at
    // the close that the next bars must trade down to).
    expect(raw.length).toBeGreaterThan(600);
    // The drift pays longs: raw R clearly above zero…
    expect(r.mean).toBeGreaterThan(4 * r.se);
    // …and is all the drift: what is left is within noise of zero, and far below the raw figure.
    expect(Math.abs(a.mean)).toBeLessThan(3 * a.se);
    expect(Math.abs(a.mean)).toBeLessThan(r.mean / 3);
    expect(Math.abs(e.mean)).toBeLessThan(3 * e.se);
    expect(Math.abs(sh.mean)).toBeLessThan(3 * sh.se);
  });

  it('scales with the drift and the exposure, signs by direction, and counts half the position after T1', () => {
    // A hand-built path: fill inside bar 0 at 100, T1 (103) in bar 2, out at T2 (106) in bar 4.
    const bars: OutcomeBars = {
      open: Float64Array.from([100.5, 101, 102, 104, 105]),
      high: Float64Array.from([101, 102, 103.5, 105, 106.5]),
      low: Float64Array.from([99.8, 100.5, 101.5, 103, 104.5]),
      close: Float64Array.from([101, 102, 103, 104.5, 106]),
    };
    const levels: CardLevels = {
      direction: 'long',
      entry_zone: { low: 99.5, high: 100 },
      stop: 98,
      t1: 103,
      t2: 106,
    };
    const o = evaluateOutcome(levels, bars, 0, 10);
    expect(o.exit).toBe('target_2');
    // Full size from the middle of bar 0 to the middle of bar 2, half size from there to the middle of bar 4.
    expect(exposureBars(levels, bars, 0, o)).toBeCloseTo(2 + 0.5 * 2, 12);
    // 0.1 % a day on a 100 fill for 3 bars of exposure, over 2 of risk.
    expect(driftR(levels, bars, 0, o, 0.001)).toBeCloseTo((100 * 0.001 * 3) / 2, 12);
    expect(driftR(levels, bars, 0, o, 0)).toBe(0);
    const unfilled = evaluateOutcome({ ...levels, entry_zone: { low: 90, high: 91 }, stop: 89 }, bars, 0, 5);
    expect(driftR(levels, bars, 0, unfilled, 0.001)).toBeNull();
    // A short on the mirrored path loses the drift a long earns.
    const neg = (a: Float64Array) => a.map((x) => 200 - x);
    const mirror: OutcomeBars = {
      open: neg(bars.open),
      high: neg(bars.low),
      low: neg(bars.high),
      close: neg(bars.close),
    };
    const shortLevels: CardLevels = {
      direction: 'short',
      entry_zone: { low: 100, high: 100.5 },
      stop: 102,
      t1: 97,
      t2: 94,
    };
    const os = evaluateOutcome(shortLevels, mirror, 0, 10);
    expect(os.r_multiple).toBeCloseTo(o.r_multiple as number, 12);
    expect(driftR(shortLevels, mirror, 0, os, 0.001)).toBeCloseTo(-(100 * 0.001 * 3) / 2, 12);
  });
});

describe('the same-ticker null', () => {
  it('draws on the card ticker only, at later bars whose outcome resolves, with the card geometry in ATR units, seeded', () => {
    const bars = driftWalk(600, 'same', 0);
    const t = 300;
    const levels = cardAt(bars, t);
    const card = { ticker: 'AAA', bars, t };
    const draws = sameTickerNullOutcomes(levels, card, 20, 'seed');
    expect(draws.length).toBeGreaterThan(15);
    for (const d of draws) {
      expect(d.ticker).toBe('AAA');
      expect(d.from).toBeGreaterThan(t + 1);
      expect(d.from + 20).toBeLessThanOrEqual(bars.close.length);
      expect(d.open).toBe(false);
      // The stop sits 1.5 ranges under the draw's close, as the card's does under its own.
      const c = bars.close[d.from - 1] as number;
      expect((c - d.levels.stop) / meanTrueRange(bars, d.from - 1)).toBeCloseTo(1.5, 9);
    }
    expect(new Set(draws.map((d) => d.from)).size).toBeGreaterThan(10);
    expect(sameTickerNullOutcomes(levels, card, 20, 'seed')).toEqual(draws);
    expect(sameTickerNullOutcomes(levels, card, 20, 'other')).not.toEqual(draws);
    // No later bar can resolve: no draws.
    expect(sameTickerNullOutcomes(levels, { ...card, t: 585 }, 20, 'seed')).toEqual([]);
  });
});

describe('bootstrap p-values and Holm', () => {
  it('gives the same interval as blockBootstrapMean, a small p for a clear mean and a large one for none', () => {
    const random = seededRandom('p');
    const noise = Array.from({ length: 600 }, (_, i) => ({
      block: Math.floor(i / 10),
      value: random() - 0.5,
    }));
    const shifted = noise.map((v) => ({ ...v, value: v.value + 0.1 }));
    const a = blockBootstrapTest(shifted, 2000, 's') as NonNullable<ReturnType<typeof blockBootstrapTest>>;
    const b = blockBootstrapMean(shifted, 2000, 's') as NonNullable<ReturnType<typeof blockBootstrapMean>>;
    expect({ mean: a.mean, low: a.low, high: a.high, n: a.n, blocks: a.blocks }).toEqual(b);
    expect(a.p_value).toBeLessThan(0.01);
    const centred = noise.map((v) => ({
      ...v,
      value: v.value - noise.reduce((s, x) => s + x.value, 0) / noise.length,
    }));
    expect((blockBootstrapTest(centred, 2000, 's') as { p_value: number }).p_value).toBeGreaterThan(0.5);
    expect(blockBootstrapTest([], 10)).toBeUndefined();
  });

  it("Holm's adjustment reproduces the worked example of the Holm–Bonferroni method", () => {
    // Wikipedia, "Holm–Bonferroni method", Example: four hypotheses at α = 0.05 with unadjusted p-values
    // 0.01, 0.03, 0.04 and 0.005; H1 and H4 are rejected, H2 and H3 are not. By hand (Holm 1979): sorted
    // 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1 = 0.02, 0.03, 0.06, 0.04 → running max 0.02, 0.03, 0.06, 0.06.
    // R's p.adjust(c(0.01, 0.03, 0.04, 0.005), "holm") gives the same 0.03 0.06 0.06 0.02.
    const adjusted = holmAdjust([0.01, 0.03, 0.04, 0.005]);
    expect(adjusted.map((p) => Math.round(p * 1e12) / 1e12)).toEqual([0.03, 0.06, 0.06, 0.02]);
    expect(adjusted.map((p) => p < 0.05)).toEqual([true, false, false, true]);
    // Capped at 1, never below the raw p, NaN left out of the count.
    expect(holmAdjust([0.4, 0.5, Number.NaN])).toEqual([0.8, 0.8, Number.NaN]);
    expect(holmAdjust([])).toEqual([]);
    const raw = [0.001, 0.2, 0.04, 0.9, 0.03];
    holmAdjust(raw).forEach((p, i) => {
      expect(p).toBeGreaterThanOrEqual(raw[i] as number);
      expect(p).toBeLessThanOrEqual(1);
    });
  });
});
