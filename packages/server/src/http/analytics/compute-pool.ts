import { availableParallelism } from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { Piscina } from 'piscina';
import type { BooksComputeInput, BooksJson } from '../../cards/reference-books.js';
import type { computeScreen, ScreenComputeInput } from '../../screening/screen-compute.js';
import { workerPool } from '../../worker-pool.js';
import { LoadShed } from '../errors/load-shed.js';
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
 * Requests one account may have using the pool at once (from admission until the response closes).
 * A screen sends two batches at a time, so an account at its bound has at most ~8 tasks waiting; past
 * it, its own requests are refused (503), never another account's (issue #42).
 */
const LANES_PER_ACCOUNT = 4;

/**
 * Whose share of the pool the record's reference books use: one computation, shared by every account that
 * asks while it runs (a client leaving does not cancel it), in a line of its own.
 */
export const RECORD_BOOKS_OWNER = 'record-books';

/** Whose share of the pool a request uses: its account (all its keys share it). */
export function computeOwner(request: FastifyRequest): string {
  return request.principal?.account.id ?? '';
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
  /** The record's reference books (`/cards/performance`): ~0.3 s at 487 tickers over a year. */
  books(input: BooksComputeInput): Promise<BooksJson | null>;
}

/**
 * Worker threads for the analytics endpoints' heavy synchronous computations, so one customer's large
 * request never stalls the event loop every other request shares (ADR 0060). At most one task per
 * thread is handed to Piscina; the rest wait here, so a waiting task can be dropped when its client
 * leaves (a running one finishes: the per-request caps bound it), and so the wait is bounded.
 *
 * The pool is shared fairly between accounts (ADR 0082): each account's tasks wait in its own line and
 * a free thread takes the next task from each line in turn, so a task waits behind at most one task of
 * each other account, however many one account sends. An account may have `perAccount` requests using
 * the pool at once; one more is refused with 503 and Retry-After. A request from an account with nothing
 * waiting is refused only when `queueLimit` other accounts have tasks waiting (ADR 0061's bound, now on
 * the lines a task may wait behind rather than on one account's tasks).
 * Threads start on first use and leave after a minute idle; `close` ends them with the app. A pool made
 * with `warm` keeps one thread from `warm()` (the app's ready) on: a thread's start is ~0.4 s of imports
 * built, ~2 s from source, which a cold screen otherwise waited for (ADR 0091).
 */
export class ComputePool {
  #pool: Piscina | undefined;
  readonly #threads: number;
  readonly #queueLimit: number;
  readonly #perAccount: number;
  readonly #keepWarm: boolean;
  /** Each account's waiting tasks, in order; an account is here only while it has some, in turn order. */
  readonly #lines = new Map<string, Waiting[]>();
  /** Requests admitted and not yet closed, per account. */
  readonly #lanes = new Map<string, number>();
  #waiting = 0;
  #running = 0;

  constructor(opts: { threads?: number; queueLimit: number; perAccount?: number; warm?: boolean }) {
    this.#threads = opts.threads ?? Math.max(1, availableParallelism() - 1);
    this.#queueLimit = opts.queueLimit;
    this.#perAccount = opts.perAccount ?? LANES_PER_ACCOUNT;
    this.#keepWarm = opts.warm ?? false;
  }

