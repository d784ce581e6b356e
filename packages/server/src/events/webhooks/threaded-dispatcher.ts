import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Clock } from '../../clock/clock.js';
import type { Config } from '../../config/config.js';
import type { EventHub } from '../event-hub.js';
import type { DeliveryFailures } from './delivery-failures.js';

/** How long a closing thread may take to record the attempts in flight before it is stopped. */
const CLOSE_GRACE_MS = 20_000;
const RESTART_AFTER_MS = 1000;

/**
 * Runs the webhook dispatcher on a thread of its own (dispatcher-thread.ts): delivery's database writes
 * are synchronous on SQLite, and on the API's event loop they held other customers' requests (bench/
 * webhooks.ts). This side relays wake-ups both ways — the hub's to the thread, the thread's commits to
 * the hub (the streams) — and restarts a thread that dies (its leases run out and its attempts are made
 * again: nothing is lost).
 */
export class ThreadedDispatcher {
  #worker: Worker | undefined;
  #unlisten: (() => void) | undefined;
  #closing = false;
  /** The thread has opened its storage and listens: before that it has nothing in flight to record. */
  #ready = false;

  constructor(
    private readonly deps: {
      readonly config: Config;
      readonly hub: EventHub;
      readonly wallClock: Clock;
      readonly log?: { warn(obj: object, msg: string): void };
      /** Counts the thread's failed attempts (for /metrics). */
      readonly failures?: DeliveryFailures;
    },
  ) {}

  start(): void {
    if (this.#worker !== undefined || this.#closing) return;
    this.#unlisten ??= this.deps.hub.listen(() => this.#worker?.postMessage('wake'));
    const fromSource = import.meta.url.endsWith('.ts');
    const entry = JSON.stringify(
      new URL(`./dispatcher-thread.${fromSource ? 'ts' : 'js'}`, import.meta.url).href,
    );
    // From source (development, tests) the thread registers tsx itself before importing its TypeScript:
    // `--import tsx` in a worker's execArgv does not take effect on Node 20.
    const boot = fromSource
      ? `import(${JSON.stringify(tsxApi())}).then((tsx) => { tsx.register(); return import(${entry}); })`
      : `import(${entry})`;
    const worker = new Worker(boot, {
      eval: true,
      execArgv: fromSource ? ['--conditions=development'] : [],
      workerData: {
        config: this.deps.config,
        wallOffsetMs: this.deps.wallClock.now().getTime() - Date.now(),
      },
    });
    this.#ready = false;
    worker.on('message', (message: unknown) => {
      if (message === 'events') this.deps.hub.wake();
      else if (message === 'ready' && this.#worker === worker) this.#ready = true;
      else if (typeof (message as { failure?: unknown } | null)?.failure === 'string')
        this.deps.failures?.record((message as { failure: string }).failure);
    });
    worker.on('error', (err) => this.deps.log?.warn({ err }, 'webhook dispatcher thread failed'));
    worker.on('exit', () => {
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      if (this.#closing) return;
      setTimeout(() => this.start(), RESTART_AFTER_MS).unref();
    });
    // The thread only works for the process: it does not keep it alive.
    worker.unref();
    this.#worker = worker;
  }

  /** Lets the attempts in flight finish and be recorded, then ends the thread. */
  async close(): Promise<void> {
    this.#closing = true;
    this.#unlisten?.();
    const worker = this.#worker;
    if (worker === undefined) return;
    // A thread still loading (from source under load, seconds) has claimed nothing: stop it at once
    // rather than wait for it to boot only to close.
    if (!this.#ready) {
      await worker.terminate();
      this.#worker = undefined;
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => void worker.terminate().finally(resolve), CLOSE_GRACE_MS);
      worker.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      worker.postMessage('close');
    });
    this.#worker = undefined;
  }
}

/** tsx's ESM registration API (a development dependency: only running from source needs it). */
function tsxApi(): string {
  const pkg = createRequire(import.meta.url).resolve('tsx/package.json');
  return pathToFileURL(join(dirname(pkg), 'dist/esm/api/index.mjs')).href;
}
