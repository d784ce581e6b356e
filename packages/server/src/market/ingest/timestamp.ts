import { parseDateCell } from './parse-date.js';

/**
 * An instant from a trade/quote/news timestamp: ISO 8601 with a UTC offset or `Z`
 * (`2021-03-01T14:30:00.123Z`, `2021-03-01 09:30:00-05:00`), or epoch milliseconds (exactly 13 digits,
 * 2001–2286; 10-digit epoch seconds would silently land in 1970 and are refused). Returns NaN
 * for anything else — a timestamp without an offset is ambiguous and refused.
 */
export function parseInstant(text: string): number {
  const s = text.trim();
  if (/^\d{13}$/.test(s)) return Number(s);
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(s))
    return Number.NaN;
  // Date.parse rolls 2024-02-30 over into March; refuse impossible calendar dates instead.
  if (typeof parseDateCell(s.slice(0, 10)) !== 'string') return Number.NaN;
  return Date.parse(s.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
}