  /**
   * With `warm`: starts the pool's kept thread and resolves once it has loaded its modules (it answered a
   * task that does nothing), so the first request's computations do not wait for it. Otherwise nothing.
   */
  async warm(): Promise<void> {
    if (!this.#keepWarm) return;
    await this.#started().run({ kind: 'warm' } satisfies ComputeTask);
  }

  /** Threads started (tests). */
  get threads(): number {
    return this.#pool?.threads.length ?? 0;
  }

  /** Tasks waiting for a thread. */
  get waiting(): number {
    return this.#waiting;
  }

  /** Tasks on a thread. */
  get running(): number {
    return this.#running;
  }

  /**
   * A lane for one request of `owner` (an account id), or a 503 load shed when the account already has
   * `perAccount` requests using the pool, or when `queueLimit` other accounts have tasks waiting.
   * `signal` (aborted when the response closes) ends the lane: its waiting tasks are dropped (their
   * promises reject with a LoadShed the error handler logs at info) and its place is given back.
   */
  admit(owner: string, signal?: AbortSignal): ComputeLane {
    const mine = this.#lanes.get(owner) ?? 0;
    if (mine >= this.#perAccount)
      throw new LoadShed(
        'compute_queue_full',
        `The analytics workers are busy with this account's computations (${mine} in progress, at most ${this.#perAccount}); let them finish, then retry.`,
        RETRY_AFTER_SECONDS,
      );
    const others = this.#lines.size - (this.#lines.has(owner) ? 1 : 0);
    if (others >= this.#queueLimit)
      throw new LoadShed(
        'compute_queue_full',
        `The analytics workers are busy (${this.#waiting} computations waiting); retry in a few seconds.`,
        RETRY_AFTER_SECONDS,
      );
    if (signal !== undefined && !signal.aborted) {
      this.#lanes.set(owner, mine + 1);
      signal.addEventListener(
        'abort',
        () => {
          const left = (this.#lanes.get(owner) ?? 1) - 1;
          if (left <= 0) this.#lanes.delete(owner);
          else this.#lanes.set(owner, left);
        },
        { once: true },
      );
    }
    this.#startThreads();
    const run = <T>(task: ComputeTask) => this.#run(owner, task, signal) as Promise<T>;
    return {
      portfolio: (input) => run({ kind: 'portfolio', input }),
      patterns: (input) => run({ kind: 'patterns', input }),
      technical: (input) => run({ kind: 'technical', input }),
      microstructure: (input) => run({ kind: 'microstructure', input }),
      sentiment: (input) => run({ kind: 'sentiment', input }),
      screen: (input) => run({ kind: 'screen', input }),
      books: (input) => run({ kind: 'books', input }),
    };
  }

  async close(): Promise<void> {
    const lines = [...this.#lines.values()];
    this.#lines.clear();
    this.#waiting = 0;
    for (const w of lines.flat()) w.reject(new LoadShed('closing', 'The server is shutting down.', 5));
    await this.#pool?.destroy();
    this.#pool = undefined;
  }

  /**
   * Starts a thread when none is running, with a task that only loads the modules, so a request admitted
   * on an idle pool prepares its data while the thread starts (~250 ms of imports): a cold screen's
   * store reads and the thread's start overlap instead of following each other (issue #28).
   */
  #startThreads(): void {
    const pool = this.#started();
    if (pool.threads.length > 0) return;
    pool.run({ kind: 'warm' } satisfies ComputeTask).catch(() => {
      // Only a pool closed meanwhile refuses it; the request's own tasks report their failures.
    });
  }

  /** The Piscina pool, made on first use (with `warm`, its kept thread starts with it). */
  #started(): Piscina {
    this.#pool ??= workerPool(import.meta.url, './compute-worker', this.#threads, this.#keepWarm ? 1 : 0);
    return this.#pool;
  }

  #run(owner: string, task: ComputeTask, signal: AbortSignal | undefined): Promise<unknown> {
    if (signal?.aborted) return Promise.reject(clientLeft());
    return new Promise((resolve, reject) => {
      const waiting: Waiting = {
        task,
        signal,
        resolve,
        reject,
        onAbort: () => {
          const line = this.#lines.get(owner);
          const at = line?.indexOf(waiting) ?? -1;
          if (line === undefined || at < 0) return;
          line.splice(at, 1);
          this.#waiting--;
          if (line.length === 0) this.#lines.delete(owner);
          reject(clientLeft());
        },
      };
      signal?.addEventListener('abort', waiting.onAbort, { once: true });
      const line = this.#lines.get(owner);
      if (line === undefined) this.#lines.set(owner, [waiting]);
      else line.push(waiting);
      this.#waiting++;
      this.#next();
    });
  }

  /** The next task in turn: the first of the first account's line, which then goes to the back. */
  #take(): Waiting | undefined {
    const first = this.#lines.entries().next();
    if (first.done === true) return undefined;
    const [owner, line] = first.value;
    const w = line.shift() as Waiting;
    this.#waiting--;
    this.#lines.delete(owner);
    if (line.length > 0) this.#lines.set(owner, line);
    return w;
  }

  #next(): void {
    while (this.#running < this.#threads) {
      const w = this.#take();
      if (w === undefined) return;
      w.signal?.removeEventListener('abort', w.onAbort);
      this.#running++;
      this.#started()
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
