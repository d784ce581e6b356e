import type { ReportInput } from '../report-input.js';

/** What every report section carries besides its numbers. */
export interface SectionMeta {
  readonly as_of: string;
  readonly adjustment: string;
  readonly source: string;
  /** The bar the numbers are as of (`YYYY-MM-DD`). */
  readonly data_through: string;
  readonly parameters: Readonly<Record<string, unknown>>;
  /** Plain English, generated from this section's numbers only. */
  readonly narrative: string;
}

export type Section<T> = SectionMeta & T;

/** Wraps a section's numbers with its provenance and narrative. */
export function section<T extends object>(
  input: ReportInput,
  parameters: Readonly<Record<string, unknown>>,
  body: T,
  narrative: string,
  source = input.series.source,
): Section<T> {
  return {
    as_of: input.as_of,
    adjustment: input.adjustment,
    source,
    data_through: input.series.dates.at(-1) ?? '',
    parameters,
    ...body,
    narrative,
  };
}

/** A finite number, or null (JSON has no NaN). */
export function num(x: number | undefined): number | null {
  return x !== undefined && Number.isFinite(x) ? x : null;
}

/** Last finite value of a series, or NaN. */
export function last(xs: Float64Array | undefined): number {
  if (xs === undefined) return Number.NaN;
  return xs.length === 0 ? Number.NaN : (xs[xs.length - 1] as number);
}

/** Percentage with fixed decimals and an explicit sign, for narratives. */
export function pct(x: number, digits = 1): string {
  const v = (x * 100).toFixed(digits);
  return `${x > 0 ? '+' : ''}${v} %`;
}

/** Price with two decimals, for narratives. */
export function price(x: number): string {
  return x.toFixed(2);
}
