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
