import type { JobStatus, WaitOptions } from './analysis.js';
import type { ResponseOf } from './api-types.js';
import { sleep } from './pacer.js';
import { BellwetherTransportError } from './problem.js';
import type { Transport } from './transport.js';

const TERMINAL: ReadonlySet<string> = new Set(['succeeded', 'failed', 'canceled']);
type OrEmpty<T> = [T] extends [never] ? Record<never, never> : T;

/** What a backtest replays: a built-in setup over a universe and a date range, with costs. */
export interface BacktestInput {
  readonly setup: string;
  readonly universe:
    | { readonly tickers: readonly string[] }
    | { readonly sector: string }
    | { readonly index: 'point_in_time' };
  /** First and last session (`YYYY-MM-DD`, inclusive). */
  readonly from: string;
  readonly to: string;
  readonly costs?: { readonly bps_per_side?: number };
}

/** A running backtest's progress as the API reports it. */
export interface BacktestProgress {
  readonly percent: number;
  readonly sessions_done: number;
  readonly sessions: number;
}

/** A backtest job as the API returns it (the generated type, with the fields polling relies on). */
export type BacktestJob = OrEmpty<ResponseOf<'/api/v1/backtests/{job_id}'>> & {
  job_id: string;
  status: JobStatus;
  progress: BacktestProgress | null;
};

/** A backtest's size and cost, quoted without running it (`dry_run=true`). */
export interface BacktestQuote {
  readonly setup: string;
  readonly tickers: number;
  readonly sessions: number;
  readonly ticker_sessions: number;
  readonly units: number;
  readonly max_ticker_sessions: number;
  readonly within_plan: boolean;
}

export interface BacktestWaitOptions extends WaitOptions {
  /** Told each new progress while the job runs (polled every `progressSeconds`, default 2). */
  readonly onProgress?: (progress: BacktestProgress, job: BacktestJob) => void;
  readonly progressSeconds?: number;
}

/** `backtests.*`: quote, submit and poll backtest jobs; `run` submits, follows progress and waits. */
export class BacktestsResource {
  constructor(private readonly transport: Transport) {}

  /** The size and cost of a backtest, without running it or paying for it. */
  async quote(input: BacktestInput, options: { signal?: AbortSignal } = {}): Promise<BacktestQuote> {
    const r = await this.transport.send<BacktestQuote>({
      method: 'POST',
      path: '/backtests',
      query: { dry_run: true },
      body: input,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    return r.body as BacktestQuote;
  }

  /** Submits a backtest. An Idempotency-Key is added when none is given, so a retry never pays twice. */
  async create(
    input: BacktestInput,
    options: { idempotencyKey?: string; signal?: AbortSignal } = {},
  ): Promise<BacktestJob> {
    const r = await this.transport.send<BacktestJob>({
      method: 'POST',
      path: '/backtests',
      body: input,
      idempotencyKey: options.idempotencyKey ?? crypto.randomUUID(),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    return r.body as BacktestJob;
  }

  /** The job now, or — with `wait` seconds (≤ 20) — as soon as it ends within that time. Not billed. */
  async get(jobId: string, options: { wait?: number; signal?: AbortSignal } = {}): Promise<BacktestJob> {
    const r = await this.transport.send<BacktestJob>({
      method: 'GET',
      path: `/backtests/${encodeURIComponent(jobId)}`,
      query: { wait: options.wait },
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    return r.body as BacktestJob;
  }

  /**
   * Polls until the job ends and resolves with the terminal job, whatever its status; with `onProgress`,
   * polls every `progressSeconds` and reports each new progress, else long-polls.
   */
  async wait(jobId: string, options: BacktestWaitOptions = {}): Promise<BacktestJob> {
    const deadline = Date.now() + (options.timeoutMs ?? 600_000);
    const follow = options.onProgress;
    const step = follow === undefined ? (options.longPollSeconds ?? 20) : (options.progressSeconds ?? 2);
    const longPoll = Math.min(20, Math.max(1, Math.round(step)));
    let last = -1;
    for (;;) {
      options.signal?.throwIfAborted();
      const left = deadline - Date.now();
      if (left <= 0) throw new BellwetherTransportError(`backtest ${jobId} did not finish in time`);
      const started = Date.now();
      const job = await this.get(jobId, {
        wait: Math.max(1, Math.min(longPoll, Math.floor(left / 1000))),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
      const p = job.progress;
      if (follow !== undefined && p !== null && p.sessions_done !== last) {
        last = p.sessions_done;
        follow(p, job);
      }
      if (TERMINAL.has(job.status)) return job;
      // A server without long-poll answers at once: do not spin.
      const rest = longPoll * 1000 - (Date.now() - started);
      await sleep(Math.min(Math.max(rest, 250), Math.max(0, deadline - Date.now())), options.signal);
    }
  }

  /** Submits a backtest, follows its progress and waits for it to end. */
  async run(input: BacktestInput, options: BacktestWaitOptions = {}): Promise<BacktestJob> {
    const job = await this.create(input, options.signal === undefined ? {} : { signal: options.signal });
    return TERMINAL.has(job.status) ? job : this.wait(job.job_id, options);
  }
}
