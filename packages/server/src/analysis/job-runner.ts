import { EventEmitter } from 'node:events';
import { availableParallelism } from 'node:os';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { Piscina } from 'piscina';
import type { Clock } from '../clock/clock.js';
import type { AnalysisJobRecord, JobKind, JobProgress } from '../db/records.js';
import type { AnalysisRepo } from '../db/repositories.js';
import type { BenchmarkResolver } from '../market/store/benchmark-resolver.js';
import type { MarketDataRepo } from '../market/store/market-data-repo.js';
import { workerPool } from '../worker-pool.js';
import type { BullTransport } from './bull-transport.js';
import { jobProblem, PermanentJobError } from './job-problem.js';
import { loadReportInput } from './load-report-input.js';
import { reportIdOf } from './report/report-id.js';
import type { AnalysisTier } from './report/report-input.js';

export interface JobRunnerOptions {
  /** Worker threads computing reports (default: cores − 1, at least 1); 0: this process only submits. */
  readonly threads?: number;
  /** Jobs waiting for a thread beyond which submissions are refused with 503 (default 100). */
  readonly maxQueued?: number;
  /** Attempts before a job whose worker keeps dying fails (default 3). */
  readonly maxAttempts?: number;
  /**
   * How long a running attempt is presumed alive without news (default 30 s). The process running it
   * renews the lease every third of it; a lease that runs out (the process died) is taken over.
   */
  readonly leaseMs?: number;
  /** How long finished jobs and their reports are kept (default 30 days; idempotency keys ≥ 24 h). */
  readonly retentionMs?: number;
  /** Sweep period: expired leases, queued jobs of other processes, purge (default 5 s). */
  readonly sweepMs?: number;
}

export interface JobRunnerDeps {
  readonly analysis: AnalysisRepo;
  readonly market: MarketDataRepo;
  /** The one benchmark resolver (ADR 0081): a report's benchmark is the one risk and the feed use. */
  readonly benchmarks: BenchmarkResolver;
  readonly clock: Clock;
  readonly log?: { warn(obj: object, msg: string): void };
  /** Distributed mode: jobs travel through BullMQ between processes instead of this process's list. */
  readonly transport?: BullTransport;
  /** How jobs of other kinds than analyses are prepared (ADR 0101: backtests share runner and threads). */
  readonly works?: Partial<Record<Exclude<JobKind, 'analysis'>, JobWork>>;
}

/**
 * What a kind of job hands the worker thread (`job-worker.ts` runs it by `kind`), and the id its report
 * is stored under (the same id is the same report: a stored one is reused).
 */
export interface JobWork {
  prepare(job: AnalysisJobRecord, now: Date): Promise<{ readonly reportId: string; readonly input: unknown }>;
  /** Its worker reports progress (`JobProgress` messages), kept on the row at most every `ms`. */
  readonly progressEveryMs?: number;
}

/** What a worker thread is given: the job's kind, its input, and where to send progress. */
export interface JobTask {
  readonly kind: JobKind;
  readonly input: unknown;
  readonly progress?: MessagePort;
}

const DAY_MS = 86_400_000;

/**
 * Runs analysis jobs on a worker-thread pool so a report never blocks the event loop. The database rows
 * are the truth: a job is claimed (queued → running, attempts + 1, a lease) before it runs, finishes with
 * exactly one stored report, and goes back to queued if its worker dies; a running job whose lease ran out
 * (its process died) is taken over by the sweep. The attempt number fences every later write, so an
 * attempt that lost its lease changes nothing.
 *
 * Embedded mode: ids wait in this process's list. Distributed mode: ids travel through BullMQ (a
 * `transport`) to every process with threads (`serve` by default, `bellwether worker`); processes with
 * no threads only submit.
 */
