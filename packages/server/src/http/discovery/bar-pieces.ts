import { csvField } from '../../cards/feed-columns.js';
import { seriesFingerprint } from '../analytics/result-cache.js';
import { type SeriesWindow, windowHeader } from '../analytics/series-window.js';
import type { AnswerFormat } from './answer-format.js';

/** Bars formatted per piece of a streamed answer: ~0.5 ms of the event loop each, then another request's turn. */
const BARS_PER_PIECE = 2000;

const COLUMNS = ['open', 'high', 'low', 'close', 'volume'] as const;

export const CSV_HEADER = `ticker,date,${COLUMNS.join(',')},adjustment,source\r\n`;

/**
 * `values` written as JSON numbers, comma-separated: JSON.stringify of a plain array writes doubles about
 * twice as fast as `Float64Array#join` or string templates do (adjusted prices have long decimals).
 */
const numbers = (values: Float64Array) => JSON.stringify(Array.from(values)).slice(1, -1);

/** Decimals adjusted prices are given to, as providers publish them (Yahoo, Tiingo, Alpha Vantage: 4). */
const ADJUSTED_PRICE_DECIMALS = 4;
const SCALE = 10 ** ADJUSTED_PRICE_DECIMALS;

/**
 * `values` as `numbers` writes them, adjusted prices rounded to ADJUSTED_PRICE_DECIMALS (a back-adjusted
 * 126.7341452587616 is 126.7341); raw prices and volumes are written as stored. The analytics compute on
 * the unrounded series.
 */
function prices(values: Float64Array, adjustment: string, column: (typeof COLUMNS)[number]): string {
  if (adjustment === 'raw' || column === 'volume') return numbers(values);
  return JSON.stringify(Array.from(values, (x) => Math.round(x * SCALE) / SCALE)).slice(1, -1);
}

/** One ticker's window as one JSON object: the window's header (as the analytics routes state it) and its columns. */
export function barsObject(w: SeriesWindow): string {
  const head = JSON.stringify(windowHeader(w)).slice(0, -1);
  const s = w.series;
  const columns = COLUMNS.map(
    (c) => `"${c}":[${s === undefined ? '' : prices(s[c].subarray(w.start, w.end), s.adjustment, c)}]`,
  );
  const dates = s === undefined ? [] : s.dates.slice(w.start, w.end);
  return `${head},"dates":${JSON.stringify(dates)},${columns.join(',')}}`;
}

/**
 * What a window's formatted bars are a pure function of: the format, the instrument's name, the series'
 * header (source, adjustment, freshness), where the window starts and a fingerprint of every bar up to
 * its end — so a cached answer is never served for data that changed since.
 */
export function windowKey(w: SeriesWindow, format: AnswerFormat): string {
  const s = w.series;
  if (s === undefined) return `${format}|${w.instrument.ticker}|none`;
  return [
    format,
    w.instrument.ticker,
    w.instrument.name,
    s.source,
    s.known_through,
    s.last_bar,
    w.start,
    seriesFingerprint(s, w.end),
  ].join('|');
}

/** One ticker's window as NDJSON lines or CSV rows (one bar each), in pieces of BARS_PER_PIECE bars. */
export function* barLines(w: SeriesWindow, format: 'ndjson' | 'csv'): Generator<string> {
  const s = w.series;
  if (s === undefined) return;
  const adjustment = s.adjustment;
  const { open, high, low, close, volume, dates } = s;
  const ticker = s.ticker;
  for (let from = w.start; from < w.end; from += BARS_PER_PIECE) {
    const to = Math.min(w.end, from + BARS_PER_PIECE);
    const column = (x: Float64Array, name: (typeof COLUMNS)[number]) =>
      prices(x.subarray(from, to), adjustment, name).split(',') as readonly string[];
    const [o, h, l, c, v] = [
      column(open, 'open'),
      column(high, 'high'),
      column(low, 'low'),
      column(close, 'close'),
      column(volume, 'volume'),
    ] as const;
    const lead = format === 'csv' ? `${csvField(ticker)},` : `{"ticker":${JSON.stringify(ticker)},"date":"`;
    const tail =
      format === 'csv'
        ? `,${csvField(adjustment)},${csvField(s.source)}\r\n`
        : `,"adjustment":${JSON.stringify(adjustment)},"source":${JSON.stringify(s.source)}}\n`;
    let out = '';
    for (let i = 0; i < to - from; i++) {
      const date = dates[from + i];
      out +=
        format === 'csv'
          ? `${lead}${date},${o[i]},${h[i]},${l[i]},${c[i]},${v[i]}${tail}`
          : `${lead}${date}","open":${o[i]},"high":${h[i]},"low":${l[i]},"close":${c[i]},"volume":${v[i]}${tail}`;
    }
    yield out;
  }
}
