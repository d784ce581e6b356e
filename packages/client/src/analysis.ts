import type { ResponseOf } from './api-types.js';
import { sleep } from './pacer.js';
import { BellwetherTransportError } from './problem.js';
import type { Transport } from './transport.js';

export type AnalysisTier = 'Light' | 'Medium' | 'Full';
export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';
const TERMINAL: ReadonlySet<string> = new Set(['succeeded', 'failed', 'canceled']);

/** An analysis job as the API returns it (the generated type, with the fields polling relies on). */
export type AnalysisJob = OrEmpty<ResponseOf<'/api/v1/analysis/{job_id}'>> & {
  job_id: string;
  status: JobStatus;
};
type OrEmpty<T> = [T] extends [never] ? Record<never, never> : T;

export interface WaitOptions {
  /** Give up after this long (default 10 minutes); rejects with a BellwetherTransportError. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** Server long-poll per request in seconds, 1–20 (default 20). */
  readonly longPollSeconds?: number;
}

/** `analysis.*`: submit, poll, list and cancel jobs; `run` submits and waits. */
export class AnalysisResource {
  constructor(private readonly transport: Transport) {}

  /** Submits a job. An Idempotency-Key is added when none is given, so retries never create a second job. */
  async create(
    input: { ticker: string; tier: AnalysisTier },
    options: { idempotencyKey?: string; signal?: AbortSignal } = {},
  ): Promise<AnalysisJob> {
    const r = await this.transport.send<AnalysisJob>({
      method: 'POST',
      path: '/analysis',
      body: input,
      idempotencyKey: options.idempotencyKey ?? crypto.randomUUID(),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    return r.body as AnalysisJob;
  }

  /** The job now, or — with `wait` seconds (≤ 20) — as soon as it ends within that time. Not billed. */
  async get(jobId: string, options: { wait?: number; signal?: AbortSignal } = {}): Promise<AnalysisJob> {
    const r = await this.transport.send<AnalysisJob>({
      method: 'GET',
      path: `/analysis/${encodeURIComponent(jobId)}`,
      query: { wait: options.wait },
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    return r.body as AnalysisJob;
  }

  /** Your jobs, newest first; pass the answer's cursor to get the next page. */
  async list(
    query: { status?: JobStatus; cursor?: string; limit?: number } = {},
  ): Promise<ResponseOf<'/api/v1/analysis'>> {
    const r = await this.transport.send<ResponseOf<'/api/v1/analysis'>>({
      method: 'GET',
      path: '/analysis',
      query,
    });
    return r.body as ResponseOf<'/api/v1/analysis'>;
  }

  /** Cancels a queued job. */
  async cancel(jobId: string): Promise<AnalysisJob> {
    const r = await this.transport.send<AnalysisJob>({
      method: 'DELETE',
      path: `/analysis/${encodeURIComponent(jobId)}`,
    });
    return r.body as AnalysisJob;
  }

  /** Polls (long-polling) until the job ends; resolves with the terminal job, whatever its status. */
  async wait(jobId: string, options: WaitOptions = {}): Promise<AnalysisJob> {
    const deadline = Date.now() + (options.timeoutMs ?? 600_000);
    const longPoll = Math.min(20, Math.max(1, Math.round(options.longPollSeconds ?? 20)));
    for (;;) {
      options.signal?.throwIfAborted();
      const left = deadline - Date.now();
      if (left <= 0) throw new BellwetherTransportError(`analysis ${jobId} did not finish in time`);
      const job = await this.get(jobId, {
        wait: Math.max(1, Math.min(longPoll, Math.floor(left / 1000))),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
      if (TERMINAL.has(job.status)) return job;
      // A server without long-poll answers at once: do not spin.
      await sleep(Math.min(1000, Math.max(0, deadline - Date.now())), options.signal);
    }
  }

  /** Submits an analysis and waits for it to end. */
  async run(ticker: string, tier: AnalysisTier, options: WaitOptions = {}): Promise<AnalysisJob> {
    const job = await this.create(
      { ticker, tier },
      options.signal === undefined ? {} : { signal: options.signal },
    );
    return TERMINAL.has(job.status) ? job : this.wait(job.job_id, options);
  }
}
