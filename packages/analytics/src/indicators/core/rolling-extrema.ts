import { fillNaN } from './nan.js';

/**
 * Index of the highest value in each trailing window of `width` bars (`out[i]` = index in
 * `[i - width + 1, i]`), ties resolved to the most recent bar, as TA-Lib's MAX/AROON scans
 * (track the current extreme; rescan only when it leaves the window — amortised O(1)).
 * Bars before `start + width - 1`, and bars whose window holds a NaN, are NaN.
 * Returns the index of the first defined output.
 */
export function rollingMaxIndexInto(src: Float64Array, width: number, out: Float64Array, start = 0): number {
  return extremeIndexInto(src, width, out, start, true);
}

/** Like `rollingMaxIndexInto` for the lowest value (ties to the most recent bar). */
export function rollingMinIndexInto(src: Float64Array, width: number, out: Float64Array, start = 0): number {
  return extremeIndexInto(src, width, out, start, false);
}

/** Highest value of each trailing window of `width` bars (NaN while a NaN is in the window). */
export function rollingMaxInto(src: Float64Array, width: number, out: Float64Array, start = 0): number {
  const n = src.length;
  const first = start + width - 1;
  fillNaN(out, 0, Math.min(first, n));
  if (first >= n) return n;
  let bestIdx = -1;
  let best = Number.NEGATIVE_INFINITY;
  let lastNaN = -1;
  for (let j = start; j < first; j++) if (Number.isNaN(src[j]!)) lastNaN = j;
  for (let i = first; i < n; i++) {
    const trailing = i - width + 1;
    const v = src[i]!;
    if (Number.isNaN(v)) lastNaN = i;
    if (bestIdx < trailing) {
      best = Number.NEGATIVE_INFINITY;
      for (let j = trailing; j <= i; j++) {
        const w = src[j]!;
        if (w >= best) {
          best = w;
          bestIdx = j;
        }
      }
      if (bestIdx < trailing) bestIdx = i; // all NaN: keep the scan position moving
    } else if (v >= best) {
      best = v;
      bestIdx = i;
    }
    out[i] = lastNaN >= trailing ? Number.NaN : best;
  }
  return first;
}

/** Lowest value of each trailing window of `width` bars (NaN while a NaN is in the window). */
export function rollingMinInto(src: Float64Array, width: number, out: Float64Array, start = 0): number {
  const n = src.length;
  const first = start + width - 1;
  fillNaN(out, 0, Math.min(first, n));
  if (first >= n) return n;
  let bestIdx = -1;
  let best = Number.POSITIVE_INFINITY;
  let lastNaN = -1;
  for (let j = start; j < first; j++) if (Number.isNaN(src[j]!)) lastNaN = j;
  for (let i = first; i < n; i++) {
    const trailing = i - width + 1;
    const v = src[i]!;
    if (Number.isNaN(v)) lastNaN = i;
    if (bestIdx < trailing) {
      best = Number.POSITIVE_INFINITY;
      for (let j = trailing; j <= i; j++) {
        const w = src[j]!;
        if (w <= best) {
          best = w;
          bestIdx = j;
        }
      }
      if (bestIdx < trailing) bestIdx = i;
    } else if (v <= best) {
      best = v;
      bestIdx = i;
    }
    out[i] = lastNaN >= trailing ? Number.NaN : best;
  }
  return first;
}

function extremeIndexInto(
  src: Float64Array,
  width: number,
  out: Float64Array,
  start: number,
  max: boolean,
): number {
  const n = src.length;
  const first = start + width - 1;
  fillNaN(out, 0, Math.min(first, n));
  if (first >= n) return n;
  const sign = max ? 1 : -1;
  let bestIdx = -1;
  let best = Number.NEGATIVE_INFINITY;
  let lastNaN = -1;
  for (let j = start; j < first; j++) if (Number.isNaN(src[j]!)) lastNaN = j;
  for (let i = first; i < n; i++) {
    const trailing = i - width + 1;
    const v = src[i]! * sign;
    if (Number.isNaN(v)) lastNaN = i;
    if (bestIdx < trailing) {
      best = Number.NEGATIVE_INFINITY;
      bestIdx = trailing;
      for (let j = trailing; j <= i; j++) {
        const w = src[j]! * sign;
        if (w >= best) {
          best = w;
          bestIdx = j;
        }
      }
    } else if (v >= best) {
      best = v;
      bestIdx = i;
    }
    out[i] = lastNaN >= trailing ? Number.NaN : bestIdx;
  }
  return first;
}
