import { Type } from '@sinclair/typebox';
import { iso, isoOrNull } from '../../../../clock/iso.js';
import type { AnalysisJobRecord } from '../../../../db/records.js';

const Timestamp = Type.String({ format: 'date-time' });

/** A backtest's size and price (ADR 0101): what a dry run answers and what a job was billed. */
export const BacktestQuote = Type.Object(
  {
    setup: Type.String(),
    tickers: Type.Integer({
      description: 'Tickers replayed (members of the universe on some day of the range)',
    }),
    sessions: Type.Integer({ description: 'Exchange sessions from `from` through `to` (or today)' }),
    ticker_sessions: Type.Integer({ description: 'tickers × sessions: the work the plan bounds' }),
    units: Type.Integer({
      description: 'Quota units the backtest costs: one per started 50,000 ticker-sessions',
    }),
    max_ticker_sessions: Type.Integer({ description: "The plan's bound on one backtest" }),
    within_plan: Type.Boolean(),
  },
  { $id: 'BacktestQuote' },
);

/** The job as the API shows it. `report` only when succeeded, `error` only when failed. */
export const BacktestJob = Type.Object(
  {
    job_id: Type.String({ examples: ['job_3kTMd9Qx0aZ1bC2dE3fG'] }),
    status: Type.Union(['queued', 'running', 'succeeded', 'failed', 'canceled'].map((s) => Type.Literal(s))),
    request: Type.Unknown({
      description: 'The backtest as submitted, with its universe resolved to `tickers`',
    }),
    quote: Type.Unknown({ description: 'Its size and the units it was billed (BacktestQuote)' }),
    progress: Type.Union(
      [
        Type.Object({
          percent: Type.Integer({ minimum: 0, maximum: 100 }),
          sessions_done: Type.Integer(),
          sessions: Type.Integer(),
        }),
        Type.Null(),
      ],
      { description: 'While running: sessions replayed so far (null before the replay starts)' },
    ),
    created_at: Timestamp,
    started_at: Type.Union([Timestamp, Type.Null()]),
    finished_at: Type.Union([Timestamp, Type.Null()]),
    attempts: Type.Integer({ description: 'Runs started so far (a retry after a crashed worker adds one)' }),
    report: Type.Optional(
      Type.Unknown({ description: 'The report, field for field what `bellwether backtest --json` prints' }),
    ),
    error: Type.Optional(Type.Unknown({ description: 'A problem object, when failed' })),
  },
  { $id: 'BacktestJob' },
);

/** Job row (and report text) → API document. */
export function backtestJobView(job: AnalysisJobRecord, reportText?: string) {
  const { quote, ...request } = (job.request ?? {}) as { quote?: unknown };
  return {
    job_id: job.id,
    status: job.status,
    request,
    quote: quote ?? null,
    progress: job.progress,
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
