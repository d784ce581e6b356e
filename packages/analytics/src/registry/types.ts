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
  /** Optional: the only values accepted, each within [min, max] (`bin_minutes`: 1, 5, 10, 15, 30, 60). */
  readonly allowed?: readonly number[];
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
  /**
   * Pairs of parameters whose values must be strictly increasing (`[fast_period, slow_period]`): a call
   * that swaps them is refused, never silently corrected (TA-Lib swaps them).
   */
  readonly ordered?: readonly (readonly [string, string])[];
  /** Runs the batch function. Inputs are not mutated; outputs have the input length. */
  compute(inputs: SeriesInputs, params: ParamValues): SeriesOutputs;
}

/** The computable families the catalogue registers, each through one `FamilyMeta`. */
export type FamilyCode =
  | 'indicators'
  | 'candlestick_patterns'
  | 'chart_patterns'
  | 'support_resistance'
  | 'risk_metrics'
  | 'microstructure'
  | 'portfolio'
  | 'sentiment';

/** Something a request may name within a family: an indicator, pattern, metric, estimator or optimiser. */
export interface MemberSpec {
  /** snake_case (or TA-Lib) identifier used by the API. */
  readonly code: string;
  readonly name: string;
  readonly description: string;
}

/**
 * A family's entry in the catalogue: the members a request may name and the parameters the family
 * takes, in the same `ParamSpec` shape as an indicator's, so `validateParams` rejects unknown names and
 * out-of-range values the same way for every family. Members that take their own parameters
 * (indicators, risk metrics) declare them on their own entries as well.
 */
export interface FamilyMeta {
  readonly code: FamilyCode;
  readonly name: string;
  readonly description: string;
  readonly members: readonly MemberSpec[];
  readonly params: readonly ParamSpec[];
}
