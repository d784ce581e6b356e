/**
 * A decimal number as written in market-data CSVs (`12`, `-0.5`, `1.2e3`, surrounding spaces allowed), or
 * NaN. Rejects what `Number()` would otherwise accept silently: empty text, hex/binary/octal literals and
 * `Infinity`.
 */
export function parseNumber(text: string): number {
  const v = Number(text);
  if (Number.isFinite(v)) {
    if (v === 0 && text.trim() === '') return Number.NaN;
    const c = text.charCodeAt(1) | 0x20; // second character, lower-cased: 0x / 0b / 0o
    if ((c === 120 || c === 98 || c === 111) && text.length > 2) return Number.NaN;
    return v;
  }
  return Number.NaN;
}

const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16];

/**
 * parseNumber of `text.slice(start, end)` without making the substring. Plain decimals (`-12.345`, at
 * most 15 significant digits) are computed as mantissa / 10^k — both exact doubles, so the one rounding of
 * the division gives exactly what `Number()` gives (Clinger's fast path); anything else (exponents,
 * spaces, long mantissas) falls back to parseNumber on the substring.
 */
export function parseNumberAt(text: string, start: number, end: number): number {
  let i = start;
  const negative = text.charCodeAt(i) === 45;
  if (negative) i++;
  let mantissa = 0;
  let digits = 0;
  let fraction = -1;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      if (mantissa !== 0) digits++;
      if (fraction >= 0) fraction++;
    } else if (c === 46 && fraction < 0) {
      fraction = 0;
    } else {
      return parseNumber(text.slice(start, end));
    }
  }
  const empty = end - start - (negative ? 1 : 0) - (fraction >= 0 ? 1 : 0) === 0;
  if (empty || digits > 15 || fraction > 16) return parseNumber(text.slice(start, end));
  const v = fraction > 0 ? mantissa / (POW10[fraction] as number) : mantissa;
  return negative ? -v : v;
}
