import { CATALOG } from './catalog.js';
import type { IndicatorGroup, IndicatorMeta, OutputSpec, ParamSpec, SeriesName } from './types.js';

/** The JSON-serialisable part of an entry, for the catalogue endpoint and generated docs. */
export interface IndicatorDescription {
  readonly code: string;
  readonly name: string;
  readonly group: IndicatorGroup;
  readonly aliases: readonly string[];
  readonly inputs: readonly SeriesName[];
  readonly params: readonly ParamSpec[];
  readonly outputs: readonly OutputSpec[];
  /** Lookback at the default parameters. */
  readonly defaultLookback: number;
  readonly variant: string;
  readonly references: readonly string[];
  readonly inputDomain?: readonly [number, number];
  /** Parameter pairs that must be strictly increasing, e.g. `fast_period < slow_period`. */
  readonly constraints?: readonly string[];
}

/** Describes one entry without its functions (lookback evaluated at the defaults). */
export function describeIndicator(meta: IndicatorMeta): IndicatorDescription {
  const defaults = Object.fromEntries(meta.params.map((p) => [p.name, p.default]));
  return {
    code: meta.code,
    name: meta.name,
    group: meta.group,
    aliases: meta.aliases,
    inputs: meta.inputs,
    params: meta.params,
    outputs: meta.outputs,
    defaultLookback: meta.lookback(defaults),
    variant: meta.variant,
    references: meta.references,
    ...(meta.inputDomain === undefined ? {} : { inputDomain: meta.inputDomain }),
    ...(meta.ordered === undefined ? {} : { constraints: meta.ordered.map(([a, b]) => `${a} < ${b}`) }),
  };
}

/** The whole catalogue, described, in catalogue order. */
export function describeCatalog(entries: readonly IndicatorMeta[] = CATALOG): IndicatorDescription[] {
  return entries.map(describeIndicator);
}
