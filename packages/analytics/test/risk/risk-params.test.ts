import { describe, expect, it } from 'vitest';
import {
  computeRiskMetrics,
  findIndicator,
  RISK_METRICS,
  RISK_PARAMS,
  validateParams,
} from '../../src/index.js';

const returns = Float64Array.from({ length: 60 }, (_, i) => Math.sin(i) / 100);

describe('risk metric parameters follow the catalogue contract', () => {
  it('RISK_PARAMS holds every parameter a metric declares, once, with the same spec', () => {
    const names = RISK_METRICS.flatMap((m) => m.params.map((p) => p.name));
    expect(RISK_PARAMS.map((p) => p.name).sort()).toEqual([...new Set(names)].sort());
    for (const m of RISK_METRICS)
      for (const p of m.params) expect(RISK_PARAMS.find((x) => x.name === p.name)).toEqual(p);
  });

  it('rejects unknown names and out-of-range values the way indicator parameters are rejected', () => {
    expect(() => computeRiskMetrics({ returns }, { confidense: 0.9 })).toThrow(
      /confidense: unknown parameter/,
    );
    expect(() => computeRiskMetrics({ returns }, { confidence: 1.5 })).toThrow(/confidence/);
    expect(() => computeRiskMetrics({ returns }, { method: 'monte_carlo' })).toThrow(/method/);
    // The same words as the indicator registry uses for the same mistakes.
    const rsi = findIndicator('rsi');
    const indicator = validateParams(rsi?.params ?? [], { peroid: 14 });
    expect(indicator.ok).toBe(false);
    if (!indicator.ok) expect(indicator.errors[0]?.message).toMatch(/^unknown parameter/);
    // A parameter some metric of the set takes is fine, and computing with it is deterministic.
    const a = computeRiskMetrics({ returns }, { confidence: 0.99, method: 'gaussian' });
    expect(a.var).toBe(computeRiskMetrics({ returns }, { confidence: 0.99, method: 'gaussian' }).var);
    // Names only other metrics take are rejected for a subset that takes none of them.
    const sharpe = RISK_METRICS.filter((m) => m.code === 'sharpe');
    expect(() => computeRiskMetrics({ returns }, { confidence: 0.9 }, sharpe)).toThrow(/unknown parameter/);
  });
});
