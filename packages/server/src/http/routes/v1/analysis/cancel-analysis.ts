import { ProblemError } from '../../../../problems/problem-error.js';
import type { ApiRouteDef } from '../../../api-route.js';
import type { AppDeps } from '../../../app-deps.js';
import { JobParams, ownJob } from './get-analysis.js';
import { jobView } from './job-schema.js';

/** DELETE /analysis/{job_id} — cancels a queued job (unbilled); a job already running or ended is a 409. */
export function cancelAnalysisRoute(deps: AppDeps): ApiRouteDef {
  return {
    method: 'DELETE',
    path: '/analysis/:job_id',
    operationId: 'cancelAnalysis',
    entitlement: 'analysis',
    billable: false,
    summary: 'Cancel a queued analysis job',
    description:
      'Not billed. A queued job becomes `canceled` and is never run; canceling a canceled job answers it again. A running or finished job cannot be canceled (409 conflict).',
    tags: ['analysis'],
    schema: { params: JobParams, response: { 200: { $ref: 'AnalysisJob#' } } },
    async handler(request) {
      const account = request.principal?.account.id as string;
      const { job_id } = request.params as { job_id: string };
      await ownJob(deps, account, job_id);
      const job = await deps.storage.analysis.cancel(account, job_id);
      if (job === undefined) throw new ProblemError('not_found', `No analysis job ${job_id}.`);
      if (job.status !== 'canceled')
        throw new ProblemError(
          'conflict',
          `Job ${job_id} is ${job.status}; only a queued job can be canceled.`,
        );
      deps.jobs.notify(job_id);
      return jobView(job);
    },
  };
}
