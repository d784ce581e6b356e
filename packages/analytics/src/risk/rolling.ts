import type { ParamValues } from '../registry/types.js';
import { findRiskMetric, type RiskMetricInput, type RiskMetricMeta, riskMetricParams } from './registry.js';

/**
 * Any registered metric over a trailing window of `window` periods. Output has the input length;
 * index t holds the metric of periods t − window + 1 … t, NaN while t < window − 1.
 */
export function rollingRiskMetric(
  metric: RiskMetricMeta | string,
  input: RiskMetricInput,
  window: number,
  params: ParamValues = {},
): Float64Array {
  const meta = typeof metric === 'string' ? findRiskMetric(metric) : metric;
  if (meta === undefined) throw new RangeError(`unknown risk metric: ${String(metric)}`);
  if (!Number.isInteger(window) || window < 1) throw new RangeError('window must be a positive integer');
  const n = input.returns.length;
  const out = new Float64Array(n).fill(Number.NaN);
  const full = riskMetricParams(meta, params);
  for (let end = window; end <= n; end++) {
    const start = end - window;
    const slice: RiskMetricInput = {
      returns: input.returns.subarray(start, end),
      ...(input.benchmark === undefined ? {} : { benchmark: input.benchmark.subarray(start, end) }),
      ...(input.riskFree === undefined
        ? {}
        : {
            riskFree:
              typeof input.riskFree === 'number' ? input.riskFree : input.riskFree.subarray(start, end),
          }),
    };
    out[end - 1] = meta.compute(slice, full);
  }
  return out;
}
