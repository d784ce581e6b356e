import { findIndicator, type IndicatorMeta, type ParamValues } from '@bellwether/analytics';

/** One requested indicator as it travels to a worker thread (by code: functions do not clone). */
export interface TechnicalIndicatorInput {
  readonly label: string;
  readonly code: string;
  readonly params: ParamValues;
}

/** Some of one ticker's indicators over its window (structured-clonable). */
export interface TechnicalComputeInput {
  /** The ticker's whole history through the window's end, so warm-up lies before the window. */
  readonly series: {
    readonly open: Float64Array;
    readonly high: Float64Array;
    readonly low: Float64Array;
    readonly close: Float64Array;
    readonly volume: Float64Array;
  };
  /** The window: bars `start` to `end` − 1. */
  readonly start: number;
  readonly end: number;
  readonly indicators: readonly TechnicalIndicatorInput[];
}

/** How one indicator is described beside its series: lookback and the nulls left in the window. */
export interface TechnicalDescription {
  readonly label: string;
  readonly code: string;
  readonly name: string;
  readonly params: ParamValues;
  readonly outputs: readonly string[];
  readonly lookback: number;
  readonly nulls_in_window: number;
  readonly note?: string;
}

/**
 * Computes indicators over one ticker's window and formats them as the members of the technical
 * answer's `series` object (`"rsi(14)":{"real":[…]},…`, `null` for NaN). Formatting is most of the
 * cost (~0.3 µs a number against a few ns to compute it), so it happens here, on a worker thread, and
 * the event loop only copies bytes to sockets. The text travels as a buffer: ~1 MB strings arriving on
 * the event loop's heap, and kept in its result cache, made major garbage collections that paused it
 * 17–27 ms at a time (issue #23's isolation bench). Pure; the endpoint runs it on the ComputePool.
 */
export function computeTechnical(x: TechnicalComputeInput): {
  /** The members' text as UTF-8: a buffer crosses from the worker outside the event loop's heap. */
  readonly bytes: Uint8Array;
  readonly described: readonly TechnicalDescription[];
} {
  const members: string[] = [];
  const described: TechnicalDescription[] = [];
  for (const ind of x.indicators) {
    const meta = findIndicator(ind.code) as IndicatorMeta;
    const computed = x.end > 0 ? meta.compute(x.series, ind.params) : undefined;
    let nulls = 0;
    const columns = meta.outputs.map((o) => {
      const window =
        computed === undefined ? [] : Array.from((computed[o.name] as Float64Array).subarray(x.start, x.end));
      let n = 0;
      for (const v of window) if (!Number.isFinite(v)) n++;
      nulls = Math.max(nulls, n);
      // JSON.stringify writes NaN and ±Infinity as null.
      return `${JSON.stringify(o.name)}:${JSON.stringify(window)}`;
    });
    members.push(`${JSON.stringify(ind.label)}:{${columns.join(',')}}`);
    const lookback = meta.lookback(ind.params);
    described.push({
      label: ind.label,
      code: meta.code,
      name: meta.name,
      params: ind.params,
      outputs: meta.outputs.map((o) => o.name),
      lookback,
      nulls_in_window: nulls,
      ...(nulls > 0
        ? {
            note: `needs ${lookback} earlier bars; the first ${nulls} dates of the window have less history (or undefined inputs)`,
          }
        : {}),
    });
  }
  return { bytes: Buffer.from(members.join(','), 'utf8'), described };
}
