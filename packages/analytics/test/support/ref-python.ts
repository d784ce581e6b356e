/**
 * Runs the independent numpy indicator implementations in test/support/ref_oracle.py (written from
 * each indicator's published definition; see that file's docstring for the sources) with
 * /usr/bin/python3, through the shared python-oracle runner.
 *
 * Usage:
 *   const st = refOracle('supertrend', { high, low, close, period: 10, multiplier: 3 });
 *   st.supertrend; // Float64Array, NaN where the oracle returns null
 */
import { runPythonOracle } from './python-oracle.js';

/** ref_oracle.py relative to the runner's oracle folder (test/oracle). */
const SCRIPT = '../support/ref_oracle.py';

export function refOracle(fn: string, args: Readonly<Record<string, unknown>>): Record<string, Float64Array> {
  const out = runPythonOracle<Record<string, (number | null)[]>>(SCRIPT, { fn, ...args });
  return Object.fromEntries(
    Object.entries(out).map(([k, v]) => [k, Float64Array.from(v, (x) => x ?? Number.NaN)] as const),
  );
}
