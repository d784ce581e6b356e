import { RISK_METRICS, simpleReturns } from '@bellwether/analytics';
import type { OhlcvColumns, ReportInput } from '../report-input.js';
import { section } from './section.js';

const WINDOW = 252;
const CODES = [
  'annual_return',
  'annual_volatility',
  'sharpe',
  'sortino',
  'max_drawdown',
  'var',
  'cvar',
  'beta',
  'correlation',
  'alpha_annualized',
  'tracking_error',
  'up_capture',
  'down_capture',
] as const;

/** Closes of `a` and `b` on the dates both have, over the last `window` + 1 of a's dates. */
export function alignCloses(a: OhlcvColumns, b: OhlcvColumns | undefined, window: number) {
  const start = Math.max(0, a.dates.length - window - 1);
  const byDate = b === undefined ? undefined : new Map(b.dates.map((d, i) => [d, b.close[i] as number]));
  const ca: number[] = [];
  const cb: number[] = [];
  for (let i = start; i < a.dates.length; i++) {
    const v = byDate?.get(a.dates[i] as string);
    if (byDate !== undefined && v === undefined) continue;
    ca.push(a.close[i] as number);
    if (v !== undefined) cb.push(v);
  }
  return { a: Float64Array.from(ca), b: b === undefined ? undefined : Float64Array.from(cb) };
}

/** A year of risk metrics, benchmark-relative ones against the benchmark when there is one. */
export function riskSection(input: ReportInput) {
  const closes = alignCloses(input.series, input.benchmark, WINDOW);
  const returns = simpleReturns(closes.a).subarray(1);
  const bench = closes.b === undefined ? undefined : simpleReturns(closes.b).subarray(1);
  const metrics = CODES.map((code) => {
    const m = RISK_METRICS.find((x) => x.code === code);
    if (m === undefined) throw new Error(`risk metric ${code} is not in the catalogue`);
    const params = Object.fromEntries(m.params.map((p) => [p.name, p.default]));
    const missing = m.requiresBenchmark && bench === undefined;
    const value = missing
      ? Number.NaN
      : m.compute({ returns, ...(bench === undefined ? {} : { benchmark: bench }), riskFree: 0 }, params);
    return {
      code,
      name: m.name,
      unit: m.unit,
      value: Number.isFinite(value) ? value : null,
      ...(Number.isFinite(value)
        ? {}
        : {
            reason: missing
              ? `no benchmark (${input.benchmark_choice?.detail ?? 'none in the universe'})`
              : 'undefined for these returns',
          }),
    };
  });
  const get = (c: string) => metrics.find((m) => m.code === c)?.value ?? null;
  const vol = get('annual_volatility');
  const dd = get('max_drawdown');
  const beta = get('beta');
  const narrative =
    `Over ${returns.length} daily returns, annualised volatility is ${vol === null ? 'undefined' : `${(vol * 100).toFixed(1)} %`}` +
    ` and the worst drawdown ${dd === null ? 'undefined' : `${(Math.abs(dd) * 100).toFixed(1)} %`}` +
    (beta === null || input.benchmark === undefined
      ? '; no benchmark-relative figures (no benchmark).'
      : `; beta to ${input.benchmark.ticker} is ${beta.toFixed(2)}.`);
  return section(
    input,
    {
      window_bars: WINDOW,
      benchmark: input.benchmark?.ticker ?? null,
      ...(input.benchmark_choice === undefined ? {} : { benchmark_choice: input.benchmark_choice }),
      returns: 'simple, close to close',
      risk_free: 0,
      periods_per_year: 252,
    },
    { observations: returns.length, metrics },
    narrative,
  );
}
