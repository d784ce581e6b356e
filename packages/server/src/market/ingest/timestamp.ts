/**
 * An instant from a trade/quote/news timestamp: ISO 8601 with a UTC offset or `Z`
 * (`2021-03-01T14:30:00.123Z`, `2021-03-01 09:30:00-05:00`), or integer epoch milliseconds. Returns NaN
 * for anything else — a timestamp without an offset is ambiguous and refused.
 */
export function parseInstant(text: string): number {
  const s = text.trim();
  if (/^\d{10,16}$/.test(s)) return Number(s);
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(s))
    return Number.NaN;
  return Date.parse(s.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
}
