/**
 * Closing prices of a universe on one calendar of sessions: `close[j][i]` is ticker j's close on
 * `dates[i]`, NaN where it has none (not yet listed, left, or no bar that day). The books read only the
 * closes, adjusted for splits and dividends by the caller, so a close-to-close return is a total return.
 */
export interface PricePanel {
  readonly dates: readonly string[];
  readonly tickers: readonly string[];
  readonly close: readonly Float64Array[];
}

/** The sessions a book runs over: `dates[from] … dates[to]`, both included (indices into the panel). */
export interface BookWindow {
  readonly from: number;
  readonly to: number;
}

export interface PanelSeries {
  readonly ticker: string;
  readonly dates: readonly string[];
  readonly close: ArrayLike<number>;
}

/** Aligns each series on the union of their dates (sorted); a date a ticker lacks is NaN for it. */
export function pricePanel(series: readonly PanelSeries[]): PricePanel {
  const dates = [...new Set(series.flatMap((s) => s.dates))].sort();
  const at = new Map(dates.map((d, i) => [d, i]));
  const close = series.map((s) => {
    const out = new Float64Array(dates.length).fill(Number.NaN);
    for (let k = 0; k < s.dates.length; k++)
      out[at.get(s.dates[k] as string) as number] = s.close[k] as number;
    return out;
  });
  return { dates, tickers: series.map((s) => s.ticker), close };
}

/** The panel indices of the first and last sessions within `from … to` (dates, inclusive); none → null. */
export function windowOf(panel: PricePanel, from: string, to: string): BookWindow | null {
  const first = panel.dates.findIndex((d) => d >= from);
  if (first === -1 || (panel.dates[first] as string) > to) return null;
  let last = first;
  while (last + 1 < panel.dates.length && (panel.dates[last + 1] as string) <= to) last++;
  return { from: first, to: last };
}

/** Whether `x` is a usable price (finite and positive). */
export function priced(x: number | undefined): x is number {
  return x !== undefined && Number.isFinite(x) && x > 0;
}
