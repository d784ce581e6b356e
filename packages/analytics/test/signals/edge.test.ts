/**
 * The pieces of issue #25's edge measurement, by their properties: costs in R, the null model's matched
 * levels and draws, the block bootstrap, expected R, and the one trend classifier.
 */
import { describe, expect, it } from 'vitest';
import {
  blockBootstrapMean,
  type CardLevels,
  cardCostR,
  evaluateOutcome,
  fitExpectedR,
  matchedLevels,
  meanTrueRange,
  NULL_DRAWS,
  nullOutcomes,
  PRIOR_MODEL,
  predictExpectedR,
  prepareScan,
  type ResolvedCandidate,
  resolvedHistory,
  riskReward,
  selectCards,
  summariseNull,
  type TrendRegime,
  tradeCostR,
  trendRegime,
  trendStrength,
} from '../../src/index.js';
import { randomWalkBars } from './pooksoft-bars.js';

const long: CardLevels = {
  direction: 'long',
  entry_zone: { low: 99, high: 100 },
  stop: 95,
  t1: 110,
  t2: 120,
};

describe('costs in R', () => {
  it('charges the basis points on the entry both ways, per unit of planned risk, whatever the price scale', () => {
    expect(tradeCostR(100, 5, 5)).toBeCloseTo((2 * 5 * 100) / 10_000 / 5, 15);
    expect(tradeCostR(1000, 50, 5)).toBeCloseTo(tradeCostR(100, 5, 5), 15);
    // A stop twice as tight costs twice the R.
    expect(tradeCostR(100, 2.5, 5)).toBeCloseTo(2 * tradeCostR(100, 5, 5), 15);
    expect(tradeCostR(100, 5, 0)).toBe(0);
    expect(tradeCostR(100, 0, 5)).toBe(0);
    // A card's cost: at its zone's far edge, over the distance to its stop; a mirrored short costs the same.
    expect(cardCostR(long, 5)).toBeCloseTo(tradeCostR(100, 5, 5), 15);
    const short: CardLevels = {
      direction: 'short',
      entry_zone: { low: 100, high: 101 },
      stop: 105,
      t1: 90,
      t2: 80,
    };
    expect(cardCostR(short, 5)).toBeCloseTo(cardCostR(long, 5), 15);
  });
});

describe('the null model', () => {
  it('moves levels to another ticker in ATR units, keeping their order and the R to each target', () => {
    for (const [close, range] of [
      [50, 1],
      [400, 12],
      [8, 0.3],
    ] as const) {
      const moved = matchedLevels(long, { close: 100, range: 2 }, { close, range }) as CardLevels;
      const a = riskReward(long);
      const b = riskReward(moved);
      expect(b.t1).toBeCloseTo(a.t1, 12);
      expect(b.t2).toBeCloseTo(a.t2, 12);
      expect(moved.stop).toBeLessThan(moved.entry_zone.low);
      expect(moved.t2).toBeGreaterThan(moved.t1);
      expect((moved.entry_zone.high - close) / range).toBeCloseTo((100 - 100) / 2, 12);
      expect((moved.stop - close) / range).toBeCloseTo((95 - 100) / 2, 12);
    }
    // A level that would not be a positive price: no copy.
    expect(matchedLevels(long, { close: 100, range: 1 }, { close: 3, range: 1 })).toBeUndefined();
  });

  it('draws 20 copies from the other tickers, seeded, and a copy on identical bars does what the card did', () => {
    const bars = randomWalkBars(400, 7);
    // Bar 301: the entry order rests at the last close (the zone holds it), and this walk trades back
    // down to it, so the card fills (from bar 300 it rises straight away and the limit is never met).
    const t = 301;
    const c = bars.close[t] as number;
    const range = meanTrueRange(bars, t);
    expect(range).toBeGreaterThan(0);
    const levels: CardLevels = {
      direction: 'long',
      entry_zone: { low: c - 0.5 * range, high: c + 0.25 * range },
      stop: c - 2 * range,
      t1: c + 3 * range,
      t2: c + 6 * range,
    };
    const card = { ticker: 'CARD', bars, t };
    // Every other ticker trades exactly like the card's: each copy is the card itself.
    const twins = ['A', 'B', 'C'].map((ticker) => ({ ticker, bars, t }));
    const draws = nullOutcomes(levels, card, [card, ...twins], 10, 'crd_x');
    expect(draws).toHaveLength(NULL_DRAWS);
    expect(new Set(draws.map((d) => d.ticker)).has('CARD')).toBe(false);
    const own = evaluateOutcome(levels, bars, t + 1, 10);
    for (const d of draws) {
      expect(d.status).toBe(own.status);
      expect(d.r_multiple).toBeCloseTo(own.r_multiple as number, 9);
    }
    // Seeded: the same card meets the same draws; another seed, other draws.
    const others = [1, 2, 3, 4, 5, 6].map((k) => ({
      ticker: `T${k}`,
      bars: randomWalkBars(400, 100 + k),
      t,
    }));
    const a = nullOutcomes(levels, card, others, 10, 'crd_x').map((d) => d.ticker);
    expect(nullOutcomes(levels, card, others, 10, 'crd_x').map((d) => d.ticker)).toEqual(a);
    expect(nullOutcomes(levels, card, others, 10, 'crd_y').map((d) => d.ticker)).not.toEqual(a);

    const summary = summariseNull(draws, 5);
    expect(summary).toMatchObject({ draws: 20 });
    expect(own.t1_before_stop).not.toBeNull();
    expect(summary.filled).toBe(20);
    expect(summary.t1_rate).toBe(own.t1_before_stop ? 1 : 0);
    expect(summary.average_r_net).toBeCloseTo((own.r_multiple as number) - cardCostR(levels, 5), 9);
  });
});

