import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the checkpointer makes the write-ahead log durable and folds it into the database. */
export const WAL_CHECKPOINT_INTERVAL_MS = 1000;

/**
 * The thread's code: plain JavaScript needing only better-sqlite3, so it starts in milliseconds from
 * source and from the build alike (no TypeScript loader, no server modules). Its own connection never
 * commits: it leaves `PRAGMA data_version` — the change token of the serving connection — alone.
 */
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { timeout: workerData.busyMs });
db.pragma('synchronous = FULL');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    return true;
  } catch (err) {
    parentPort.postMessage({ failure: String(err && err.message) });
    return false;
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'now') parentPort.postMessage({ done: checkpoint() });
  else if (message === 'close') {
    clearInterval(timer);
    checkpoint();
    db.close();
    parentPort.postMessage({ closed: true });
    parentPort.close();
  }
});
parentPort.postMessage({ ready: true });
`;

/**
 * Checkpoints a SQLite database's write-ahead log on a thread of its own (ADR 0092). A checkpoint first
 * syncs the log (fsync), then copies it into the database file and syncs that: on the serving thread,
 * inside the commit that crossed the auto-checkpoint size, that held every request for tens of
 * milliseconds on a busy disk. Here it runs every `intervalMs` beside the event loop; a PASSIVE checkpoint
 * never waits for a lock and never blocks a writer. Commits made with `synchronous = NORMAL` (the usage
 * flush's, usage-repo.ts) are durable once the next checkpoint has synced the log: within `intervalMs`.
 */
export class WalCheckpointer {
  readonly #worker: Worker;
  #closed: Promise<void> | undefined;
  #exited = false;

  constructor(
    file: string,
    options: {
      readonly intervalMs?: number;
      readonly onFailure?: (message: string) => void;
    } = {},
  ) {
    this.#worker = new Worker(SOURCE, {
      eval: true,
      workerData: {
        module: createRequire(import.meta.url).resolve('better-sqlite3'),
        file,
        busyMs: 5000,
        intervalMs: options.intervalMs ?? WAL_CHECKPOINT_INTERVAL_MS,
      },
    });
    this.#worker.on('message', (message: { failure?: string }) => {
      if (message.failure !== undefined) options.onFailure?.(message.failure);
    });
    this.#worker.on('error', (err) => options.onFailure?.(err.message));
    this.#worker.once('exit', () => {
      this.#exited = true;
    });
    // The thread only serves the process: it never keeps it alive.
    this.#worker.unref();
  }

  /** Checkpoints now; resolves `true` once done (`false`: the checkpoint failed). */
  checkpoint(): Promise<boolean> {
    if (this.#exited) return Promise.resolve(false);
    return new Promise((resolve) => {
      const onMessage = (message: { done?: boolean }) => {
        if (message.done === undefined) return;
        this.#worker.off('message', onMessage);
        this.#worker.unref();
        resolve(message.done);
      };
      this.#worker.on('message', onMessage);
      // Awaited: the caller's wait keeps the process alive until the answer.
      this.#worker.ref();
      this.#worker.postMessage('now');
    });
  }

  /** A last checkpoint (everything committed is then durable), then the thread ends. Idempotent. */
  close(): Promise<void> {
    this.#closed ??= new Promise<void>((resolve) => {
      if (this.#exited) return resolve();
      this.#worker.once('exit', () => resolve());
      this.#worker.ref();
      this.#worker.postMessage('close');
    });
    return this.#closed;
  }
}
