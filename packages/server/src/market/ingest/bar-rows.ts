import type { Bar, CorporateAction, IngestError } from './types.js';

/** Valid rows in file order: the final Bar objects plus parallel columns (no second object per row). */
export interface Rows {
  readonly bars: Bar[];
  readonly lines: number[];
  readonly adj: number[];
  readonly div: number[];
  readonly split: number[];
}

function sameValues(rows: Rows, i: number, j: number): boolean {
  const a = rows.bars[i] as Bar;
  const b = rows.bars[j] as Bar;
  const x = rows.adj[i] as number;
  const y = rows.adj[j] as number;
  return (
    a.open === b.open &&
    a.high === b.high &&
    a.low === b.low &&
    a.close === b.close &&
    a.volume === b.volume &&
    (x === y || (Number.isNaN(x) && Number.isNaN(y))) &&
    rows.div[i] === rows.div[j] &&
    rows.split[i] === rows.split[j]
  );
}

export function emptyRows(): Rows {
  return { bars: [], lines: [], adj: [], div: [], split: [] };
}

/**
 * The rows ascending by date, one per date: identical repeats collapse onto the first line, a date whose
 * rows differ is left out whole with an error for every later line (pushed to `errors`). Splits and
 * dividends of the kept rows become actions. `kept` maps each output bar to its row.
 */
export function settleRows(
  rows: Rows,
  order: 'ascending' | 'descending' | 'unordered',
  dateColumn: string,
  errors: IngestError[],
): { bars: Bar[]; actions: CorporateAction[]; kept: number[] } {
  const n = rows.bars.length;
  // Row indices in ascending date order (file order among equal dates).
  let index: number[] | undefined;
  if (order === 'descending') {
    index = new Array(n);
    // Reverse runs of equal dates back into file order.
    for (let k = 0, i = n - 1; i >= 0; ) {
      let j = i;
      while (j > 0 && (rows.bars[j - 1] as Bar).date === (rows.bars[i] as Bar).date) j--;
      for (let m = j; m <= i; m++) index[k++] = m;
      i = j - 1;
    }
  } else if (order === 'unordered') {
    index = Array.from({ length: n }, (_, i) => i);
    index.sort((x, y) => {
      const a = (rows.bars[x] as Bar).date;
      const b = (rows.bars[y] as Bar).date;
      return a < b ? -1 : a > b ? 1 : x - y;
    });
  }
  const bars: Bar[] = [];
  const kept: number[] = [];
  const actions: CorporateAction[] = [];
  for (let p = 0; p < n; ) {
    const i = index === undefined ? p : (index[p] as number);
    const date = (rows.bars[i] as Bar).date;
    let q = p + 1;
    while (q < n && (rows.bars[index === undefined ? q : (index[q] as number)] as Bar).date === date) q++;
    let clash = false;
    for (let r = p + 1; r < q; r++) {
      if (!sameValues(rows, i, index === undefined ? r : (index[r] as number))) clash = true;
    }
    if (clash) {
      for (let r = p + 1; r < q; r++) {
        errors.push({
          line: rows.lines[index === undefined ? r : (index[r] as number)] as number,
          column: dateColumn,
          message: `duplicate date ${date} with values different from line ${rows.lines[i]}; every row of that date is left out`,
        });
      }
    } else {
      bars.push(rows.bars[i] as Bar);
      kept.push(i);
      const split = rows.split[i] as number;
      const div = rows.div[i] as number;
      if (split !== 1) actions.push({ date, kind: 'split', value: split });
      if (div > 0) actions.push({ date, kind: 'dividend', value: div });
    }
    p = q;
  }
  return { bars, actions, kept };
}
