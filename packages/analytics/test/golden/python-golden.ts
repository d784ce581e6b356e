/**
 * Reads the numpy/scipy reference values committed under test/golden/python/ (written by
 * test/oracle/generate-python-goldens.ts, the only code that runs Python). A test names the case it
 * needs with the exact input the oracle was given (test/golden/python-inputs.ts builds both sides'
 * inputs), and the reader refuses a golden computed from other inputs, so the committed values can
 * never silently drift from the data the test reads.
 *
 * Usage:
 *   const ref = sampledGolden(supertrendCase(label, bars, 10, 3)); // { at, series(name) }
 *   compareAt(ours.supertrend, ref.at, ref.series('supertrend'), { relTol: 1e-9 });
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareSeries, type SeriesComparison } from '../support/talib-oracle.js';

/** The command that rewrites every golden file (needs /usr/bin/python3 with numpy and scipy). */
export const REGENERATE = 'npm run golden:python -w packages/analytics';

/** Folder of the golden files (packages/analytics/test/golden/python). */
const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), 'python');

/** One oracle call: which golden file holds it, under which name, and the exact input it was given. */
export interface OracleCase<I = unknown> {
  /** Golden file name without `.gen.json`. */
  readonly golden: string;
  readonly name: string;
  readonly input: I;
  /**
   * Bars whose values are stored, when the input is a real data series (test/golden/python-inputs.ts
   * `samplePositions`); absent when the whole output is stored.
   */
  readonly at?: readonly number[];
}

/** What the golden file stores for one case. */
export interface GoldenCase {
  readonly inputs_sha256: string;
  readonly at?: number[];
  readonly output: unknown;
}

function replacer(_key: string, value: unknown): unknown {
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    return Array.from(value as unknown as ArrayLike<number>, (v) => (Number.isFinite(v) ? v : null));
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}

/** The JSON an oracle script reads on stdin: typed arrays become arrays, non-finite numbers null. */
export function oracleStdin(input: unknown): string {
  return JSON.stringify(input, replacer);
}

/** SHA-256 (hex) of the oracle's stdin for `input`: the fingerprint each golden case stores. */
export function inputsSha256(input: unknown): string {
  return createHash('sha256').update(oracleStdin(input)).digest('hex');
}

export function goldenPath(golden: string): string {
  return join(GOLDEN_DIR, `${golden}.gen.json`);
}

function stale(c: OracleCase, why: string): Error {
  return new Error(`${c.golden}.gen.json, case "${c.name}": ${why}; regenerate with ${REGENERATE}`);
}

/**
 * The stored output of `c`. Throws (naming the regenerate command) when the file or case is missing,
 * when the case was computed from an input whose SHA-256 differs from `c.input`'s, or when its sampled
 * bars are not `c.at`.
 */
function goldenCase(c: OracleCase): GoldenCase {
  let file: { cases?: Record<string, GoldenCase> };
  try {
    file = JSON.parse(readFileSync(goldenPath(c.golden), 'utf8')) as typeof file;
  } catch (e) {
    throw stale(c, `cannot read the golden file (${(e as Error).message})`);
  }
  const stored = file.cases?.[c.name];
  if (stored === undefined) throw stale(c, 'no such case');
  const sha = inputsSha256(c.input);
  if (stored.inputs_sha256 !== sha) {
    throw stale(c, `computed from other inputs (sha256 ${stored.inputs_sha256}, the test's are ${sha})`);
  }
  if (JSON.stringify(stored.at) !== JSON.stringify(c.at)) throw stale(c, 'sampled at other bars');
  return stored;
}

/** The whole stored output of an unsampled case, as the oracle printed it. */
export function golden<T>(c: OracleCase): T {
  return goldenCase(c).output as T;
}

/** A sampled case: the bars it stores and each output at those bars (NaN where the oracle gave null). */
export function sampledGolden(c: OracleCase): { at: readonly number[]; series(name: string): Float64Array } {
  const stored = goldenCase(c);
  const output = stored.output as Record<string, (number | null)[]>;
  const at = stored.at ?? [];
  return {
    at,
    series(name) {
      const values = output[name];
      if (values?.length !== at.length) throw stale(c, `no output ${name} at the sampled bars`);
      return Float64Array.from(values, (x) => x ?? Number.NaN);
    },
  };
}

/**
 * `compareSeries` at the sampled bars only: `actual` is a full series, `expected[k]` the oracle's
 * value at bar `at[k]`. Same rule (NaN at the same bars, |a − b| ≤ relTol · max(|b|, absFloor)); the
 * detail names the bar.
 */
export function compareAt(
  actual: ArrayLike<number>,
  at: readonly number[],
  expected: ArrayLike<number>,
  opts: { relTol: number; absFloor?: number },
): SeriesComparison {
  if (at.some((i) => i < 0 || i >= actual.length)) {
    return { ok: false, maxRelError: Number.NaN, firstBad: 0, detail: 'sampled bar out of range' };
  }
  const cmp = compareSeries(
    at.map((i) => actual[i]!),
    expected,
    opts,
  );
  if (cmp.ok) return { ...cmp, detail: `${cmp.detail} over ${at.length} sampled bars` };
  const bar = at[cmp.firstBad] ?? -1;
  return { ...cmp, firstBad: bar, detail: cmp.detail.replace(/^bar \d+/, `bar ${bar}`) };
}
