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

/** A fraction as a percentage with an explicit sign (`+1.3 %`, `−0.4 %`), for changes. */
export const signedPct = (v: unknown, decimals = 1) =>
  typeof v === 'number' && Number.isFinite(v)
    ? `${v > 0 ? '+' : v < 0 ? '−' : ''}${num(Math.abs(v) * 100, decimals)} %`
    : '—';

const compactFormat = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Large quantities in short form (`1.6B`, `454.2M`). */
export const compact = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v) ? compactFormat.format(v) : '—';

export const when = (iso: string | null | undefined) =>
  iso == null ? '—' : new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** An instant to the minute in UTC (`2026-11-25 14:02 UTC`), for times the server states in UTC. */
export const utcMinute = (iso: string | null | undefined) => {
  const t = iso == null ? Number.NaN : Date.parse(iso);
  return Number.isNaN(t) ? '—' : `${new Date(t).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
};

/**
 * A value a screen read (`rsi(14)`, `close`, `avg_dollar_volume(20)`…): quantities of a million or more
 * in short form (`48.2M`), values under one with 4 decimals (a MACD line), the rest with 2.
 */
export const screenNumber = (v: unknown) =>
  typeof v !== 'number' || !Number.isFinite(v)
    ? '—'
    : Math.abs(v) >= 1e6
      ? compact(v)
      : num(v, Math.abs(v) < 1 && v !== 0 ? 4 : 2);
