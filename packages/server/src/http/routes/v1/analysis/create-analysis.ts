import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { ANALYSIS_TIERS } from '../../../../analysis/report/report-input.js';
import { ProblemError } from '../../../../problems/problem-error.js';
import type { ApiRouteDef } from '../../../api-route.js';
import type { AppDeps } from '../../../app-deps.js';
import { jobView } from './job-schema.js';
import { submitAnalysis } from './submit-analysis.js';

const Body = Type.Object(
  {
    ticker: Type.String({
      minLength: 1,
      maxLength: 20,
      pattern: '^[A-Za-z0-9.^=-]+$',
      description: 'The example is a ticker of the synthetic demo market',
      examples: ['VZN'],
    }),
    tier: Type.Unsafe<(typeof ANALYSIS_TIERS)[number]>({
      type: 'string',
      enum: [...ANALYSIS_TIERS],
      description: 'Light, Medium or Full (in any case: `full` is Full)',
    }),
  },
  { additionalProperties: false },
);

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** POST /analysis — validates, deduplicates by Idempotency-Key, creates a queued job. */
export function createAnalysisRoute(deps: AppDeps): ApiRouteDef {
  return {
    method: 'POST',
    path: '/analysis',
    operationId: 'createAnalysis',
    entitlement: 'analysis',
    billable: true,
    replayable: true,
    normalise: (request) => {
      const body = request.body as { tier?: unknown } | null;
      if (body === null || typeof body !== 'object' || typeof body.tier !== 'string') return;
      const tier = ANALYSIS_TIERS.find((t) => t.toLowerCase() === (body.tier as string).trim().toLowerCase());
      if (tier !== undefined) body.tier = tier;
    },
    summary: 'Submit an asynchronous analysis (Light, Medium or Full)',
    description:
      'Answers 202 with the queued job, `Location` and `Retry-After`. With an `Idempotency-Key` header (per account, kept as long as its job: 30 days by default, at least 24 h) the same key and body return the same job, unbilled (`Idempotent-Replayed: true`), also once the quota is used up (a replay is still authenticated and burst-limited); the same key with another body is 422 idempotency_key_reused; a duplicate racing the first is 409 (a reservation whose request died is taken over after a minute). An unknown ticker or too little history is a 422 at once.',
    tags: ['analysis'],
    schema: {
      body: Body,
      headers: Type.Object({
        'idempotency-key': Type.Optional(
          Type.String({ maxLength: 255, description: 'Any unique string, e.g. a UUID' }),
        ),
      }),
      response: { 202: { $ref: 'AnalysisJob#' } },
    },
    async handler(request, reply) {
      const principal = request.principal;
      if (principal === null) throw new ProblemError('invalid_token', 'No API key.');
      const body = request.body as { ticker: string; tier: (typeof ANALYSIS_TIERS)[number] };
      const ticker = body.ticker.trim().toUpperCase();
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
      const accepted = (job: Parameters<typeof jobView>[0], replayed: boolean) => {
        reply
          .code(202)
          .header('location', `/api/v1/analysis/${job.id}`)
          .header('retry-after', job.tier === 'Light' ? '1' : '2');
        if (replayed) reply.header('idempotent-replayed', 'true');
        return jobView(job);
      };
      const account = principal.account.id;
      const hash = createHash('sha256')
        .update(JSON.stringify({ ticker, tier: body.tier }))
        .digest('hex');
      const replay = async (job_id: string) => {
        const job = await deps.storage.analysis.get(account, job_id);
        if (job === undefined) return undefined;
        request.billingWaived = true;
        return accepted(job, true);
      };
      const refusal = request.quotaRefusal;
      if (refusal !== null) {
        // Over quota: a replay still gets its stored job (it creates nothing, so it is not billed);
        // anything else is refused, and reserves nothing.
        const r =
          key === undefined ? undefined : await deps.storage.analysis.findIdempotencyKey(account, key, hash);
        const replayed = r?.kind === 'replay' ? await replay(r.job_id) : undefined;
        if (replayed !== undefined) return replayed;
        throw refusal();
      }
      if (key !== undefined) {
        const r = await deps.storage.analysis.reserveIdempotencyKey(account, key, hash);
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
        const job = await submitAnalysis(
          deps,
          { account_id: account, key_id: principal.key_id, ticker, tier: body.tier },
          key,
        );
        return accepted(job, false);
      } catch (err) {
        if (key !== undefined) await deps.storage.analysis.releaseIdempotencyKey(account, key);
        throw err;
      }
    },
  };
}
