import { Type } from '@sinclair/typebox';
import { isOpaqueId } from '../../../../db/ids.js';
import type { AnalysisJobRecord } from '../../../../db/records.js';
import { ProblemError } from '../../../../problems/problem-error.js';
import type { ApiRouteDef } from '../../../api-route.js';
import type { AppDeps } from '../../../app-deps.js';
import { isTerminal } from '../analysis/job-schema.js';
import { backtestJobView } from './backtest-job-schema.js';

const MAX_WAIT_SECONDS = 20;
/** Between checks of the row while long-polling (a job may finish, or progress, in another process). */
const POLL_MS = 250;

/** The caller's backtest, or a 404 that does not tell another account's job from no job. */
async function ownBacktest(deps: AppDeps, account: string, id: string): Promise<AnalysisJobRecord> {
  const job = isOpaqueId(id) ? await deps.storage.backtests.get(account, id) : undefined;
  if (job === undefined) throw new ProblemError('not_found', `No backtest job ${id}.`);
  return job;
}

/** GET /backtests/{job_id} — poll (unbilled); `wait=N` holds the request up to N s until the job ends. */
export function getBacktestRoute(deps: AppDeps): ApiRouteDef {
  return {
    method: 'GET',
    path: '/backtests/:job_id',
    operationId: 'getBacktest',
    entitlement: 'analysis',
    billable: false,
    summary: 'Poll a backtest job',
    description: `Not billed. \`progress\` (\`percent\`, \`sessions_done\`, \`sessions\`) while running. \`wait\` (0–${MAX_WAIT_SECONDS} s) long-polls: the answer comes as soon as the job ends, or when the wait is over. While the job is not finished the answer carries \`Retry-After\`.`,
    tags: ['backtests'],
    schema: {
      params: Type.Object({ job_id: Type.String({ maxLength: 64 }) }),
      querystring: Type.Object(
        { wait: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_WAIT_SECONDS, default: 0 })) },
        { additionalProperties: false },
      ),
      response: { 200: { $ref: 'BacktestJob#' } },
    },
    async handler(request, reply) {
      const account = request.principal?.account.id as string;
      const { job_id } = request.params as { job_id: string };
      const wait = (request.query as { wait?: number }).wait ?? 0;
      const deadline = Date.now() + wait * 1000;
      let job = await ownBacktest(deps, account, job_id);
      while (!isTerminal(job.status) && Date.now() < deadline) {
        await deps.jobs.waitFor(job_id, Math.min(POLL_MS, deadline - Date.now()));
        job = await ownBacktest(deps, account, job_id);
      }
      if (!isTerminal(job.status)) reply.header('retry-after', '1');
      const report =
        job.report_id === null ? undefined : await deps.storage.backtests.getReport(job.report_id);
      return backtestJobView(job, report);
    },
  };
}
