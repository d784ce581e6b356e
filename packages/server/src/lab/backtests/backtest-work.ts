import { PermanentJobError } from '../../analysis/job-problem.js';
import type { JobWork } from '../../analysis/job-runner.js';
import { type BacktestOptions, loadBacktest } from '../../cards/backtest.js';
import type { PublicationDeps } from '../../cards/publish-session.js';
import type { ResolvedBacktestRequest } from './backtest-request.js';
import type { BacktestInput } from './backtest-task.js';
import { resolveSetup } from './resolve-setup.js';

/** Stored progress at most this often (a poll or a long-poll reads it from the row). */
const PROGRESS_EVERY_MS = 500;

/** The engine's options for a stored request: its setup, tickers, dates and costs. */
async function engineOptions(
  request: ResolvedBacktestRequest,
  account_id: string,
): Promise<Omit<BacktestOptions, 'onProgress' | 'onCard'>> {
  const setup = await resolveSetup(request.setup, account_id);
  if (setup === undefined)
    throw new PermanentJobError('validation_failed', `The setup ${request.setup} no longer exists.`);
  const bps = request.costs?.bps_per_side;
  return {
    from: request.from,
    to: request.to,
    tickers: request.tickers,
    ...setup.engine,
    rules: bps === undefined ? {} : { costBps: bps },
  };
}

/**
 * Backtest jobs on the analysis runner (ADR 0101): the data are read here (the I/O half of the engine),
 * the replay runs on a worker thread (`backtest-task.ts`). A report belongs to its job.
 */
export function backtestWork(deps: PublicationDeps): JobWork {
  return {
    progressEveryMs: PROGRESS_EVERY_MS,
    async prepare(job) {
      const options = await engineOptions(job.request as unknown as ResolvedBacktestRequest, job.account_id);
      const input: BacktestInput = { data: await loadBacktest(deps, options), options };
      return { reportId: `bt_${job.id}`, input };
    },
  };
}
