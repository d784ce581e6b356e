import type { Transaction } from 'kysely';
import { analysisEvent, backtestEvent } from './change-events.js';
import { appendEvents } from './event-outbox.js';
import { after as olderThan } from './newest-first.js';
import type { AnalysisJobRecord, AnalysisJobStatus, JobKind, JobProgress } from './records.js';
import type { RepoContext } from './repo-context.js';
import type { AnalysisRepo, IdempotencyReservation, NewAnalysisJob } from './repositories.js';
import type { AnalysisJobsTable, Database } from './schema.js';

function toRecord(row: AnalysisJobsTable): AnalysisJobRecord {
  return {
    ...row,
    status: row.status as AnalysisJobStatus,
    attempts: Number(row.attempts),
    error: row.error === null ? null : (JSON.parse(row.error) as Record<string, unknown>),
    kind: row.kind as JobKind,
    request: row.request === null ? null : (JSON.parse(row.request) as Record<string, unknown>),
    progress: row.progress === null ? null : (JSON.parse(row.progress) as JobProgress),
  };
}

/** The event a finished job appends: by its kind (ADR 0101). */
const finishedEvent = (job: AnalysisJobsTable) =>
  job.kind === 'backtest' ? backtestEvent(job) : analysisEvent(job);

/** A reservation still without its job after this long belongs to a request that died. */
const ABANDONED_RESERVATION_MS = 60_000;

/**
 * The jobs of one kind (ADR 0101): what a customer names (create, get, list, cancel, the queued count)
 * sees only jobs of `kind`; what the runner does by job id (claim, finish, requeue, recover, purge)
 * acts on every kind, so one runner and one queue serve analyses and backtests.
 */
