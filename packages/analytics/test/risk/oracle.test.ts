/**
 * Differential test against an independent numpy/scipy implementation (test/oracle/risk_metrics.py,
 * numpy 1.24 / scipy 1.10) on real data: daily returns from Pooksoft
 * `adjusted_close` for the 70 tickers (1999-11 … 2015-12), SPY closes as the benchmark and the
 * 3-month Treasury yield (zipline treasury_curves.csv) as a per-day risk-free series; then 20 tickers
 * over the last 500 days with a constant rf, 95 % confidence and 260 periods a year.
 * The oracle's results are golden values (test/golden/python/risk-metrics.gen.json, every metric of
 * every ticker, with the versions and the SHA-256 of the inputs; regenerate with `npm run
 * golden:python -w packages/analytics`); this test runs no Python.
 * Tolerance: 1e-9 relative (1e-12 absolute floor); 1e-7 for the normal-quantile methods (our
 * Φ⁻¹ is Acklam's, relative error < 1.2e-9); indices and lengths exactly.
 */

import { describe, expect, it } from 'vitest';
import { computeRiskMetrics } from '../../src/risk/index.js';
import { golden, type OracleCase } from '../golden/python-golden.js';
import { type RiskOracleInput, riskCases, riskPanel } from '../golden/python-inputs.js';

type OracleRow = Record<string, number | null>;

const EXACT = new Set([
  'max_drawdown_peak',
  'max_drawdown_trough',
  'max_drawdown_recovery',
  'max_drawdown_decline',
  'max_drawdown_duration',
]);

function close(actual: number, expected: number | null | undefined, rel: number): boolean {
  if (expected === null || expected === undefined) return Number.isNaN(actual);
  return Math.abs(actual - expected) <= Math.max(1e-12, rel * Math.abs(expected));
}

describe('risk metrics agree with numpy/scipy on 70 real tickers', () => {
  const panel = riskPanel();
  const cases = riskCases(panel);

  function compare(c: OracleCase<RiskOracleInput>): { mismatches: string[]; compared: number } {
    const { series, benchmark, risk_free: riskFree, ...params } = c.input;
    const oracle = golden<OracleRow[]>(c);
    expect(oracle).toHaveLength(series.length);
    const mismatches: string[] = [];
    let compared = 0;
    series.forEach((returns, k) => {
      const input = { returns, benchmark, riskFree };
      const withMethods: Record<string, number> = { ...computeRiskMetrics(input, params) };
      for (const method of ['historical', 'gaussian', 'cornish_fisher'] as const) {
        const v = computeRiskMetrics(input, { ...params, method });
        withMethods[`var_${method}`] = v['var']!;
        withMethods[`cvar_${method}`] = v['cvar']!;
      }
      for (const [code, expected] of Object.entries(oracle[k]!)) {
        const actual = withMethods[code];
        if (actual === undefined) {
          mismatches.push(`${code}: missing`);
          continue;
        }
        const rel = EXACT.has(code) ? 0 : /gaussian|cornish/.test(code) ? 1e-7 : 1e-9;
        compared++;
        if (!close(actual, expected, rel)) {
          mismatches.push(`${panel.tickers[k]} ${code}: ours ${actual}, oracle ${expected}`);
        }
      }
    });
    return { mismatches, compared };
  }

  it('uses the full 16-year panel', () => {
    expect(panel.returns).toHaveLength(70);
    expect(panel.dates.length).toBeGreaterThan(4000);
  });

  it('matches every metric of every ticker (Treasury rf series, 99 %, P = 252)', () => {
    const { mismatches, compared } = compare(cases.full);
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(70 * 38);
  });

  it('matches on the last 500 days with a constant rf, 95 % and P = 260', () => {
    const { series } = cases.tail.input;
    expect(series).toHaveLength(20);
    expect(series.every((r) => r.length === 500)).toBe(true);
    const { mismatches, compared } = compare(cases.tail);
    expect(compared).toBeGreaterThan(20 * 38);
    expect(mismatches).toEqual([]);
  });
});
