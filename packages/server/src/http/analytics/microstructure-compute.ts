import {
  abdiRanaldoSpread,
  amihudIlliquidity,
  corwinSchultzSpread,
  edgeSpread,
  kyleLambda,
  rollSpread,
  zeroReturnShare,
} from '@bellwether/analytics';

/** One ticker's daily bars and window, and the estimators to serve (structured-clonable). */
export interface MicrostructureComputeInput {
  /** The whole history through the window's end, so warm-up lies before the window. */
  readonly series: {
    readonly open: Float64Array;
    readonly high: Float64Array;
    readonly low: Float64Array;
    readonly close: Float64Array;
    readonly volume: Float64Array;
  };
  readonly start: number;
  readonly end: number;
  /** Rolling window of the estimators, in bars. */
  readonly window: number;
  /** The estimators in answer order (codes without a daily series get an empty column). */
  readonly codes: readonly string[];
}

/**
 * The daily spread and liquidity estimators over one ticker's window, as the members `"daily":{…},
 * "latest":{…}` of the microstructure answer (`null` for NaN). Formatting 8 columns of up to 10,000
 * values is most of the cost, so it happens here, on a worker thread (ADR 0061). Pure.
 */
export function computeMicrostructureDaily(x: MicrostructureComputeInput): string {
  const daily = dailyEstimators(x.series, x.window);
  const cols: string[] = [];
  const latest: Record<string, number | null> = {};
  for (const code of x.codes) {
    const col = daily[code];
    const window = col === undefined ? [] : Array.from(col.subarray(x.start, x.end));
    const last = window.at(-1);
    latest[code] = last !== undefined && Number.isFinite(last) ? last : null;
    // JSON.stringify writes NaN and ±Infinity as null.
    cols.push(`${JSON.stringify(code)}:${JSON.stringify(window)}`);
  }
  return `"daily":{${cols.join(',')}},"latest":${JSON.stringify(latest)}`;
}

function dailyEstimators(
  s: MicrostructureComputeInput['series'],
  window: number,
): Record<string, Float64Array> {
  const n = s.close.length;
  const dollar = new Float64Array(n).fill(Number.NaN);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += (s.close[i] as number) * (s.volume[i] as number);
    if (i >= window) sum -= (s.close[i - window] as number) * (s.volume[i - window] as number);
    if (i >= window - 1) dollar[i] = sum / window;
  }
  return {
    amihud: amihudIlliquidity(s.close, s.volume, { window }),
    corwin_schultz: corwinSchultzSpread(s.high, s.low, s.close, { window }),
    abdi_ranaldo: abdiRanaldoSpread(s.high, s.low, s.close, { window }),
    edge: edgeSpread(s.open, s.high, s.low, s.close, { window }),
    roll: rollSpread(s.close, { window }),
    kyle_lambda: kyleLambda(s.close, s.volume, { window: Math.max(20, 3 * window) }),
    zero_return_share: zeroReturnShare(s.close, { window }),
    dollar_volume: dollar,
  };
}
