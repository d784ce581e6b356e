/** Result of reading a bar's date cell. `intraday` is set when the cell carries a time other than midnight. */
export type DateCell = { readonly date: string; readonly intraday: boolean } | undefined;

function isValidYmd(y: number, m: number, d: number): boolean {
  if (y < 1800 || y > 2200 || m < 1 || m > 12 || d < 1) return false;
  const days =
    m === 2
      ? y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)
        ? 29
        : 28
      : [4, 6, 9, 11].includes(m)
        ? 30
        : 31;
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
    if (s.length === 10) return { date, intraday: false };
    const rest = s.slice(10);
    if (isMidnight(rest)) return { date, intraday: false };
    return /^[ T]\d{2}:\d{2}/.test(rest) ? { date, intraday: true } : undefined;
  }
  if (s.length === 8 && /^\d{8}$/.test(s)) {
    const y = digitsAt(s, 0, 4);
    const m = digitsAt(s, 4, 2);
    const d = digitsAt(s, 6, 2);
    return isValidYmd(y, m, d)
      ? { date: `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6)}`, intraday: false }
      : undefined;
  }
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (us !== null) {
    const m = Number(us[1]);
    const d = Number(us[2]);
    const y = Number(us[3]);
    return isValidYmd(y, m, d) ? { date: `${y}-${pad2(m)}-${pad2(d)}`, intraday: false } : undefined;
  }
  return undefined;
}
