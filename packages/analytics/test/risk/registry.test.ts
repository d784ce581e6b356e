import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@bellwether/fixtures';
import { describe, expect, it } from 'vitest';
import { validateParams } from '../../src/registry/validate.js';
import {
  computeRiskMetrics,
  findRiskMetric,
  RISK_METRICS,
  rollingRiskMetric,
  sharpeRatio,
} from '../../src/risk/index.js';

const returns = Float64Array.from({ length: 300 }, (_, i) => Math.sin(i * 0.37) * 0.02 + 0.0005);
const benchmark = Float64Array.from({ length: 300 }, (_, i) => Math.cos(i * 0.21) * 0.015);

describe('risk metric registry', () => {
  it('lists at least 30 metrics with unique snake_case codes and a declared convention', () => {
    expect(RISK_METRICS.length).toBeGreaterThanOrEqual(30);
    const codes = RISK_METRICS.map((m) => m.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const m of RISK_METRICS) {
      expect(m.code).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(m.convention.length).toBeGreaterThan(5);
      expect(m.description.length).toBeGreaterThan(5);
      for (const p of m.params) {
        if (p.type !== 'enum') expect(p.default).toBeGreaterThanOrEqual(p.min);
      }
    }
  });
  it('declares parameters the shared validator accepts at their defaults and range-checks', () => {
    for (const m of RISK_METRICS) expect(validateParams(m.params, {}).ok).toBe(true);
    const v = validateParams(findRiskMetric('var')!.params, { confidence: 1.5, method: 'GAUSSIAN' });
    expect(v.ok).toBe(false);
    expect(validateParams(findRiskMetric('var')!.params, { method: 'Cornish_Fisher' })).toEqual({
      ok: true,
      params: { confidence: 0.95, method: 'cornish_fisher' },
    });
  });
  it('computes benchmark metrics only when a benchmark is given, and throws when forced without one', () => {
    const alone = computeRiskMetrics({ returns });
    const both = computeRiskMetrics({ returns, benchmark });
    expect(alone['beta']).toBeUndefined();
    expect(Number.isFinite(both['beta'])).toBe(true);
    expect(() => findRiskMetric('beta')!.compute({ returns }, {})).toThrow(/benchmark/);
  });
  it('rejects a risk-free series that is not aligned with the returns', () => {
    expect(() => findRiskMetric('sharpe')!.compute({ returns, riskFree: new Float64Array(10) }, {})).toThrow(
      /lengths differ/,
    );
  });
  it('passes parameters through with defaults (periods_per_year changes Sharpe by √ratio)', () => {
    const m = findRiskMetric('sharpe')!;
    expect(m.compute({ returns }, { periods_per_year: 252 })).toBeCloseTo(sharpeRatio(returns), 12);
    expect(m.compute({ returns }, { periods_per_year: 12 })).toBeCloseTo(
      sharpeRatio(returns) * Math.sqrt(12 / 252),
      12,
    );
  });
});

describe('rolling metrics', () => {
  it('are NaN during warm-up and equal the metric on each trailing window', () => {
    const rf = Float64Array.from({ length: 300 }, (_, i) => 0.0001 + i * 1e-7);
    for (const code of ['sharpe', 'max_drawdown', 'beta', 'var']) {
      const out = rollingRiskMetric(code, { returns, benchmark, riskFree: rf }, 60);
      expect(out).toHaveLength(300);
      expect(Number.isNaN(out[58]!)).toBe(true);
      for (const end of [60, 137, 300]) {
        const meta = findRiskMetric(code)!;
        const expected = meta.compute(
          {
            returns: returns.slice(end - 60, end),
            benchmark: benchmark.slice(end - 60, end),
            riskFree: rf.slice(end - 60, end),
          },
          { periods_per_year: 252, confidence: 0.95, method: 'historical' },
        );
        expect(out[end - 1]).toBe(expected);
      }
    }
  });
  it('rejects unknown metrics and bad windows', () => {
    expect(() => rollingRiskMetric('nope', { returns }, 10)).toThrow(/unknown/);
    expect(() => rollingRiskMetric('sharpe', { returns }, 0)).toThrow(/window/);
  });
});

describe('docs/analytics/risk.md', () => {
  it('documents every registered metric code', () => {
    const doc = readFileSync(join(REPO_ROOT, 'docs/analytics/risk.md'), 'utf8');
    const missing = RISK_METRICS.map((m) => m.code).filter((c) => !doc.includes(`\`${c}\``));
    expect(missing).toEqual([]);
  });
});
