import { availableParallelism } from 'node:os';
import type { Piscina } from 'piscina';
import { workerPool } from '../../worker-pool.js';
import { LoadShed } from '../errors/load-shed.js';
import type { computeScreen, ScreenComputeInput } from '../screener/screen-compute.js';
import type { ComputeTask } from './compute-worker.js';
import type { MicrostructureComputeInput } from './microstructure-compute.js';
import type { PatternsComputeInput } from './patterns-compute.js';
import type { computePortfolio, PortfolioComputeInput } from './portfolio-compute.js';
import type { NewsScore } from './sentiment-compute.js';
import type { computeTechnical, TechnicalComputeInput } from './technical-compute.js';

/** Seconds a client refused for a full queue is told to wait (one heavy task takes up to ~1.3 s). */
const RETRY_AFTER_SECONDS = 2;

interface Waiting {
  readonly task: ComputeTask;
  readonly signal: AbortSignal | undefined;
  readonly resolve: (value: unknown) => void;
  readonly reject: (err: unknown) => void;
  readonly onAbort: () => void;
}

/**
 * One request's access to the pool, granted by `ComputePool.admit` while the queue had room. Its tasks
 * queue without a further check (a streamed answer's later slices must not fail after its 200), one at
 * a time as the request awaits them, and leave the queue when `signal` aborts (the client went away).
 */
export interface ComputeLane {
  portfolio(input: PortfolioComputeInput): Promise<ReturnType<typeof computePortfolio>>;
  /** The sections as JSON (an object), serialised on the worker thread. */
  patterns(input: PatternsComputeInput): Promise<string>;
  technical(input: TechnicalComputeInput): Promise<ReturnType<typeof computeTechnical>>;
  /** The `"daily":…,"latest":…` members of a microstructure result, formatted on the worker thread. */
  microstructure(input: MicrostructureComputeInput): Promise<string>;
  /** News texts scored by the sentiment model, in order. */
  sentiment(texts: readonly string[]): Promise<NewsScore[]>;
  /** A screen evaluated on a batch of tickers at their last bar, in order. */
  screen(input: ScreenComputeInput): Promise<ReturnType<typeof computeScreen>>;
}

/**
 * Worker threads for the analytics endpoints' heavy synchronous computations, so one customer's large
 * request never stalls the event loop every other request shares (ADR 0060). At most one task per
 * thread is handed to Piscina; the rest wait here, in order, so a waiting task can be dropped when its
 * client leaves (a running one finishes: the per-request caps bound it), and so the wait is bounded:
 * a request arriving while `queueLimit` tasks wait is refused with 503 and Retry-After (ADR 0061).
 * Threads start on first use and leave after a minute idle; `close` ends them with the app.
 */
export class ComputePool {
  #pool: Piscina | undefined;
  readonly #threads: number;
  readonly #queueLimit: number;
  readonly #waiting: Waiting[] = [];
  #running = 0;

  constructor(opts: { threads?: number; queueLimit: number }) {
    this.#threads = opts.threads ?? Math.max(1, availableParallelism() - 1);
    this.#queueLimit = opts.queueLimit;
  }

  /** Tasks waiting for a thread. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Tasks on a thread. */
  get running(): number {
    return this.#running;
  }

  /**
   * A lane for one request, or a 503 load shed when `queueLimit` tasks already wait. `signal` aborts
   * the lane's waiting tasks (their promises reject with a LoadShed the error handler logs at info).
   */
  admit(signal?: AbortSignal): ComputeLane {
    if (this.#waiting.length >= this.#queueLimit)
      throw new LoadShed(
        'compute_queue_full',
        `The analytics workers are busy (${this.#waiting.length} computations waiting); retry in a few seconds.`,
        RETRY_AFTER_SECONDS,
      );
    this.#startThreads();
    const run = <T>(task: ComputeTask) => this.#run(task, signal) as Promise<T>;
    return {
      portfolio: (input) => run({ kind: 'portfolio', input }),
      patterns: (input) => run({ kind: 'patterns', input }),
      technical: (input) => run({ kind: 'technical', input }),
      microstructure: (input) => run({ kind: 'microstructure', input }),
      sentiment: (input) => run({ kind: 'sentiment', input }),
      screen: (input) => run({ kind: 'screen', input }),
    };
  }

  async close(): Promise<void> {
    for (const w of this.#waiting.splice(0))
      w.reject(new LoadShed('closing', 'The server is shutting down.', 5));
    await this.#pool?.destroy();
    this.#pool = undefined;
  }

  /**
   * Starts a thread when none is running, with a task that only loads the modules, so a request admitted
   * on an idle pool prepares its data while the thread starts (~250 ms of imports): a cold screen's
   * store reads and the thread's start overlap instead of following each other (issue #28).
   */
  #startThreads(): void {
    this.#pool ??= workerPool(import.meta.url, './compute-worker', this.#threads);
    if (this.#pool.threads.length > 0) return;
    this.#pool.run({ kind: 'warm' } satisfies ComputeTask).catch(() => {
      // Only a pool closed meanwhile refuses it; the request's own tasks report their failures.
    });
  }

  #run(task: ComputeTask, signal: AbortSignal | undefined): Promise<unknown> {
    if (signal?.aborted) return Promise.reject(clientLeft());
    return new Promise((resolve, reject) => {
      const waiting: Waiting = {
        task,
        signal,
        resolve,
        reject,
        onAbort: () => {
          const at = this.#waiting.indexOf(waiting);
          if (at < 0) return;
          this.#waiting.splice(at, 1);
          reject(clientLeft());
        },
      };
      signal?.addEventListener('abort', waiting.onAbort, { once: true });
      this.#waiting.push(waiting);
      this.#next();
    });
  }

  #next(): void {
    while (this.#running < this.#threads) {
      const w = this.#waiting.shift();
      if (w === undefined) return;
      w.signal?.removeEventListener('abort', w.onAbort);
      this.#running++;
      this.#pool ??= workerPool(import.meta.url, './compute-worker', this.#threads);
      this.#pool
        .run(w.task, { transferList: transferred(w.task) })
        .then(w.resolve, w.reject)
        .finally(() => {
          this.#running--;
          this.#next();
        });
    }
  }
}

/**
 * Buffers handed to the thread rather than copied: a screen's bars (~11 MB for 500 tickers), which the
 * request sliced for this task alone and never reads again.
 */
function transferred(task: ComputeTask): ArrayBuffer[] {
  if (task.kind !== 'screen') return [];
  return task.input.tickers.flatMap((t) =>
    [t.open, t.high, t.low, t.close, t.volume].map((a) => a.buffer as ArrayBuffer),
  );
}

/** A waiting computation dropped because its client closed the connection (logged at info, never sent). */
function clientLeft(): LoadShed {
  return new LoadShed('client_left', 'The client closed the connection before the answer.', 0);
}
