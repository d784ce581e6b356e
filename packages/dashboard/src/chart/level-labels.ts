import {
  type IChartApi,
  type ISeriesApi,
  type ISeriesPrimitive,
  LineStyle,
  type SeriesAttachedParameter,
  type SeriesType,
  type Time,
} from 'lightweight-charts';

/** A horizontal level drawn across the chart (support, entry, a target, the stop…). */
export interface PriceLevel {
  readonly price: number;
  /** Short name on its label (`S1`, `T1`, `stop`); the price follows it. */
  readonly title: string;
  readonly color: string;
  readonly dashed: boolean;
}

/** Space between the pane's edge and the first lane, between lanes, and between labels of one lane (px). */
const PAD = 4;
const GAP = 4;

/**
 * Lanes for labels of height `height` centred on `ys`: each label goes to the first lane (0 = nearest
 * the pane's edge) where it does not overlap the label above it in that lane, so no two labels overlap
 * and none leaves its line. Returns each label's lane, in the order of `ys`.
 */
function labelLanes(ys: readonly number[], height: number): number[] {
  const bottoms: number[] = [];
  const lanes = new Array<number>(ys.length).fill(0);
  const order = ys.map((_, i) => i).sort((a, b) => (ys[a] as number) - (ys[b] as number));
  for (const i of order) {
    const top = (ys[i] as number) - height / 2;
    let lane = bottoms.findIndex((bottom) => bottom + GAP / 2 <= top);
    if (lane === -1) lane = bottoms.length;
    bottoms[lane] = top + height;
    lanes[i] = lane;
  }
  return lanes;
}

/**
 * Keeps the labels of a series' levels on their lines: on every change of the view (scroll, zoom, a
 * rescaled price axis, a resize) each label is centred on its price's coordinate, at the pane's left
 * edge, in the lane `labelLanes` gives it. The library's own line titles sit on the price axis, where
 * it pushes overlapping ones apart until they leave their lines.
 */
class LevelLabelLayout implements ISeriesPrimitive<Time> {
  #chart: IChartApi | undefined;
  #series: ISeriesApi<SeriesType> | undefined;

  constructor(private readonly labels: readonly { el: HTMLElement; price: number }[]) {}

  attached({ chart, series }: SeriesAttachedParameter<Time>): void {
    this.#chart = chart as IChartApi;
    this.#series = series as ISeriesApi<SeriesType>;
  }

  detached(): void {
    this.#chart = undefined;
    this.#series = undefined;
  }

  updateAllViews(): void {
    const series = this.#series;
    const chart = this.#chart;
    if (series === undefined || chart === undefined) return;
    const pane = chart.paneSize(0);
    const placed = this.labels.flatMap(({ el, price }) => {
      const y = series.priceToCoordinate(price);
      const shown = y !== null && y >= 0 && y <= pane.height;
      el.hidden = !shown;
      return shown ? [{ el, y }] : [];
    });
    const height = Math.max(0, ...placed.map((p) => p.el.offsetHeight));
    const lanes = labelLanes(
      placed.map((p) => p.y),
      height,
    );
    const widths: number[] = [];
    placed.forEach((p, i) => {
      const lane = lanes[i] as number;
      widths[lane] = Math.max(widths[lane] ?? 0, p.el.offsetWidth);
    });
    placed.forEach((p, i) => {
      const lane = lanes[i] as number;
      let x = PAD;
      for (let k = 0; k < lane; k++) x += (widths[k] ?? 0) + GAP;
      p.el.style.transform = `translate(${x}px, ${Math.round(p.y - height / 2)}px)`;
    });
  }
}

/**
 * Draws `levels` on `series` as price lines, each with a label on its line inside the pane (in `box`, the
 * chart's container); returns what removes the labels (`chart.remove()` removes the lines).
 */
export function drawPriceLevels(
  series: ISeriesApi<SeriesType>,
  box: HTMLElement,
  levels: readonly PriceLevel[],
): () => void {
  const layer = document.createElement('div');
  layer.className = 'level-labels';
  layer.setAttribute('aria-hidden', 'true');
  const labels = levels.map((l) => {
    series.createPriceLine({
      price: l.price,
      color: l.color,
      lineWidth: 1,
      lineStyle: l.dashed ? LineStyle.Dashed : LineStyle.Solid,
      axisLabelVisible: false,
      title: '',
    });
    const el = document.createElement('span');
    el.className = 'level-label';
    el.dataset.price = String(l.price);
    el.textContent = `${l.title} ${l.price.toFixed(2)}`;
    el.style.color = l.color;
    el.style.borderColor = l.color;
    layer.append(el);
    return { el, price: l.price };
  });
  box.append(layer);
  const layout = new LevelLabelLayout(labels);
  series.attachPrimitive(layout);
  return () => {
    series.detachPrimitive(layout);
    layer.remove();
  };
}