export function createAnalysisRepo(
  { db, dialect, now, eventSignal }: RepoContext,
  kind: JobKind = 'analysis',
): AnalysisRepo {
  /** Changes a running job's row only while `attempt` is still its current attempt (the fencing token). */
  const setRunning = async (
    id: string,
    attempt: number,
    values: Partial<AnalysisJobsTable>,
  ): Promise<boolean> => {
    const r = await db
      .updateTable('analysis_jobs')
      .set(values)
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('attempts', '=', attempt)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  };

  /** running → an end state with its event, only while `attempt` is current (the fencing token). */
  const finishRunning = async (
    trx: Transaction<Database>,
    id: string,
    attempt: number,
    values: Partial<AnalysisJobsTable>,
    at: string,
  ): Promise<boolean> => {
    const job = await trx
      .updateTable('analysis_jobs')
      .set({ ...values, finished_at: at, lease_until: null })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('attempts', '=', attempt)
      .returningAll()
      .executeTakeFirst();
    if (job === undefined) return false;
    await appendEvents(trx, [finishedEvent(job)], at);
    return true;
  };

  /** Passes a transaction's verdict on, telling the event listeners when it committed an event. */
  const notified = (wrote: boolean): boolean => {
    if (wrote) eventSignal.notify();
    return wrote;
  };

  const readKey = async (account_id: string, key: string, request_hash: string) => {
    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('account_id', '=', account_id)
      .where('key', '=', key)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    if (row.request_hash !== request_hash) return { kind: 'mismatch' } as const;
    return row.job_id === null
      ? ({ kind: 'in_progress' } as const)
      : ({ kind: 'replay', job_id: row.job_id } as const);
  };

  return {
    async reserveIdempotencyKey(account_id, key, request_hash): Promise<IdempotencyReservation> {
      const r = await db
        .insertInto('idempotency_keys')
        .values({ account_id, key, request_hash, job_id: null, created_at: now() })
        .onConflict((oc) => oc.columns(['account_id', 'key']).doNothing())
        .executeTakeFirst();
      if (Number(r.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: 'reserved' };
      // A reservation whose request never created its job (its process died in between) is taken over
      // once it is a minute old; the condition on its age lets exactly one racing request take it.
      const abandoned = new Date(Date.parse(now()) - ABANDONED_RESERVATION_MS).toISOString();
      const taken = await db
        .updateTable('idempotency_keys')
        .set({ request_hash, created_at: now() })
        .where('account_id', '=', account_id)
        .where('key', '=', key)
        .where('job_id', 'is', null)
        .where('created_at', '<', abandoned)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) return { kind: 'reserved' };
      // Taken: by a finished request (replay or mismatch) or one still creating its job.
      return (await readKey(account_id, key, request_hash)) ?? { kind: 'in_progress' };
    },

    findIdempotencyKey: readKey,

    async releaseIdempotencyKey(account_id, key) {
      await db
        .deleteFrom('idempotency_keys')
        .where('account_id', '=', account_id)
        .where('key', '=', key)
        .where('job_id', 'is', null)
        .execute();
    },

    // One implementation of both overloads: without `maxWaiting` it always creates.
    create: (async (job: NewAnalysisJob, idempotencyKey?: string, maxWaiting?: number) => {
      const { request, ...rest } = job;
      const row: AnalysisJobsTable = {
        ...rest,
        kind,
        request: request === undefined || request === null ? null : JSON.stringify(request),
        progress: null,
        status: 'queued',
        attempts: 0,
        created_at: now(),
        started_at: null,
        finished_at: null,
        lease_until: null,
        report_id: null,
        error: null,
      };
      const created = await db.transaction().execute(async (trx) => {
        if (maxWaiting !== undefined) {
          // Serialises an account's submissions (PostgreSQL locks its row; SQLite holds the write lock),
          // so concurrent ones cannot queue past the bound.
          await trx
            .selectFrom('accounts')
            .select('id')
            .where('id', '=', job.account_id)
            .$if(dialect === 'postgres', (qb) => qb.forUpdate())
            .executeTakeFirst();
          const { waiting } = await trx
            .selectFrom('analysis_jobs')
            .select((eb) => eb.fn.countAll<number | string | bigint>().as('waiting'))
            .where('account_id', '=', job.account_id)
            .where('status', '=', 'queued')
            .where('kind', '=', kind)
            .executeTakeFirstOrThrow();
          if (Number(waiting) >= maxWaiting) return false;
        }
        await trx.insertInto('analysis_jobs').values(row).execute();
        if (idempotencyKey !== undefined)
          await trx
            .updateTable('idempotency_keys')
            .set({ job_id: job.id })
            .where('account_id', '=', job.account_id)
            .where('key', '=', idempotencyKey)
            .execute();
        return true;
      });
      return created ? toRecord(row) : undefined;
    }) as AnalysisRepo['create'],

    async get(account_id, id) {
      const row = await db
        .selectFrom('analysis_jobs')
        .selectAll()
        .where('account_id', '=', account_id)
        .where('id', '=', id)
        .where('kind', '=', kind)
        .executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },

    async list(account_id, { status, limit, after }) {
      let q = db
        .selectFrom('analysis_jobs')
        .selectAll()
        .where('account_id', '=', account_id)
        .where('kind', '=', kind);
      if (status !== undefined) q = q.where('status', '=', status);
      if (after !== undefined) q = q.where(olderThan('created_at', { time: after.created_at, id: after.id }));
      const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toRecord);
    },

    async cancel(account_id, id) {
      await db
        .updateTable('analysis_jobs')
        .set({ status: 'canceled', finished_at: now() })
        .where('account_id', '=', account_id)
        .where('id', '=', id)
        .where('kind', '=', kind)
        .where('status', '=', 'queued')
        .execute();
      return this.get(account_id, id);
    },

    async claim(id, lease_until) {
      const r = await db
        .updateTable('analysis_jobs')
        .set((eb) => ({
          status: 'running',
          // The first attempt's start: a retry after a crash must not make the job look younger.
          started_at: eb.fn.coalesce('started_at', eb.val(now())),
          lease_until,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return undefined;
      const row = await db.selectFrom('analysis_jobs').selectAll().where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },

    async succeed(id, attempt, report_id, body) {
      return db
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('analysis_reports')
            .values({ id: report_id, body, created_at: now() })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          return finishRunning(trx, id, attempt, { status: 'succeeded', report_id }, now());
        })
        .then(notified);
    },

    async fail(id, attempt, error) {
      const at = now();
      return db
        .transaction()
        .execute(async (trx) => {
          return finishRunning(trx, id, attempt, { status: 'failed', error: JSON.stringify(error) }, at);
        })
        .then(notified);
    },

    requeue(id, attempt) {
      return setRunning(id, attempt, { status: 'queued', lease_until: null });
    },

    renewLease(id, attempt, lease_until) {
      return setRunning(id, attempt, { lease_until });
    },

    setProgress(id, attempt, progress) {
      return setRunning(id, attempt, { progress: JSON.stringify(progress) });
    },

    async getReport(report_id) {
      const row = await db
        .selectFrom('analysis_reports')
        .select('body')
        .where('id', '=', report_id)
        .executeTakeFirst();
      return row?.body;
    },

    async listQueued(limit) {
      const rows = await db
        .selectFrom('analysis_jobs')
        .select(['id', 'attempts'])
        .where('status', '=', 'queued')
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: r.id, attempts: Number(r.attempts) }));
    },

    async recoverExpired(at, maxAttempts, error) {
      const finished = now();
      const failed = await db.transaction().execute(async (trx) => {
        const jobs = await trx
          .updateTable('analysis_jobs')
          .set({ status: 'failed', error: JSON.stringify(error), finished_at: finished, lease_until: null })
          .where('status', '=', 'running')
          .where('lease_until', '<', at)
          .where('attempts', '>=', maxAttempts)
          .returningAll()
          .execute();
        await appendEvents(trx, jobs.map(finishedEvent), finished);
        return jobs;
      });
      if (failed.length > 0) eventSignal.notify();
      const requeued = await db
        .updateTable('analysis_jobs')
        .set({ status: 'queued', lease_until: null })
        .where('status', '=', 'running')
        .where('lease_until', '<', at)
        .where('attempts', '<', maxAttempts)
        .returning('id')
        .execute();
      return { requeued: requeued.map((r) => r.id), failed: failed.map((r) => r.id) };
    },

    async purge(before, keysBefore) {
      const jobs = await db
        .deleteFrom('analysis_jobs')
        .where('finished_at', '<', before)
        .where('status', 'in', ['succeeded', 'failed', 'canceled'])
        .executeTakeFirst();
      const reports = await db
        .deleteFrom('analysis_reports')
        .where('created_at', '<', before)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('analysis_jobs')
                .select('analysis_jobs.id')
                .whereRef('analysis_jobs.report_id', '=', 'analysis_reports.id'),
            ),
          ),
        )
        .executeTakeFirst();
      const keys = await db
        .deleteFrom('idempotency_keys')
        .where('created_at', '<', keysBefore)
        .executeTakeFirst();
      return {
        jobs: Number(jobs.numDeletedRows),
        reports: Number(reports.numDeletedRows),
        keys: Number(keys.numDeletedRows),
      };
    },
  };
}
