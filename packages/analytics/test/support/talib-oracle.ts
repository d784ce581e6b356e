/**
 * TA-Lib (C, through the `talib` npm package 1.1.6) as a dev-only differential oracle.
 *
 * Usage:
 *   const out = talib('RSI', { inReal: close }, { optInTimePeriod: 14 });
 *   out.outReal; // Float64Array, input length, NaN before TA-Lib's begIndex
 *   const st = talib('STOCH', { high, low, close }, { optInFastK_Period: 5, ... });
 *   st.outSlowK; st.outSlowD;
 *
 * Input keys are TA-Lib's own: `inReal` (or `inReal0`/`inReal1`) for real inputs, `open`/`high`/`low`/
 * `close`/`volume` for price inputs (`talibInfo(name)` lists them). Typed arrays are converted to plain
 * arrays here because the binding reads Float64Array input as garbage. Options not given take TA-Lib's
 * defaults. Throws if TA-Lib reports an error.
 */
import { createRequire } from 'node:module';

interface TalibExplain {
  name: string;
  inputs: { name: string; type: string; flags?: Record<string, string> }[];
  optInputs: { name: string; defaultValue: number }[];
  outputs: { name: string }[];
}
interface TalibModule {
  version: string;
  explain(name: string): TalibExplain;
  execute(spec: Record<string, unknown>): {
    error?: string;
    begIndex: number;
    nbElement: number;
    result: Record<string, number[]>;
  };
}

const require = createRequire(import.meta.url);
const binding = require('talib') as TalibModule;

/** The TA-Lib C library version behind the binding (for provenance in test names). */
export const TALIB_VERSION: string = binding.version;

/** TA-Lib's own description of a function: inputs, optional inputs with defaults, outputs. */
function talibInfo(name: string): TalibExplain {
  return binding.explain(name.toUpperCase());
}

/** Calls TA-Lib function `name` over whole arrays; outputs aligned to the input length. */
export function talib(
  name: string,
  inputs: Readonly<Record<string, ArrayLike<number>>>,
  options: Readonly<Record<string, number>> = {},
): Record<string, Float64Array> {
  const info = talibInfo(name);
  const spec: Record<string, unknown> = { name: info.name, startIdx: 0 };
  let length = -1;
  for (const [key, values] of Object.entries(inputs)) {
    spec[key] = Array.from(values);
    length = values.length;
  }
  if (length < 0) throw new Error(`talib(${name}): no inputs`);
  spec['endIdx'] = length - 1;
  for (const opt of info.optInputs) spec[opt.name] = options[opt.name] ?? opt.defaultValue;
  for (const key of Object.keys(options)) {
    if (!info.optInputs.some((o) => o.name === key)) throw new Error(`talib(${name}): unknown option ${key}`);
  }
  const res = binding.execute(spec);
  if (res.error !== undefined) throw new Error(`talib(${name}): ${res.error}`);
  const out: Record<string, Float64Array> = {};
  for (const o of info.outputs) {
    const aligned = new Float64Array(length).fill(Number.NaN);
    const values = res.result[o.name] ?? [];
    for (let i = 0; i < res.nbElement; i++) aligned[res.begIndex + i] = values[i]!;
    out[o.name] = aligned;
  }
  return out;
}

export interface SeriesComparison {
  /** True when every compared bar is within tolerance and NaN positions agree. */
  readonly ok: boolean;
  /** Largest |a-b| / max(|b|, absFloor) seen over compared bars. */
  readonly maxRelError: number;
  /** First failing index, or -1. */
  readonly firstBad: number;
  readonly detail: string;
}

/**
 * Compares `actual` with `expected` from index `from`: both NaN at the same bars, otherwise
 * |a-b| <= relTol * max(|b|, absFloor). `absFloor` (default 1) keeps values near zero from
 * turning rounding noise into huge relative errors.
 */
export function compareSeries(
  actual: ArrayLike<number>,
  expected: ArrayLike<number>,
  opts: { from?: number; relTol: number; absFloor?: number },
): SeriesComparison {
  const from = opts.from ?? 0;
  const floor = opts.absFloor ?? 1;
  let maxRel = 0;
  if (actual.length !== expected.length) {
    return { ok: false, maxRelError: Number.NaN, firstBad: 0, detail: 'length mismatch' };
  }
  for (let i = from; i < expected.length; i++) {
    const a = actual[i]!;
    const b = expected[i]!;
    if (Number.isNaN(a) || Number.isNaN(b)) {
      if (Number.isNaN(a) !== Number.isNaN(b)) {
        return {
          ok: false,
          maxRelError: maxRel,
          firstBad: i,
          detail: `bar ${i}: actual ${a}, expected ${b}`,
        };
      }
      continue;
    }
    const rel = Math.abs(a - b) / Math.max(Math.abs(b), floor);
    if (rel > maxRel) maxRel = rel;
    if (rel > opts.relTol) {
      return { ok: false, maxRelError: rel, firstBad: i, detail: `bar ${i}: actual ${a}, expected ${b}` };
    }
  }
  return { ok: true, maxRelError: maxRel, firstBad: -1, detail: `max relative error ${maxRel}` };
}
