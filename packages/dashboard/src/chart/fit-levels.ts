import type { AutoscaleInfoProvider, IChartApi, ISeriesApi, SeriesType } from 'lightweight-charts';

/** Bars a card's chart shows at first: about three months of sessions. */
const RECENT_BARS = 63;
/** Bars whose range the price scale takes in with the levels while the chart shows the present: a month. */
const SCALE_BARS = 21;
/** Empty bars right of the last one, so its candle is not under the price axis's edge. */
const RIGHT_SPACE = 3;

/**
 * Frames a trade on its chart: the last ~3 months of `bars`, and a price scale fitted to `prices`
 * (stop, entry zone, targets) and the last month's bars, so the levels spread over the plot rather than
 * being squashed at an edge of a long history (older candles of the window may leave the plot). Scrolled
 * back into the past, the scale takes in the bars shown and the levels.
 */
export function fitToLevels(
  chart: IChartApi,
  series: ISeriesApi<SeriesType>,
  bars: readonly { low: number; high: number }[],
  prices: readonly number[],
): void {
  const recent = bars.slice(-SCALE_BARS);
  const low = Math.min(...prices, ...recent.map((b) => b.low));
  const high = Math.max(...prices, ...recent.map((b) => b.high));
  const withLevels: AutoscaleInfoProvider = (original) => {
    const shown = original();
    const atPresent = (chart.timeScale().getVisibleLogicalRange()?.to ?? bars.length) >= bars.length - 1;
    const range = shown?.priceRange;
    return {
      ...shown,
      priceRange: atPresent
        ? { minValue: low, maxValue: high }
        : {
            minValue: Math.min(...prices, range?.minValue ?? low),
            maxValue: Math.max(...prices, range?.maxValue ?? high),
          },
    };
  };
  series.applyOptions({ autoscaleInfoProvider: withLevels });
  chart.timeScale().setVisibleLogicalRange({
    from: Math.max(0, bars.length - RECENT_BARS),
    to: bars.length - 1 + RIGHT_SPACE,
  });
}
