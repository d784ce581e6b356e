import { availableParallelism } from 'node:os';
import type { Piscina } from 'piscina';
import { workerPool } from '../../worker-pool.js';
import type { ComputeTask } from './compute-worker.js';
import type { computePatterns, PatternsComputeInput } from './patterns-compute.js';
import type { computePortfolio, PortfolioComputeInput } from './portfolio-compute.js';

/**
 * Worker threads for the analytics endpoints' heavy synchronous computations, so one customer's large
 * request never stalls the event loop every other request shares (a 20-holding portfolio with every
 * optimiser and a 100-point frontier took ~1.25 s of main-thread CPU, a 20-ticker patterns batch
 * ~0.6 s). Threads start on first use and leave after a minute idle; `close` ends them with the app.
 */
export class ComputePool {
  #pool: Piscina | undefined;
  readonly #threads: number;

  constructor(threads = Math.max(1, availableParallelism() - 1)) {
    this.#threads = threads;
  }

  portfolio(input: PortfolioComputeInput): Promise<ReturnType<typeof computePortfolio>> {
    return this.#run({ kind: 'portfolio', input });
  }

  patterns(input: PatternsComputeInput): Promise<ReturnType<typeof computePatterns>> {
    return this.#run({ kind: 'patterns', input });
  }

  async close(): Promise<void> {
    await this.#pool?.destroy();
    this.#pool = undefined;
  }

  #run<T>(task: ComputeTask): Promise<T> {
    this.#pool ??= workerPool(import.meta.url, './compute-worker', this.#threads);
    return this.#pool.run(task) as Promise<T>;
  }
}
