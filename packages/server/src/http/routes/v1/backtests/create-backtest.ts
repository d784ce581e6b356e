import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { newId } from '../../../../db/ids.js';
import type { AnalysisJobRecord } from '../../../../db/records.js';
import type { BacktestRequest } from '../../../../lab/backtests/backtest-request.js';
import { BUILT_IN_SETUPS } from '../../../../lab/backtests/resolve-setup.js';
import { ProblemError } from '../../../../problems/problem-error.js';
import type { ApiRouteDef } from '../../../api-route.js';
import type { AppDeps } from '../../../app-deps.js';
import { LoadShed } from '../../../errors/load-shed.js';
import { backtestJobView } from './backtest-job-schema.js';
import { chargeUnits } from './charge-units.js';
import { quoteBacktest, tooLarge } from './quote-backtest.js';

const DATE = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date' } as const;

const Body = Type.Object(
  {
    setup: Type.String({
      minLength: 1,
      maxLength: 64,
      description: `A built-in setup: ${BUILT_IN_SETUPS.join(', ')}`,
      examples: ['trend_pullback'],
    }),
    universe: Type.Union(
      [
        Type.Object(
          {
            tickers: Type.Array(Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9.^=-]+$' }), {
              minItems: 1,
              maxItems: 2000,
            }),
          },
          { additionalProperties: false },
        ),
        Type.Object(
          { sector: Type.String({ minLength: 1, maxLength: 80 }) },
          { additionalProperties: false },
        ),
        Type.Object({ index: Type.Literal('point_in_time') }, { additionalProperties: false }),
      ],
      {
        description: 'Tickers, a sector, or the point-in-time index membership (members on each day only)',
        examples: [{ tickers: ['VZN', 'PLST', 'DRRN'] }],
      },
    ),
    from: Type.Unsafe<string>({ ...DATE, description: 'First session replayed', examples: ['2024-01-02'] }),
    to: Type.Unsafe<string>({ ...DATE, description: 'Last session replayed', examples: ['2025-12-31'] }),
    costs: Type.Optional(
      Type.Object(
        {
          bps_per_side: Type.Optional(
            Type.Number({
              minimum: 0,
              maximum: 100,
              description:
                "Commission and slippage per side in basis points (default: the service's cards costs)",
            }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * POST /backtests — a backtest as a job (ADR 0101): validated and sized at once, billed by size, then
 * replayed on the analysis workers. `dry_run=true` answers the quote and creates nothing.
 */
export function createBacktestRoute(deps: AppDeps): ApiRouteDef {
  return {
    method: 'POST',
    path: '/backtests',
    operationId: 'createBacktest',
    entitlement: 'analysis',
    billable: true,
    replayable: true,
    summary: 'Submit a backtest of a setup over a universe and a date range',
    description:
      "Replays card publication and outcome tracking with the engine of `bellwether backtest` (the same report, field for field). Answers 202 with the queued job, `Location` and `Retry-After`; poll or long-poll `GET /backtests/{job_id}` (`progress` while running). Billed by size: one quota unit per started 50,000 ticker-sessions (tickers × sessions), at least one; the plan bounds one backtest's ticker-sessions (422 backtest_too_large). `dry_run=true` answers 200 with the size and cost (BacktestQuote), creates nothing and is not billed. `Idempotency-Key` as for analyses: the same key and body return the same job, unbilled.",
    tags: ['backtests'],
    schema: {
      querystring: Type.Object(
        {
          dry_run: Type.Optional(
            Type.Boolean({ default: false, description: 'Quote only: no job, not billed' }),
          ),
        },
        { additionalProperties: false },
      ),
      body: Body,
      headers: Type.Object({
        'idempotency-key': Type.Optional(
          Type.String({ maxLength: 255, description: 'Any unique string, e.g. a UUID' }),
        ),
      }),
      response: { 200: { $ref: 'BacktestQuote#' }, 202: { $ref: 'BacktestJob#' } },
    },
    async handler(request, reply) {
      const principal = request.principal;
      if (principal === null) throw new ProblemError('invalid_token', 'No API key.');
      const body = request.body as BacktestRequest;
      const account = principal.account.id;
      if ((request.query as { dry_run?: boolean }).dry_run === true) {
        // A quote creates nothing: never billed, and answered even when the quota is used up.
        request.billingWaived = true;
        return (await quoteBacktest(deps, principal, body)).quote;
      }
      const rawKey = request.headers['idempotency-key'];
      const key = typeof rawKey === 'string' ? rawKey : undefined;
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key))
        throw new ProblemError(
          'validation_failed',
          'Idempotency-Key must be 1–255 visible ASCII characters.',
          {
            extras: {
              errors: [
                { pointer: '/headers/idempotency-key', detail: 'must be 1–255 visible ASCII characters' },
              ],
            },
          },
        );
      const accepted = (job: AnalysisJobRecord, replayed: boolean) => {
        reply.code(202).header('location', `/api/v1/backtests/${job.id}`).header('retry-after', '2');
        if (replayed) reply.header('idempotent-replayed', 'true');
        return backtestJobView(job);
      };
      const hash = createHash('sha256')
        .update(JSON.stringify({ backtest: body }))
        .digest('hex');
      const repo = deps.storage.backtests;
      const replay = async (job_id: string) => {
        const job = await repo.get(account, job_id);
        if (job === undefined) return undefined;
        request.billingWaived = true;
        return accepted(job, true);
      };
      const refusal = request.quotaRefusal;
      if (refusal !== null) {
        const r = key === undefined ? undefined : await repo.findIdempotencyKey(account, key, hash);
        const replayed = r?.kind === 'replay' ? await replay(r.job_id) : undefined;
        if (replayed !== undefined) return replayed;
        throw refusal();
      }
      if (key !== undefined) {
        const r = await repo.reserveIdempotencyKey(account, key, hash);
        if (r.kind === 'mismatch')
          throw new ProblemError(
            'idempotency_key_reused',
            'This Idempotency-Key was used with a different request body; use a new key for a new request.',
          );
        if (r.kind === 'in_progress')
          throw new ProblemError(
            'conflict',
            'A request with this Idempotency-Key is still being processed; retry shortly.',
            {
              headers: { 'retry-after': '1' },
            },
          );
        if (r.kind === 'replay') {
          const replayed = await replay(r.job_id);
          if (replayed !== undefined) return replayed;
        }
      }
      try {
        const { request: resolved, quote } = await quoteBacktest(deps, principal, body);
        if (!quote.within_plan) throw tooLarge(quote);
        if (!(await deps.jobs.hasRoom()))
          throw new LoadShed('analysis_queue_full', 'The job queue is full; retry shortly.', 5);
        const refund = await chargeUnits(deps, request, quote.units);
        const limit = deps.jobs.accountQueueLimit;
        const created = await repo
          .create(
            {
              id: newId('job'),
              account_id: account,
              key_id: principal.key_id,
              ticker: '',
              tier: '',
              request: { ...resolved, quote },
            },
            key,
            limit,
          )
          .catch(async (err: unknown) => {
            await refund();
            throw err;
          });
        if (created === undefined) {
          await refund();
          throw new ProblemError(
            'too_many_jobs',
            `This account already has ${limit} backtests waiting in the queue, the most one account may have; submit more as they start, or retry after Retry-After seconds.`,
            { headers: { 'retry-after': '5' } },
          );
        }
        await deps.jobs.enqueue(created.id);
        return accepted(created, false);
      } catch (err) {
        if (key !== undefined) await repo.releaseIdempotencyKey(account, key);
        throw err;
      }
    },
  };
}
