import type { ReportInput } from '../report-input.js';
import { price, section } from './section.js';

const SCENARIO_HORIZONS = [5, 21, 63] as const;
const PATHS = 2000;
const SAMPLE_BARS = 756;
const QUANTILES = [0.05, 0.25, 0.5, 0.75, 0.95] as const;

/** mulberry32: a small, fast, seedable generator — the same seed draws the same paths. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function quantile(sorted: Float64Array, q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (pos - lo);
}

/**
 * Price ranges by bootstrap: daily log returns of the last three years drawn with replacement (seeded),
 * summed over each horizon; quantiles of the resulting prices. History's distribution, not a forecast.
 */
export function scenariosSection(input: ReportInput) {
  const close = input.series.close;
  const n = close.length;
  const start = Math.max(1, n - SAMPLE_BARS);
  const returns = new Float64Array(n - start);
  for (let i = start; i < n; i++)
    returns[i - start] = Math.log((close[i] as number) / (close[i - 1] as number));
  const rand = seededRandom(input.seed);
  const last = close[n - 1] as number;
  const maxH = SCENARIO_HORIZONS[SCENARIO_HORIZONS.length - 1] as number;
  const atHorizon = SCENARIO_HORIZONS.map(() => new Float64Array(PATHS));
  for (let p = 0; p < PATHS; p++) {
    let sum = 0;
    let h = 0;
    for (let d = 1; d <= maxH; d++) {
      sum += returns[Math.floor(rand() * returns.length)] as number;
      if (d === SCENARIO_HORIZONS[h]) {
        (atHorizon[h] as Float64Array)[p] = last * Math.exp(sum);
        h++;
      }
    }
  }
  const horizons = SCENARIO_HORIZONS.map((bars, i) => {
    const sorted = (atHorizon[i] as Float64Array).sort();
    let up = 0;
    for (const x of sorted) if (x > last) up++;
    return {
      bars,
      quantiles: Object.fromEntries(QUANTILES.map((q) => [`p${Math.round(q * 100)}`, quantile(sorted, q)])),
      probability_above_last: up / PATHS,
    };
  });
  const m = horizons[1] as (typeof horizons)[number];
  const narrative =
    `Resampling ${returns.length} daily returns, 90 % of ${PATHS} paths end ${m.bars} sessions out between ` +
    `${price(m.quantiles.p5 as number)} and ${price(m.quantiles.p95 as number)} (median ${price(m.quantiles.p50 as number)}, last ${price(last)}). ` +
    'A range from history, not a forecast.';
  return section(
    input,
    {
      method: 'iid bootstrap of daily log returns',
      paths: PATHS,
      sample_bars: returns.length,
      seed: input.seed,
    },
    { last_close: last, horizons },
    narrative,
  );
}
