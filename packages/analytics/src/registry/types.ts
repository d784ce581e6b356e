/**
 * Metadata shared by every indicator and pattern. One entry per function drives parameter
 * validation, the catalogue endpoint, OpenAPI enums and the generated docs.
 */

/** Price/volume columns an indicator may read. */
export type SeriesName = 'open' | 'high' | 'low' | 'close' | 'volume';

export type IndicatorGroup =
  | 'overlap'
  | 'momentum'
  | 'volatility'
  | 'volume'
  | 'trend'
  | 'statistics'
  | 'price_transform'
  | 'math'
  | 'cycle'
  | 'candlestick';

export interface NumberParamSpec {
  readonly name: string;
  readonly type: 'int' | 'float';
  readonly default: number;
  /** Inclusive bounds. */
  readonly min: number;
  readonly max: number;
  readonly description: string;
}

export interface EnumParamSpec {
  readonly name: string;
  readonly type: 'enum';
  readonly default: string;
  readonly values: readonly string[];
  readonly description: string;
}

export type ParamSpec = NumberParamSpec | EnumParamSpec;

export type ParamValues = Readonly<Record<string, number | string>>;

export interface OutputSpec {
  readonly name: string;
  readonly description: string;
}

export type SeriesInputs = Readonly<Partial<Record<SeriesName, Float64Array>>>;

export type SeriesOutputs = Readonly<Record<string, Float64Array>>;

export interface IndicatorMeta {
  /** TA-Lib function name in lower case where TA-Lib has one (`sma`, `plus_di`, `cdlengulfing`). */
  readonly code: string;
  readonly name: string;
  readonly group: IndicatorGroup;
  /** Friendly names that resolve to this code (`bollinger` → `bbands`). */
  readonly aliases: readonly string[];
  readonly inputs: readonly SeriesName[];
  readonly params: readonly ParamSpec[];
  readonly outputs: readonly OutputSpec[];
  /** Number of leading bars that are NaN for the given (validated) parameters. */
  lookback(params: ParamValues): number;
  /** Declared formula variant / convention, e.g. "Wilder smoothing, seeded with SMA (TA-Lib)". */
  readonly variant: string;
  readonly references: readonly string[];
  /**
   * Optional: the input values for which outputs are defined, when narrower than all finite numbers
   * (`acos`: [-1, 1]). Outside it outputs may be NaN after the lookback; the contract suite maps its
   * test inputs into this range before checking that outputs are finite.
   */
  readonly inputDomain?: readonly [number, number];
  /** Runs the batch function. Inputs are not mutated; outputs have the input length. */
  compute(inputs: SeriesInputs, params: ParamValues): SeriesOutputs;
}
