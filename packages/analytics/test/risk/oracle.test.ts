/**
 * Differential test against an independent numpy/scipy implementation (test/oracle/risk_metrics.py,
 * /usr/bin/python3, numpy 1.24 / scipy 1.10) on real data: daily returns from Pooksoft
 * `adjusted_close` for the 70 tickers (1999-11 … 2015-12), SPY closes as the benchmark and the
 * 3-month Treasury yield (zipline treasury_curves.csv) as a per-day risk-free series; then 20 tickers
 * over the last 500 days with a constant rf, 95 % confidence and 260 periods a year.
 * Tolerance: 1e-9 relative (1e-12 absolute floor); 1e-7 for the normal-quantile methods (our
 * Φ⁻¹ is Acklam's, relative error < 1.2e-9); indices and lengths exactly.
 */

import { marketPanel, pooksoftTickers } from '@bellwether/fixtures';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeRiskMetrics } from '../../src/risk/index.js';
import { requirePython, runPythonOracle } from '../support/python-oracle.js';

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
  beforeAll(() => requirePython('numpy', 'scipy'));
  const panel = marketPanel(pooksoftTickers());

  function compare(
    series: readonly Float64Array[],
    benchmark: Float64Array,
    riskFree: number | Float64Array,
    params: { confidence: number; periods_per_year: number },
  ): { mismatches: string[]; compared: number } {
    const oracle = runPythonOracle<OracleRow[]>('risk_metrics.py', {
      series,
      benchmark,
      risk_free: riskFree,
      ...params,
    });
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
    const { mismatches, compared } = compare(panel.returns, panel.benchmark, panel.riskFree, {
      confidence: 0.99,
      periods_per_year: 252,
    });
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(70 * 38);
  });

  it('matches on the last 500 days with a constant rf, 95 % and P = 260', () => {
    const tail = (x: Float64Array) => x.slice(x.length - 500);
    const { mismatches, compared } = compare(
      panel.returns.slice(0, 20).map(tail),
      tail(panel.benchmark),
      0.0001,
      {
        confidence: 0.95,
        periods_per_year: 260,
      },
    );
    expect(compared).toBeGreaterThan(20 * 38);
    expect(mismatches).toEqual([]);
  });
});
