const cache = new Map<number, Intl.NumberFormat>();

/** Thousand separators and a fixed number of decimals (prices: 2; ratios: 2–4). */
export function num(v: unknown, decimals = 2): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '—';
  let f = cache.get(decimals);
  if (f === undefined) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    cache.set(decimals, f);
  }
  return f.format(v);
}

export const pct = (v: unknown, decimals = 1) =>
  typeof v === 'number' && Number.isFinite(v) ? `${num(v * 100, decimals)} %` : '—';

export const when = (iso: string | null | undefined) =>
  iso == null ? '—' : new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
