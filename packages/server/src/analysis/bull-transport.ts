import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';

const QUEUE = 'analysis';

/** Where the queue lives: the deployment's Redis and key prefix (BullMQ keys go under `<prefix>bull`). */
export interface BullTransportOptions {
  readonly redisUrl: string;
  readonly redisPrefix: string;
}

/**
 * BullMQ as the analysis jobs' transport in distributed mode. The job rows in the database stay the
 * truth: a message only says "job X may be ready for attempt N". Its id is `X.N`, so BullMQ drops a
 * duplicate announcement of the same attempt while one is pending, a retry after a crash is a new
 * message, and a message delivered twice (a stalled worker) is harmless: the claim on the row decides.
 */
export class BullTransport {
  readonly #options: BullTransportOptions;
  readonly #connections: Redis[] = [];
  readonly #queue: Queue;
  #worker: Worker | undefined;

  constructor(options: BullTransportOptions) {
    this.#options = options;
    // The producer fails fast when Redis is away (the job row is kept; the sweep announces it later).
    this.#queue = new Queue(QUEUE, { connection: this.#connect(1), prefix: this.#prefix() });
    this.#queue.on('error', () => {
      // Connection errors surface on the calls that fail (a 503 at submission); ioredis reconnects.
    });
  }

  /** Announces that job `id` is queued with `attempts` attempts made. */
  async announce(id: string, attempts: number): Promise<void> {
    await this.#queue.add(
      QUEUE,
      { id },
      { jobId: `${id}.${attempts}`, removeOnComplete: true, removeOnFail: true, attempts: 1 },
    );
  }

  /** Messages waiting for a worker (the bound behind the queue-full 503). */
  waiting(): Promise<number> {
    return this.#queue.getWaitingCount();
  }

  /** Starts consuming: `run(id)` at most `concurrency` at a time in this process. */
  consume(concurrency: number, run: (id: string) => Promise<void>): void {
    this.#worker = new Worker(QUEUE, async (job) => run((job.data as { id: string }).id), {
      connection: this.#connect(null),
      prefix: this.#prefix(),
      concurrency,
    });
    this.#worker.on('error', () => {
      // As above: BullMQ retries its own connection; a lost message is re-announced by the sweep.
    });
  }

  async close(): Promise<void> {
    await this.#worker?.close();
    await this.#queue.close();
    for (const c of this.#connections) c.disconnect();
  }

  #prefix(): string {
    return `${this.#options.redisPrefix}bull`;
  }

  /** A connection of its own; a consumer's blocking reads need `maxRetriesPerRequest: null`. */
  #connect(maxRetriesPerRequest: number | null): Redis {
    const c = new Redis(this.#options.redisUrl, { maxRetriesPerRequest });
    c.on('error', () => {});
    this.#connections.push(c);
    return c;
  }
}
