/** Output of every candlestick pattern: aligned with the input, NaN during warm-up. */
export interface CandlestickResult {
  /**
   * TA-Lib's integer output per bar: ±100, 0 for none; ±200 for hikkake confirmations and ±80 for the
   * shared-end forms of engulfing and harami (TA-Lib 0.4).
   */
  readonly signal: Float64Array;
  /** Strength of each signal in [0, 1]; 0 where the signal is 0 (see confidence.ts). */
  readonly confidence: Float64Array;
}

/** Fresh result: NaN for the first `lookback` bars, 0 afterwards. */
export function emptyCandlestickResult(length: number, lookback: number): CandlestickResult {
  const signal = new Float64Array(length);
  const confidence = new Float64Array(length);
  const warm = Math.min(lookback, length);
  signal.fill(Number.NaN, 0, warm);
  confidence.fill(Number.NaN, 0, warm);
  return { signal, confidence };
}
