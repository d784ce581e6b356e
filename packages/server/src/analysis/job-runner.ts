import { EventEmitter } from 'node:events';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { Clock } from '../clock/clock.js';
import type { AnalysisRepo } from '../db/repositories.js';
import type { MarketDataRepo } from '../market/store/market-data-repo.js';
import { jobProblem, PermanentJobError } from './job-problem.js';
import { loadReportInput, reportIdOf } from './load-report-input.js';
import type { AnalysisTier } from './report/report-input.js';

export interface JobRunnerOptions {
  /** Worker threads computing reports (default: cores − 1, at least 1). */
  readonly threads?: number;
  /** Jobs waiting for a thread beyond which submissions are refused with 503 (default 100). */
  readonly maxQueued?: number;
  /** Attempts before a job whose worker keeps dying fails (default 3). */
  readonly maxAttempts?: number;
  /** How long a running job is presumed alive without finishing (default 5 minutes). */
  readonly leaseMs?: number;
  /** How long finished jobs and their reports are kept (default 30 days; idempotency keys ≥ 24 h). */
  readonly retentionMs?: number;
  /** Sweep period: expired leases, queued jobs of other processes, purge (default 5 s). */
  readonly sweepMs?: number;
}

export interface JobRunnerDeps {
  readonly analysis: AnalysisRepo;
  readonly market: MarketDataRepo;
  readonly clock: Clock;
  readonly log?: { warn(obj: object, msg: string): void };
}

const DAY_MS = 86_400_000;

/** The worker file next to this one: compiled JavaScript, or the TypeScript source under tsx (dev, tests). */
function workerFile(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = new URL(`./report/report-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url).href;
  return { filename, execArgv: fromSource ? ['--conditions=development', '--import', 'tsx'] : [] };
}

/**
 * Runs analysis jobs on a worker-thread pool so a report never blocks the event loop. The database rows
 * are the truth: a job is claimed (queued → running, attempts + 1, a lease) before it runs, finishes with
 * exactly one stored report, and goes back to queued if its worker dies; a running job whose lease ran out
 * (its process died) is taken over by the sweep. In-memory state is only the list of ids waiting here.
 */
export class JobRunner {
  readonly #deps: JobRunnerDeps;
  readonly #pool: Piscina;
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
    this.#leaseMs = options.leaseMs ?? 5 * 60_000;
    this.#retentionMs = options.retentionMs ?? 30 * DAY_MS;
    this.#sweepMs = options.sweepMs ?? 5000;
    this.#events.setMaxListeners(0);
    const { filename, execArgv } = workerFile();
    this.#pool = new Piscina({
      filename,
      execArgv,
      minThreads: 0,
      maxThreads: this.#threads,
      idleTimeout: 60_000,
    });
  }

  /** Whether a new job can be admitted (else 503 with Retry-After). */
  hasRoom(): boolean {
    return this.#waiting.length < this.#maxQueued;
  }

  /** The pool's threads (tests kill one mid-job). */
  get threads(): readonly { terminate(): Promise<number> }[] {
    return this.#pool.threads as unknown as { terminate(): Promise<number> }[];
  }

  /** Picks up work left by a previous run, then sweeps periodically. */
  async start(options: { recoverAllRunning: boolean }): Promise<void> {
    const now = this.#deps.clock.now().getTime();
    // Embedded mode holds the instance lock: every running job belongs to a process that died.
    const recovered = await this.#deps.analysis.recoverExpired(
      new Date(options.recoverAllRunning ? now + 100 * 365 * DAY_MS : now).toISOString(),
    );
    for (const id of recovered) this.#deps.log?.warn({ job_id: id }, 'analysis job recovered after a crash');
    await this.#sweep();
    this.#timer = setInterval(() => {
      this.#sweep().catch((err: unknown) => this.#deps.log?.warn({ err }, 'analysis sweep failed'));
    }, this.#sweepMs);
    this.#timer.unref();
  }

  /** Queues a job id for this process's threads. */
  enqueue(id: string): void {
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
    await Promise.allSettled([...this.#active]);
    await this.#pool.destroy();
  }

  async #sweep(): Promise<void> {
    const a = this.#deps.analysis;
    const now = this.#deps.clock.now().getTime();
    const expired = await a.recoverExpired(new Date(now).toISOString());
    for (const id of expired) this.#known.delete(id);
    for (const id of await a.listQueued(this.#maxQueued)) this.enqueue(id);
    await a.purge(
      new Date(now - this.#retentionMs).toISOString(),
      new Date(now - Math.max(this.#retentionMs, DAY_MS)).toISOString(),
    );
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

  async #run(id: string): Promise<void> {
    const a = this.#deps.analysis;
    const now = this.#deps.clock.now();
    const job = await a.claim(id, new Date(now.getTime() + this.#leaseMs).toISOString());
    if (job === undefined) return; // canceled, or another process took it
    try {
      const input = await loadReportInput(this.#deps.market, job.ticker, job.tier as AnalysisTier, now);
      const reportId = reportIdOf(input.ticker, input.tier, input.series.dates.at(-1) as string);
      const body = (await a.getReport(reportId)) ?? ((await this.#pool.run(input)) as string);
      await a.succeed(id, reportId, body);
    } catch (err) {
      if (err instanceof PermanentJobError) {
        await a.fail(id, jobProblem(err.code, err.message));
      } else if (job.attempts < this.#maxAttempts) {
        this.#deps.log?.warn({ err, job_id: id, attempt: job.attempts }, 'analysis attempt failed; retrying');
        if (await a.requeue(id)) {
          this.#known.delete(id);
          this.enqueue(id);
          return;
        }
      } else {
        await a.fail(
          id,
          jobProblem(
            'internal_error',
            `The analysis failed ${job.attempts} times; the last error was logged.`,
          ),
        );
      }
    }
    this.#events.emit(id);
  }
}