describe('the block bootstrap', () => {
  it('gives the mean inside its interval, is seeded, and narrows with more blocks', () => {
    const values = (blocks: number) =>
      Array.from({ length: blocks * 10 }, (_, i) => ({
        block: Math.floor(i / 10),
        value: Math.sin(i * 12.9898),
      }));
    const a = blockBootstrapMean(values(20)) as NonNullable<ReturnType<typeof blockBootstrapMean>>;
    expect(a.low).toBeLessThanOrEqual(a.mean);
    expect(a.high).toBeGreaterThanOrEqual(a.mean);
    expect(a.blocks).toBe(20);
    expect(blockBootstrapMean(values(20))).toEqual(a);
    const b = blockBootstrapMean(values(200)) as NonNullable<ReturnType<typeof blockBootstrapMean>>;
    expect(b.high - b.low).toBeLessThan((a.high - a.low) / 2);
    // Constant values: nothing to be unsure of.
    expect(blockBootstrapMean([1, 2, 3].map((block) => ({ block, value: 0.25 })))).toMatchObject({
      mean: 0.25,
      low: 0.25,
      high: 0.25,
    });
    expect(blockBootstrapMean([])).toBeUndefined();
  });

  it('is wider than an independent bootstrap when cards within a block move together', () => {
    // Ten identical values per block: the block is the unit of evidence, not the card.
    const clustered = Array.from({ length: 300 }, (_, i) => ({
      block: Math.floor(i / 10),
      value: Math.sin(Math.floor(i / 10) * 7.1),
    }));
    const asIfIndependent = clustered.map((v, i) => ({ ...v, block: i }));
    const c = blockBootstrapMean(clustered) as NonNullable<ReturnType<typeof blockBootstrapMean>>;
    const i = blockBootstrapMean(asIfIndependent) as NonNullable<ReturnType<typeof blockBootstrapMean>>;
    expect(c.high - c.low).toBeGreaterThan(2 * (i.high - i.low));
  });
});

