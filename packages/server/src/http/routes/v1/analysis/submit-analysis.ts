import { historyProblem } from '../../../../analysis/load-report-input.js';
import type { AnalysisTier } from '../../../../analysis/report/report-input.js';
import { newId } from '../../../../db/ids.js';
import type { AnalysisJobRecord } from '../../../../db/records.js';
import { validateTicker } from '../../../../market/validate-ticker.js';
import { ProblemError } from '../../../../problems/problem-error.js';
import type { AppDeps } from '../../../app-deps.js';
import { LoadShed } from '../../../errors/load-shed.js';

/**
 * Creates and queues an analysis job, whoever asks (an API key or a dashboard session): 503 when the queue
 * is full, 429 when the account already holds its share of it, 422 for an unknown ticker or too short a
 * history; the job row first, then the queue.
 */
export async function submitAnalysis(
  deps: AppDeps,
  job: {
    readonly account_id: string;
    readonly key_id: string;
    readonly ticker: string;
    readonly tier: AnalysisTier;
  },
  idempotencyKey?: string,
): Promise<AnalysisJobRecord> {
  if (!(await deps.jobs.hasRoom()))
    throw new LoadShed('analysis_queue_full', 'The analysis queue is full; retry shortly.', 5);
  const instrument = await validateTicker(deps.market, job.ticker);
  const series = await deps.market.getDailySeries(instrument.ticker, {
    asOf: deps.clock.now(),
    adjustment: 'split_div',
  });
  const problem = historyProblem(instrument.ticker, series?.dates.length ?? 0);
  if (problem !== undefined) throw new ProblemError('insufficient_history', problem);
  const limit = deps.jobs.accountQueueLimit;
  const created = await deps.storage.analysis.create(
    {
      id: newId('job'),
      account_id: job.account_id,
      key_id: job.key_id,
      ticker: instrument.ticker,
      tier: job.tier,
    },
    idempotencyKey,
    limit,
  );
  if (created === undefined)
    throw new ProblemError(
      'too_many_jobs',
      `This account already has ${limit} analyses waiting in the queue, the most one account may have; submit more as they start (poll GET /api/v1/analysis?status=queued), or retry after Retry-After seconds.`,
      { headers: { 'retry-after': '5' } },
    );
  await deps.jobs.enqueue(created.id);
  return created;
}