export class JobRunner {
  readonly #deps: JobRunnerDeps;
  readonly #pool: Piscina | undefined;
  readonly #threads: number;
  readonly #maxQueued: number;
  readonly #maxAttempts: number;
  readonly #leaseMs: number;
  readonly #retentionMs: number;
  readonly #sweepMs: number;
  readonly #waiting: string[] = [];
  readonly #known = new Set<string>();
  readonly #events = new EventEmitter();
  readonly #active = new Set<Promise<void>>();
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(deps: JobRunnerDeps, options: JobRunnerOptions = {}) {
    this.#deps = deps;
    this.#threads = options.threads ?? Math.max(1, availableParallelism() - 1);
    this.#maxQueued = options.maxQueued ?? 100;
    this.#maxAttempts = options.maxAttempts ?? 3;
    this.#leaseMs = options.leaseMs ?? 30_000;
    this.#retentionMs = options.retentionMs ?? 30 * DAY_MS;
    this.#sweepMs = options.sweepMs ?? Math.min(5000, this.#leaseMs / 2);
    this.#events.setMaxListeners(0);
    if (this.#threads > 0) {
      this.#pool = workerPool(import.meta.url, '../job-worker', this.#threads);
    }
  }

  /**
   * Queued jobs one account may have at once: a fifth of the queue bound (at least 1), so no single
   * account can fill the queue and starve the others (issue #23).
   */
  get accountQueueLimit(): number {
    return Math.max(1, Math.ceil(this.#maxQueued / 5));
  }

  /** Whether a new job can be admitted (else 503 with Retry-After). */
  async hasRoom(): Promise<boolean> {
    const t = this.#deps.transport;
    const waiting = t === undefined ? this.#waiting.length : await t.waiting();
    return waiting < this.#maxQueued;
  }

  /** The pool's threads (tests kill one mid-job). */
  get threads(): readonly { terminate(): Promise<number> }[] {
    return (this.#pool?.threads ?? []) as unknown as { terminate(): Promise<number> }[];
  }

  /** Picks up work left by a previous run, then sweeps periodically. */
  async start(options: { recoverAllRunning: boolean }): Promise<void> {
    const t = this.#deps.transport;
    if (t !== undefined && this.#threads > 0) t.consume(this.#threads, (id) => this.#run(id));
    // A process that only submits leaves recovery, re-announcing and purging to the processes that work.
    if (this.#threads === 0) return;
    const now = this.#deps.clock.now().getTime();
    // Embedded mode holds the instance lock: every running job belongs to a process that died.
    await this.#recover(new Date(options.recoverAllRunning ? now + 100 * 365 * DAY_MS : now));
    await this.#sweep();
    this.#timer = setInterval(() => {
      this.#sweep().catch((err: unknown) => this.#deps.log?.warn({ err }, 'analysis sweep failed'));
    }, this.#sweepMs);
    this.#timer.unref();
  }

  /**
   * Makes a queued job known to the processes that run jobs. Never throws: when the transport is away
   * the row stays queued and the next sweep announces it.
   */
  async enqueue(id: string, attempts = 0): Promise<void> {
    const t = this.#deps.transport;
    if (t !== undefined) {
      await t
        .announce(id, attempts)
        .catch((err: unknown) =>
          this.#deps.log?.warn({ err, job_id: id }, 'analysis job not announced; the sweep will'),
        );
      return;
    }
    if (this.#closed || this.#known.has(id)) return;
    this.#known.add(id);
    this.#waiting.push(id);
    this.#pump();
  }

  /** Resolves when the job ends in this process, or after `ms` (whichever first). */
  waitFor(id: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.#events.off(id, done);
        resolve();
      }, ms);
      this.#events.once(id, done);
    });
  }

  /** Wakes long-polls of a job that ended without running (canceled). */
  notify(id: string): void {
    this.#events.emit(id);
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#waiting.length = 0;
    await this.#deps.transport?.close();
    await Promise.allSettled([...this.#active]);
    await this.#pool?.destroy();
  }

  async #sweep(): Promise<void> {
    const a = this.#deps.analysis;
    const now = this.#deps.clock.now().getTime();
    await this.#recover(new Date(now));
    for (const q of await a.listQueued(this.#maxQueued)) await this.enqueue(q.id, q.attempts);
    await a.purge(
      new Date(now - this.#retentionMs).toISOString(),
      new Date(now - Math.max(this.#retentionMs, DAY_MS)).toISOString(),
    );
  }

  /**
   * Jobs left running by a process that died (lease ended before `before`) go back to the queue, or fail
   * once they have used their attempts: a job that takes its process down would otherwise do so forever.
   */
  async #recover(before: Date): Promise<void> {
    const { requeued, failed } = await this.#deps.analysis.recoverExpired(
      before.toISOString(),
      this.#maxAttempts,
      jobProblem(
        'internal_error',
        `The analysis was interrupted ${this.#maxAttempts} times by its process stopping; it is not retried again.`,
      ),
    );
    for (const id of requeued) {
      this.#known.delete(id);
      this.#deps.log?.warn({ job_id: id }, 'analysis job recovered after a crash');
    }
    for (const id of failed) {
      this.#deps.log?.warn({ job_id: id }, 'analysis job failed: its process stopped on every attempt');
      this.#events.emit(id);
    }
  }

  #pump(): void {
    while (!this.#closed && this.#active.size < this.#threads && this.#waiting.length > 0) {
      const id = this.#waiting.shift() as string;
      const run = this.#run(id)
        .catch((err: unknown) => this.#deps.log?.warn({ err, job_id: id }, 'analysis job step failed'))
        .finally(() => {
          this.#active.delete(run);
          this.#known.delete(id);
          this.#pump();
        });
      this.#active.add(run);
    }
  }

  /** The lease's end if it started now. */
  #leaseEnd(): string {
    return new Date(this.#deps.clock.now().getTime() + this.#leaseMs).toISOString();
  }

  /** How a job of `kind` is prepared; a kind this process cannot run fails the job (it is not retried). */
  #work(kind: JobKind): JobWork {
    if (kind === 'analysis') return this.#analysisWork;
    const work = this.#deps.works?.[kind];
    if (work === undefined)
      throw new PermanentJobError('internal_error', `No worker here runs ${kind} jobs.`);
    return work;
  }

  readonly #analysisWork: JobWork = {
    prepare: async (job, now) => {
      const input = await loadReportInput(this.#deps, job.ticker, job.tier as AnalysisTier, now);
      // Reused only when every input and every version that computes it is unchanged (report-id.ts).
      return { reportId: reportIdOf(input), input };
    },
  };

  /** Runs the task on a thread; a worker's progress reaches the row (fenced by the attempt). */
  async #compute(job: AnalysisJobRecord, attempt: number, work: JobWork, input: unknown): Promise<string> {
    const pool = this.#pool as Piscina;
    const every = work.progressEveryMs;
    if (every === undefined) return (await pool.run({ kind: job.kind, input } satisfies JobTask)) as string;
    const { port1, port2 } = new MessageChannel();
    let last = 0;
    let pending: Promise<unknown> = Promise.resolve();
    port1.on('message', (p: JobProgress) => {
      const at = Date.now();
      if (at - last < every && p.percent < 100) return;
      last = at;
      pending = pending
        .then(() => this.#deps.analysis.setProgress(job.id, attempt, p))
        .catch((err: unknown) => this.#deps.log?.warn({ err, job_id: job.id }, 'job progress not stored'));
    });
    try {
      const task: JobTask = { kind: job.kind, input, progress: port2 };
      return (await pool.run(task, { transferList: [port2] })) as string;
    } finally {
      port1.close();
      await pending;
    }
  }

  async #run(id: string): Promise<void> {
    const a = this.#deps.analysis;
    const now = this.#deps.clock.now();
    const job = await a.claim(id, this.#leaseEnd());
    if (job === undefined) return; // canceled, or another process took it
    const attempt = job.attempts;
    const heartbeat = setInterval(() => {
      a.renewLease(id, attempt, this.#leaseEnd()).catch((err: unknown) =>
        this.#deps.log?.warn({ err, job_id: id }, 'analysis lease not renewed'),
      );
    }, this.#leaseMs / 3);
    try {
      const work = this.#work(job.kind);
      const { reportId, input } = await work.prepare(job, now);
      const body = (await a.getReport(reportId)) ?? (await this.#compute(job, attempt, work, input));
      await a.succeed(id, attempt, reportId, body);
    } catch (err) {
      if (err instanceof PermanentJobError) {
        await a.fail(id, attempt, jobProblem(err.code, err.message));
      } else if (attempt < this.#maxAttempts) {
        this.#deps.log?.warn({ err, job_id: id, attempt }, 'analysis attempt failed; retrying');
        if (await a.requeue(id, attempt)) {
          this.#known.delete(id);
          await this.enqueue(id, attempt);
          return;
        }
      } else {
        await a.fail(
          id,
          attempt,
          jobProblem('internal_error', `The analysis failed ${attempt} times; the last error was logged.`),
        );
      }
    } finally {
      clearInterval(heartbeat);
    }
    this.#events.emit(id);
  }
}
