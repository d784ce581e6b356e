import type { IngestError } from './types.js';

/** The daily-bar CSV layouts we read; see docs/market/ingestion.md for the exact headers. */
export const BAR_LAYOUTS = ['generic', 'yahoo', 'alphavantage', 'stooq'] as const;
export type BarLayoutName = (typeof BAR_LAYOUTS)[number];

/** Canonical field → position in the record (after any leading index column), -1 when absent. */
export interface BarColumns {
  readonly date: number;
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
  readonly adjustedClose: number;
  readonly dividend: number;
  readonly split: number;
}

export interface BarLayout {
  readonly name: BarLayoutName;
  readonly columns: BarColumns;
  /** Header names as written, for error messages. */
  readonly names: readonly string[];
}

type Field = keyof BarColumns;

const SYNONYMS: Record<string, Field> = {
  date: 'date',
  timestamp: 'date',
  datetime: 'date',
  time: 'time',
  open: 'open',
  high: 'high',
  low: 'low',
  close: 'close',
  volume: 'volume',
  vol: 'volume',
  adj_close: 'adjustedClose',
  adjclose: 'adjustedClose',
  adjusted_close: 'adjustedClose',
  dividend_amount: 'dividend',
  split_coefficient: 'split',
};

const BASE: readonly Field[] = ['date', 'open', 'high', 'low', 'close', 'volume'];
const REQUIRED: Record<BarLayoutName, readonly Field[]> = {
  generic: BASE,
  stooq: BASE,
  yahoo: [...BASE, 'adjustedClose'],
  alphavantage: [...BASE, 'dividend', 'split'],
};

function normalise(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/^<(.*)>$/, '$1')
    .replace(/[\s-]+/g, '_');
}

/**
 * Map a header row to a layout. Detection: `split_coefficient`/`dividend_amount` → alphavantage; names in
 * angle brackets (`<DATE>`) → stooq; `Adj Close` → yahoo; otherwise generic. A `format` overrides the
 * detected name but the header must still hold that layout's required columns. Unknown columns (a leading
 * index, `<TICKER>`, `<PER>`, `<OPENINT>`) are ignored.
 */
export function detectBarLayout(
  header: readonly string[],
  line: number,
  format?: BarLayoutName,
): BarLayout | IngestError {
  const cols: Record<Field, number> = {
    date: -1,
    time: -1,
    open: -1,
    high: -1,
    low: -1,
    close: -1,
    volume: -1,
    adjustedClose: -1,
    dividend: -1,
    split: -1,
  };
  let brackets = false;
  header.forEach((raw, i) => {
    if (/^\s*<.*>\s*$/.test(raw)) brackets = true;
    const field = SYNONYMS[normalise(raw)];
    if (field !== undefined && cols[field] === -1) cols[field] = i;
  });
  const detected: BarLayoutName =
    cols.split !== -1 || cols.dividend !== -1
      ? 'alphavantage'
      : brackets
        ? 'stooq'
        : header.some((h) => h.trim().toLowerCase() === 'adj close')
          ? 'yahoo'
          : 'generic';
  const name = format ?? detected;
  const missing = REQUIRED[name].filter((f) => cols[f] === -1);
  if (missing.length > 0) {
    return {
      line,
      message: `header does not match the ${name} layout: missing ${missing.join(', ')} (header: ${header.join(',')})`,
    };
  }
  return { name, columns: cols, names: header };
}
