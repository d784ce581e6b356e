import { findIndicator } from './lookup.js';
import type { IndicatorMeta, ParamValues, SeriesInputs, SeriesOutputs } from './types.js';
import { type ParamError, validateParams } from './validate.js';

export type ComputeResult =
  | {
      readonly ok: true;
      readonly meta: IndicatorMeta;
      readonly params: ParamValues;
      /** Leading NaN bars for these parameters. */
      readonly lookback: number;
      readonly outputs: SeriesOutputs;
    }
  | {
      readonly ok: false;
      readonly reason: 'unknown_indicator' | 'invalid_params' | 'invalid_inputs';
      /** For input problems `param` names the series (`close`, `volume`…). */
      readonly errors: readonly ParamError[];
    };

/**
 * The single entry point behind the API: resolves `code` (or an alias, case-insensitive), validates
 * the raw parameters and the input series (present, same length), then runs the batch function.
 * Expected problems come back as values; only programming faults throw.
 */
export function computeIndicator(
  code: string,
  inputs: SeriesInputs,
  rawParams: Readonly<Record<string, unknown>> = {},
): ComputeResult {
  const meta = findIndicator(code);
  if (meta === undefined) {
    return {
      ok: false,
      reason: 'unknown_indicator',
      errors: [{ param: 'code', message: `unknown indicator "${code}"` }],
    };
  }
  const validation = validateParams(meta.params, rawParams, meta.ordered);
  if (!validation.ok) return { ok: false, reason: 'invalid_params', errors: validation.errors };
  const inputErrors = checkInputs(meta, inputs);
  if (inputErrors.length > 0) return { ok: false, reason: 'invalid_inputs', errors: inputErrors };
  const params = validation.params;
  return { ok: true, meta, params, lookback: meta.lookback(params), outputs: meta.compute(inputs, params) };
}

function checkInputs(meta: IndicatorMeta, inputs: SeriesInputs): ParamError[] {
  const errors: ParamError[] = [];
  let length = -1;
  for (const name of meta.inputs) {
    const s = inputs[name];
    if (s === undefined) {
      errors.push({ param: name, message: `series ${name} is required by ${meta.code}` });
    } else if (length === -1) {
      length = s.length;
    } else if (s.length !== length) {
      errors.push({ param: name, message: `series ${name} has ${s.length} bars, expected ${length}` });
    }
  }
  return errors;
}
