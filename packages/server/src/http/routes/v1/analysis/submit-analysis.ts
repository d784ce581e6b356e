import { historyProblem } from '../../../../analysis/load-report-input.js';
import type { AnalysisTier } from '../../../../analysis/report/report-input.js';
import { newId } from '../../../../db/ids.js';
import type { AnalysisJobRecord } from '../../../../db/records.js';
import type { AppDeps } from '../../../app-deps.js';
import { loadShed, ProblemError } from '../../../errors/problem-error.js';
import { validateTicker } from '../../../validate-ticker.js';

/**
 * Creates and queues an analysis job, whoever asks (an API key or a dashboard session): 503 when the queue
 * is full, 422 for an unknown ticker or too short a history; the job row first, then the queue.
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
  if (!(await deps.jobs.hasRoom())) throw loadShed('The analysis queue is full; retry shortly.', 5);
  const instrument = await validateTicker(deps.market, job.ticker);
  const series = await deps.market.getDailySeries(instrument.ticker, {
    asOf: deps.clock.now(),
    adjustment: 'split_div',
  });
  const problem = historyProblem(instrument.ticker, series?.dates.length ?? 0);
  if (problem !== undefined) throw new ProblemError('insufficient_history', problem);
  const created = await deps.storage.analysis.create(
    {
      id: newId('job'),
      account_id: job.account_id,
      key_id: job.key_id,
      ticker: instrument.ticker,
      tier: job.tier,
    },
    idempotencyKey,
  );
  await deps.jobs.enqueue(created.id);
  return created;
}
