import { type Piece, piece } from './answer-stream.js';
import type { ComputeLane } from './compute-pool.js';
import type { IndicatorRequest } from './indicator-list.js';
import { type ResultCache, seriesFingerprint } from './result-cache.js';
import { type SeriesWindow, windowHeader } from './series-window.js';
import { computeTechnical, type TechnicalDescription } from './technical-compute.js';

/** Values formatted per worker task: ~1 MB of text, what one answer holds at a time (two with prefetch). */
const SLICE_POINTS = 50_000;

export interface TechnicalSlice {
  readonly bytes: Uint8Array;
  readonly described: readonly TechnicalDescription[];
}

export interface TechnicalBodyInput {
  /** `{"as_of":…,"parameters":{…}` without its closing brace. */
  readonly head: string;
  readonly tickers: readonly string[];
  /** Loads a ticker's window (again: the count before the cap check kept no series in memory). */
  readonly load: (ticker: string) => Promise<SeriesWindow>;
  readonly indicators: readonly IndicatorRequest[];
  readonly lane: ComputeLane;
  readonly cache: ResultCache<TechnicalSlice>;
}

/** Consecutive indicators whose values over `bars` bars fit one slice (an indicator is never split). */
function slices(indicators: readonly IndicatorRequest[], bars: number): IndicatorRequest[][] {
  const out: IndicatorRequest[][] = [];
  let current: IndicatorRequest[] = [];
  let points = 0;
  for (const ind of indicators) {
    const n = ind.meta.outputs.length * bars;
    if (current.length > 0 && points + n > SLICE_POINTS) {
      out.push(current);
      current = [];
      points = 0;
    }
    current.push(ind);
    points += n;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/**
 * The technical answer's pieces (for answerStream): each ticker's window is loaded when its turn
 * comes and its indicators computed and formatted a slice at a time on the ComputePool, so an answer
 * holds about two slices in memory whatever its size, and one nobody reads stops being computed.
 * `series` comes before `indicators`, whose null counts are known once every slice is computed.
 */
export async function* technicalBody(x: TechnicalBodyInput): AsyncGenerator<Piece> {
  yield piece(`${x.head},"results":[`);
  for (const [i, ticker] of x.tickers.entries()) {
    const w = await x.load(ticker);
    const dates = (w.series?.dates ?? []).slice(w.start, w.end);
    yield piece(
      `${i === 0 ? '' : ','}${JSON.stringify({ ...windowHeader(w), dates }).slice(0, -1)},"series":{`,
    );
    const computed: Promise<TechnicalSlice>[] = [];
    for (const [k, group] of slices(x.indicators, w.end - w.start).entries()) {
      const s = slice(x, w, group);
      computed.push(s);
      if (k > 0) yield piece(',');
      yield piece(s.then((r) => r.bytes));
    }
    yield piece(
      Promise.all(computed).then(
        (all) => `},"indicators":${JSON.stringify(all.flatMap((r) => r.described))}}`,
      ),
    );
  }
  yield piece(']}');
}

/** One slice: from the cache (a pure function of the bars, the window and the indicators) or computed. */
async function slice(
  x: TechnicalBodyInput,
  w: SeriesWindow,
  group: readonly IndicatorRequest[],
): Promise<TechnicalSlice> {
  const indicators = group.map((i) => ({ label: i.label, code: i.meta.code, params: i.params }));
  const s = w.series;
  if (s === undefined || w.end === 0)
    return computeTechnical({ series: EMPTY, start: 0, end: 0, indicators });
  const key = `${w.instrument.ticker}|${s.source}|${s.known_through}|${w.start}|${indicators.map((i) => i.label).join(',')}|${seriesFingerprint(s, w.end)}`;
  const hit = x.cache.get(key);
  if (hit !== undefined) return hit;
  const series = { open: s.open, high: s.high, low: s.low, close: s.close, volume: s.volume };
  const computed = await x.lane.technical({ series, start: w.start, end: w.end, indicators });
  x.cache.set(key, computed);
  return computed;
}

const EMPTY = {
  open: new Float64Array(0),
  high: new Float64Array(0),
  low: new Float64Array(0),
  close: new Float64Array(0),
  volume: new Float64Array(0),
};
