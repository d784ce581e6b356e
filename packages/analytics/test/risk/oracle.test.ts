/**
 * Differential test against an independent numpy/scipy implementation (test/oracle/risk_metrics.py,
 * /usr/bin/python3, numpy 1.24 / scipy 1.10) on real data: daily returns from Pooksoft
 * `adjusted_close` for the 70 tickers (1999-11 … 2015-12), SPY closes as the benchmark and the
 * 3-month Treasury yield (zipline treasury_curves.csv) as a per-day risk-free series.
 * Tolerance: 1e-9 relative (1e-12 absolute floor); 1e-7 for the normal-quantile methods (our
 * Φ⁻¹ is Acklam's, relative error < 1.2e-9); indices and lengths exactly.
 */
import { describe, expect, it } from 'vitest';
import { computeRiskMetrics } from '../../src/risk/index.js';
import { pythonHas, runPythonOracle } from '../support/python-oracle.js';
import { marketPanel, pooksoftTickers } from './market-data.js';

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

describe.skipIf(!pythonHas('numpy', 'scipy'))(
  'risk metrics agree with numpy/scipy on 70 real tickers',
  () => {
    const panel = marketPanel(pooksoftTickers());
    const confidence = 0.99;
    const oracle = runPythonOracle<OracleRow[]>('risk_metrics.py', {
      series: panel.returns,
      benchmark: panel.benchmark,
      risk_free: panel.riskFree,
      periods_per_year: 252,
      confidence,
    });

    it('uses the full 16-year panel', () => {
      expect(panel.returns).toHaveLength(70);
      expect(panel.dates.length).toBeGreaterThan(4000);
    });

    it('matches every metric of every ticker', () => {
      const mismatches: string[] = [];
      let compared = 0;
      panel.returns.forEach((returns, k) => {
        const input = { returns, benchmark: panel.benchmark, riskFree: panel.riskFree };
        const ours = computeRiskMetrics(input, { confidence });
        const withMethods: Record<string, number> = { ...ours };
        for (const method of ['historical', 'gaussian', 'cornish_fisher'] as const) {
          const v = computeRiskMetrics(input, { confidence, method });
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
      expect(mismatches).toEqual([]);
      expect(compared).toBeGreaterThan(70 * 38);
    });
  },
);