describe('expected R', () => {
  const history: ResolvedCandidate[] = Array.from({ length: 6 }, (_, k) =>
    resolvedHistory(prepareScan(randomWalkBars(1500, 11 + k))),
  ).flat();

  it('is the mean realised R when the features say nothing more, minus the card’s own cost', () => {
    expect(history.length).toBeGreaterThan(50);
    const constant = history.map((h) => ({
      ...h,
      outcome: { ...h.outcome, r_multiple: h.outcome.r_multiple === null ? null : 0.3 },
    }));
    const model = fitExpectedR(constant);
    for (const h of constant.slice(0, 20)) {
      const cost = cardCostR(h.candidate.levels, 5);
      expect(predictExpectedR(model, h.candidate, 5)).toBeCloseTo(0.3 - cost, 6);
      expect(predictExpectedR(model, h.candidate, 0)).toBeCloseTo(0.3, 6);
    }
  });

  it('learns a feature that predicts the result, and without outcomes expects nothing', () => {
    // Shorts realise 0.5 R less than longs: the model must see it.
    const biased = history.map((h) => ({
      ...h,
      outcome: {
        ...h.outcome,
        r_multiple: h.outcome.r_multiple === null ? null : h.candidate.direction === 'short' ? -0.25 : 0.25,
      },
    }));
    const model = fitExpectedR(biased, 1);
    const longs = biased.filter((h) => h.candidate.direction === 'long').slice(0, 10);
    const shorts = biased.filter((h) => h.candidate.direction === 'short').slice(0, 10);
    expect(longs.length).toBeGreaterThan(0);
    expect(shorts.length).toBeGreaterThan(0);
    for (const h of longs) expect(predictExpectedR(model, h.candidate, 0)).toBeCloseTo(0.25, 2);
    for (const h of shorts) expect(predictExpectedR(model, h.candidate, 0)).toBeCloseTo(-0.25, 2);
    expect(predictExpectedR(fitExpectedR([]), (history[0] as ResolvedCandidate).candidate, 0)).toBe(0);
  });
});

describe('the trend classifier', () => {
  const base = { close: 110, sma200: 100, sma200Before: 98, ema20: 108, ema50: 105 };
  it('needs all three horizons to agree for a trend; ADX only qualifies it', () => {
    expect(trendRegime(base)).toBe('uptrend');
    expect(trendRegime({ close: 90, sma200: 100, sma200Before: 102, ema20: 92, ema50: 95 })).toBe(
      'downtrend',
    );
    expect(trendRegime({ ...base, sma200Before: 101 })).toBe('range');
    expect(trendRegime({ ...base, ema20: 104 })).toBe('range');
    expect(trendRegime({ ...base, close: 99 })).toBe('range');
    expect(trendRegime({ ...base, sma200Before: Number.NaN })).toBe('range');
    expect([trendStrength(27.9), trendStrength(20), trendStrength(19.9)]).toEqual([
      'strong',
      'moderate',
      'weak',
    ]);
  });
});

describe('the market filter', () => {
  const candidates = resolvedHistory(prepareScan(randomWalkBars(1500, 3)))
    .map((h, i) => ({ ticker: `T${i}`, candidate: h.candidate }))
    .slice(0, 60);
  const models = { conviction: PRIOR_MODEL, expectedR: fitExpectedR([]) };
  const rules = {
    perSession: 100,
    ranking: 'edge' as const,
    minExpectedR: -5,
    costBps: 0,
    marketFilter: true,
  };
  const directions = (market?: TrendRegime, marketFilter = true) =>
    new Set(
      selectCards(candidates, models, { ...rules, marketFilter }, market).cards.map(
        (c) => c.candidate.direction,
      ),
    );

  it('keeps shorts for a falling market and longs for any other; without a benchmark or when off, both', () => {
    expect(new Set(candidates.map((c) => c.candidate.direction))).toEqual(new Set(['long', 'short']));
    expect(directions('uptrend')).toEqual(new Set(['long']));
    expect(directions('range')).toEqual(new Set(['long']));
    expect(directions('downtrend')).toEqual(new Set(['short']));
    expect(directions(undefined)).toEqual(new Set(['long', 'short']));
    expect(directions('uptrend', false)).toEqual(new Set(['long', 'short']));
    const s = selectCards(candidates, models, rules, 'uptrend');
    expect(s.against_market).toBe(candidates.filter((c) => c.candidate.direction === 'short').length);
  });
});

describe('expected R on imperfect data', () => {
  it('leaves out a sample whose result or inputs are not finite instead of predicting NaN for every card', () => {
    const history = resolvedHistory(prepareScan(randomWalkBars(1500, 5))).filter(
      (h) => h.outcome.r_multiple !== null,
    );
    const [first, ...rest] = history as [ResolvedCandidate, ...ResolvedCandidate[]];
    const poisoned = [{ ...first, outcome: { ...first.outcome, r_multiple: Number.NaN } }, ...rest];
    const model = fitExpectedR(poisoned);
    expect(model.beta.every(Number.isFinite)).toBe(true);
    expect(model.samples).toBe(rest.length);
    expect(Number.isFinite(predictExpectedR(model, first.candidate, 5))).toBe(true);
  });
});
