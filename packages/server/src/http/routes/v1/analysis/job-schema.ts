import { Type } from '@sinclair/typebox';
import { iso, isoOrNull } from '../../../../clock/iso.js';
import type { AnalysisJobRecord } from '../../../../db/records.js';

const Timestamp = Type.String({ format: 'date-time' });
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);

/** The job as the API shows it. `report` only when succeeded, `error` only when failed. */
export const AnalysisJob = Type.Object(
  {
    job_id: Type.String({ examples: ['job_3kTMd9Qx0aZ1bC2dE3fG'] }),
    status: Type.Union(['queued', 'running', 'succeeded', 'failed', 'canceled'].map((s) => Type.Literal(s))),
    ticker: Type.String(),
    tier: Type.Union(['Light', 'Medium', 'Full'].map((s) => Type.Literal(s))),
    created_at: Timestamp,
    started_at: Type.Union([Timestamp, Type.Null()], {
      description: 'When the first attempt started; a retry keeps it (`attempts` counts the runs)',
    }),
    finished_at: NullableTimestamp,
    attempts: Type.Integer({ description: 'Runs started so far (a retry after a crashed worker adds one)' }),
    report: Type.Optional(
      Type.Unknown({ description: 'The report (docs/analysis/report.schema.json), when succeeded' }),
    ),
    error: Type.Optional(Type.Unknown({ description: 'A problem object, when failed' })),
  },
  { $id: 'AnalysisJob' },
);

const TERMINAL = new Set(['succeeded', 'failed', 'canceled']);

export function isTerminal(status: string): boolean {
  return TERMINAL.has(status);
}

/** Job row (and report text) → API document. */
export function jobView(job: AnalysisJobRecord, reportText?: string) {
  return {
    job_id: job.id,
    status: job.status,
    ticker: job.ticker,
    tier: job.tier,
    created_at: iso(job.created_at),
    started_at: isoOrNull(job.started_at),
    finished_at: isoOrNull(job.finished_at),
    attempts: job.attempts,
    ...(job.status === 'succeeded' && reportText !== undefined
      ? { report: JSON.parse(reportText) as unknown }
      : {}),
    ...(job.status === 'failed' && job.error !== null ? { error: job.error } : {}),
  };
}
