import type { Bar, CorporateAction } from '../../ingest/types.js';

/**
 * Decimal places of an un-adjusted price: US equities' finest tick (sub-dollar quotes, SEC Rule 612).
 * Rounding there removes the binary noise of the multiplication and keeps sub-penny prints; what the
 * provider's own rounding of the adjusted price lost (at most the split ratio times half its last digit)
 * cannot be recovered.
 */
const PRICE_DECIMALS = 4;
const SCALE = 10 ** PRICE_DECIMALS;
const roundPrice = (x: number) => Math.round(x * SCALE) / SCALE;

/**
 * Split-adjusted daily bars back to the prices as traded. A bar dated before a split's ex-date was
 * divided by the split's ratio (new shares per old) and its volume multiplied by it; every split after
 * the bar counts, those after the bars' last date too (a provider adjusts its whole history for every
 * split it has seen). So each bar is multiplied by the product of the ratios of the `splits` dated after
 * it, and its volume divided by the same product (rounded to whole shares). A bar no split follows is
 * returned as the provider gave it. `bars` ascending; `splits` are the splits the series was adjusted
 * for, in any order.
 */
export function unadjustSplits(bars: readonly Bar[], splits: readonly CorporateAction[]): Bar[] {
  const later = splits.filter((s) => s.kind === 'split').sort((a, b) => (a.date < b.date ? -1 : 1));
  const out: Bar[] = new Array(bars.length);
  let factor = 1;
  let j = later.length - 1;
  for (let i = bars.length - 1; i >= 0; i--) {
    const bar = bars[i] as Bar;
    while (j >= 0 && (later[j] as CorporateAction).date > bar.date)
      factor *= (later[j--] as CorporateAction).value;
    out[i] =
      factor === 1
        ? bar
        : {
            date: bar.date,
            open: roundPrice(bar.open * factor),
            high: roundPrice(bar.high * factor),
            low: roundPrice(bar.low * factor),
            close: roundPrice(bar.close * factor),
            volume: Math.round(bar.volume / factor),
          };
  }
  return out;
}

/**
 * The first split inside the bars across which the series, as given, jumps by about the split's ratio
 * rather than running on: prices that were not split-adjusted after all (un-adjusting them would multiply
 * them a second time). Judged on the close before the ex-date against the open on it, nearer in log terms
 * to the ratio's jump than to none; a gap of more than the ratio's square root against the split's
 * direction (29% down for a 2-for-1) is therefore misread, and the ticker goes to the next provider.
 */
export function unadjustedSplit(
  bars: readonly Bar[],
  splits: readonly CorporateAction[],
): CorporateAction | undefined {
  for (const s of splits) {
    if (s.kind !== 'split' || s.value === 1) continue;
    const k = bars.findIndex((b) => b.date >= s.date);
    if (k <= 0) continue;
    const q = (bars[k] as Bar).open / (bars[k - 1] as Bar).close;
    if (!(q > 0)) continue;
    if (Math.abs(Math.log(q * s.value)) < Math.abs(Math.log(q))) return s;
  }
  return undefined;
}
