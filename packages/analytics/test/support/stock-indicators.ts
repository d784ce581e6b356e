/**
 * Golden series from Stock.Indicators (DaveSkender/Stock.Indicators, Apache-2.0), read at test time
 * from ../shared/data/DaveSkender__Stock.Indicators — never copied into the repository.
 *
 * Usage:
 *   const q = defaultQuotes();                    // quotes/default.csv, 502 daily bars
 *   const exp = stockIndicatorsResult('rsi');     // results/rsi.standard.json, aligned to q by date
 *   exp.series('rsi');                            // Float64Array, NaN where the file has null
 *   compareSeries(ours, exp.series('rsi'), { from: 100, relTol: 1e-6 });
 *
 * The call and parameters behind each file are in results_params.tsv of that folder.
 */
import { readFileSync } from 'node:fs';
import { readCsv, sharedDataPath } from '@bellwether/fixtures';

const FOLDER = 'DaveSkender__Stock.Indicators';

export interface Quotes {
  readonly date: readonly string[];
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
}

/** Loads a Stock.Indicators quotes file (`default.csv` unless named), in ascending date order. */
export function defaultQuotes(file = 'default.csv'): Quotes {
  const { header, rows } = readCsv(sharedDataPath(FOLDER, 'quotes', file));
  const col = (name: string): number => {
    const i = header.findIndex((h) => h.replace(/^\uFEFF/, '').toLowerCase() === name);
    if (i < 0) throw new Error(`${file}: no column ${name}`);
    return i;
  };
  const pick = (name: string): Float64Array => {
    const c = col(name);
    return Float64Array.from(rows, (r) => Number(r[c]));
  };
  const dateCol = col(header.some((h) => h.toLowerCase() === 'date') ? 'date' : 'timestamp');
  return {
    date: rows.map((r) => (r[dateCol] ?? '').slice(0, 10)),
    open: pick('open'),
    high: pick('high'),
    low: pick('low'),
    close: pick('close'),
    volume: pick('volume'),
  };
}

export interface ExpectedSeries {
  /** Field names present in the file (besides `timestamp`). */
  readonly fields: readonly string[];
  /** The field aligned to the quotes' dates; NaN where the file has null or no row. */
  series(field: string): Float64Array;
}

/** Loads results/<name>.standard.json aligned by date to `quotes` (default: `defaultQuotes()`). */
export function stockIndicatorsResult(name: string, quotes: Quotes = defaultQuotes()): ExpectedSeries {
  const path = sharedDataPath(FOLDER, 'results', `${name}.standard.json`);
  const rows = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>[];
  const index = new Map(quotes.date.map((d, i) => [d, i] as const));
  const fields = Object.keys(rows[0] ?? {}).filter((k) => k !== 'timestamp');
  return {
    fields,
    series(field: string): Float64Array {
      if (!fields.includes(field)) throw new Error(`${name}: no field ${field} (has ${fields.join(', ')})`);
      const out = new Float64Array(quotes.date.length).fill(Number.NaN);
      for (const row of rows) {
        const i = index.get(String(row['timestamp']).slice(0, 10));
        const v = row[field];
        if (i !== undefined && typeof v === 'number') out[i] = v;
      }
      return out;
    },
  };
}
