/**
 * Result of reading a bar's date cell: the `YYYY-MM-DD` date; `{ intraday }` (the date) when the cell also
 * carries a time other than midnight; undefined when unreadable. A plain string in the common case keeps
 * the hot path free of allocations.
 */
export type DateCell = string | { readonly intraday: string } | undefined;

const MONTH_DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isValidYmd(y: number, m: number, d: number): boolean {
  if (y < 1000 || m < 1 || m > 12 || d < 1) return false;
  const days = m === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : (MONTH_DAYS[m] as number);
  return d <= days;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function digitsAt(s: string, from: number, count: number): number {
  let v = 0;
  for (let i = from; i < from + count; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** Midnight written as ` 00:00`, `T00:00:00`, `T00:00:00Z`, `T00:00:00.000Z` after a date. */
function isMidnight(rest: string): boolean {
  return /^[ T]00:00(:00(\.0+)?)?(Z|[+-]00:?00)?$/.test(rest);
}

/**
 * Read the date forms found in daily CSVs: `YYYY-MM-DD` (ISO, optionally followed by a time), `YYYYMMDD`
 * (Stooq `<DATE>`), and US `M/D/YYYY` (Stock.Indicators `spx.csv`). Returns undefined when unreadable.
 */
export function parseDateCell(text: string): DateCell {
  const s = text.trim();
  if (s.length >= 10 && s.charCodeAt(4) === 45 && s.charCodeAt(7) === 45) {
    const y = digitsAt(s, 0, 4);
    const m = digitsAt(s, 5, 2);
    const d = digitsAt(s, 8, 2);
    if (!isValidYmd(y, m, d)) return undefined;
    const date = s.length === 10 ? s : s.slice(0, 10);
    if (s.length === 10) return date;
    const rest = s.slice(10);
    if (isMidnight(rest)) return date;
    return /^[ T]\d{2}:\d{2}/.test(rest) ? { intraday: date } : undefined;
  }
  if (s.length === 8 && /^\d{8}$/.test(s)) {
    const y = digitsAt(s, 0, 4);
    const m = digitsAt(s, 4, 2);
    const d = digitsAt(s, 6, 2);
    return isValidYmd(y, m, d) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6)}` : undefined;
  }
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (us !== null) {
    const m = Number(us[1]);
    const d = Number(us[2]);
    const y = Number(us[3]);
    return isValidYmd(y, m, d) ? `${y}-${pad2(m)}-${pad2(d)}` : undefined;
  }
  return undefined;
}
