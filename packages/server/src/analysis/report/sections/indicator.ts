import { computeIndicator } from '@bellwether/analytics';
import type { OhlcvColumns } from '../report-input.js';

/** One indicator's output columns on a ticker's bars (codes and parameters as the catalogue names them). */
export function indicator(
  s: OhlcvColumns,
  code: string,
  params: Readonly<Record<string, unknown>> = {},
): Readonly<Record<string, Float64Array>> {
  const r = computeIndicator(
    code,
    { open: s.open, high: s.high, low: s.low, close: s.close, volume: s.volume },
    params,
  );
  if (!r.ok) throw new Error(`report indicator ${code}: ${r.errors.map((e) => e.message).join('; ')}`);
  return r.outputs as Readonly<Record<string, Float64Array>>;
}
