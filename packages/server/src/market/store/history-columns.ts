import type { TickerHistory } from './market-data-cache.js';

/** A history's bars as columns. */
export type HistoryColumns = Pick<
  TickerHistory,
  'dates' | 'open' | 'high' | 'low' | 'close' | 'volume' | 'sources'
>;

/** Columns a reader fills. */
interface FilledColumns {
  readonly dates: string[];
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
  readonly sources: string[];
}

/**
 * Columns for `n` bars, for a reader to fill (from rows or from year blocks), and `shared(label)`: one
 * string per source label, so a history's sources cost a pointer a bar.
 */
export function emptyHistoryColumns(n: number): {
  readonly columns: FilledColumns;
  readonly shared: (label: string) => string;
} {
  const labels = new Map<string, string>();
  return {
    columns: {
      dates: new Array<string>(n),
      open: new Float64Array(n),
      high: new Float64Array(n),
      low: new Float64Array(n),
      close: new Float64Array(n),
      volume: new Float64Array(n),
      sources: new Array<string>(n),
    },
    shared: (label) => {
      let s = labels.get(label);
      if (s === undefined) {
        s = label;
        labels.set(s, s);
      }
      return s;
    },
  };
}
