import type {
  IndicatorGroup,
  IndicatorMeta,
  ParamSpec,
  ParamValues,
  SeriesName,
} from '../../registry/types.js';
import { series } from './inputs.js';

/** What a single-input, single-output indicator declares; `seriesIndicator` fills in the rest. */
export interface SeriesIndicatorSpec {
  readonly code: string;
  readonly name: string;
  readonly group: IndicatorGroup;
  readonly aliases?: readonly string[];
  /** The series read (default `close`). */
  readonly input?: SeriesName;
  readonly params: readonly ParamSpec[];
  /** Parameter pairs that must be strictly increasing (see IndicatorMeta.ordered). */
  readonly ordered?: readonly (readonly [string, string])[];
  /** Output name (default: the code) and description. */
  readonly output?: string;
  readonly description: string;
  readonly variant: string;
  readonly references: readonly string[];
  readonly lookback: (params: ParamValues) => number;
  readonly run: (values: Float64Array, params: ParamValues) => Float64Array;
}

/** Registry entry for the common case of one input series and one output series. */
export function seriesIndicator(spec: SeriesIndicatorSpec): IndicatorMeta {
  const input = spec.input ?? 'close';
  const output = spec.output ?? spec.code;
  return {
    code: spec.code,
    name: spec.name,
    group: spec.group,
    aliases: spec.aliases ?? [],
    inputs: [input],
    params: spec.params,
    ...(spec.ordered === undefined ? {} : { ordered: spec.ordered }),
    outputs: [{ name: output, description: spec.description }],
    lookback: spec.lookback,
    variant: spec.variant,
    references: spec.references,
    compute: (inputs, params) => ({ [output]: spec.run(series(inputs, input), params) }),
  };
}
