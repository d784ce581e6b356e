import { Type } from '@sinclair/typebox';
import { isOpaqueId } from '../../../../db/ids.js';
import type { AnalysisJobRecord } from '../../../../db/records.js';
import { ProblemError } from '../../../../problems/problem-error.js';
import type { ApiRouteDef } from '../../../api-route.js';
import type { AppDeps } from '../../../app-deps.js';
import { isTerminal, jobView } from './job-schema.js';

const MAX_WAIT_SECONDS = 20;
/** Between checks of the row while long-polling (a job may finish in another process). */
const POLL_MS = 250;

export const JobParams = Type.Object({ job_id: Type.String({ maxLength: 64 }) });

/** The caller's job, or a 404 that does not tell another account's job from no job. */
export async function ownJob(deps: AppDeps, account: string, id: string): Promise<AnalysisJobRecord> {
  const job = isOpaqueId(id) ? await deps.storage.analysis.get(account, id) : undefined;
  if (job === undefined) throw new ProblemError('not_found', `No analysis job ${id}.`);
  return job;
}

/** GET /analysis/{job_id} — poll (unbilled); `wait=N` holds the request up to N s until the job ends. */
export function getAnalysisRoute(deps: AppDeps): ApiRouteDef {
  return {
    method: 'GET',
    path: '/analysis/:job_id',
    operationId: 'getAnalysis',
    entitlement: 'analysis',
    billable: false,
    summary: 'Poll an analysis job',
    description: `Not billed. \`wait\` (0–${MAX_WAIT_SECONDS} s) long-polls: the answer comes as soon as the job ends, or when the wait is over. While the job is not finished the answer carries \`Retry-After\`.`,
    tags: ['analysis'],
    schema: {
      params: JobParams,
      querystring: Type.Object(
        { wait: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_WAIT_SECONDS, default: 0 })) },
        { additionalProperties: false },
      ),
      response: { 200: { $ref: 'AnalysisJob#' } },
    },
    async handler(request, reply) {
      const account = request.principal?.account.id as string;
      const { job_id } = request.params as { job_id: string };
      const wait = (request.query as { wait?: number }).wait ?? 0;
      const deadline = Date.now() + wait * 1000;
      let job = await ownJob(deps, account, job_id);
      while (!isTerminal(job.status) && Date.now() < deadline) {
        await deps.jobs.waitFor(job_id, Math.min(POLL_MS, deadline - Date.now()));
        job = await ownJob(deps, account, job_id);
      }
      if (!isTerminal(job.status)) reply.header('retry-after', '1');
      const report =
        job.report_id === null ? undefined : await deps.storage.analysis.getReport(job.report_id);
      return jobView(job, report);
    },
  };
}
