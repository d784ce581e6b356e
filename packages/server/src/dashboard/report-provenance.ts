import type { AnalysisJobRecord } from '../db/records.js';

/**
 * How far before its job a report must have been computed to count as reused: clocks of different
 * processes (the worker that computed it, the node that stamped the job) may differ by this much.
 */
const CLOCK_MARGIN_MS = 1000;

/** When a job's report was computed, and whether it was computed before the job was asked for. */
export interface ReportProvenance {
  readonly computed_at: string;
  readonly reused: boolean;
}

/**
 * A new job may be answered with a stored report whose inputs are all unchanged (ADR 0063); that report
 * states the `as_of` it was computed at, on the service clock, which runs "as of" a past instant in demos
 * and tests. The job's `created_at` is stamped by the storage on real time, so it is moved onto the
 * service clock (by the clocks' offset now, `serviceNowMs − realNowMs`) before the two are compared.
 * Undefined when the report states no instant.
 */
export function reportProvenance(
  report: unknown,
  job: Pick<AnalysisJobRecord, 'created_at'>,
  serviceNowMs: number,
  realNowMs: number,
): ReportProvenance | undefined {
  const asOf =
    report !== null && typeof report === 'object' ? (report as { as_of?: unknown }).as_of : undefined;
  const computed = typeof asOf === 'string' ? Date.parse(asOf) : Number.NaN;
  const asked = Date.parse(job.created_at) + (serviceNowMs - realNowMs);
  if (!Number.isFinite(computed) || !Number.isFinite(asked)) return undefined;
  return { computed_at: asOf as string, reused: computed < asked - CLOCK_MARGIN_MS };
}
