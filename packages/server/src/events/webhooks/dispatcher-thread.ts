/**
 * The webhook dispatcher's own thread (started by ThreadedDispatcher): its own storage connection, hub
 * and dispatcher, so the database writes of delivery — synchronous on SQLite — never hold the API's event
 * loop. Messages from the parent: `wake` (the log may have grown), `close`. To the parent: `ready` (it
 * listens and may claim deliveries), `events` (this thread committed events: wake the streams),
 * `{ failure }` (an attempt failed, for /metrics), `closed`.
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { systemClock } from '../../clock/clock.js';
import type { Config } from '../../config/config.js';
import { openStorage } from '../../db/open-storage.js';
import { loadPlans } from '../../platform/create-platform.js';
import { CredentialCipher } from '../../platform/crypto/credential-cipher.js';
import { loadOrCreateSecret } from '../../platform/server-secret.js';
import { EventHub } from '../event-hub.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';

/** The nice value of the delivering thread (the API's threads keep the process's, usually 0). */
const DELIVERY_NICE = 10;

interface ThreadData {
  readonly config: Config;
  /** The parent's wall clock minus real time (non-zero only in tests that live "as of" an instant). */
  readonly wallOffsetMs: number;
}

const { config, wallOffsetMs } = workerData as ThreadData;

/**
 * Delivery yields the CPU to the API: on Linux this thread lowers its own scheduling priority (a thread's
 * nice value is its own there; `/proc/thread-self` names its id). Elsewhere it runs at the process's.
 */
function yieldToTheApi(nice: number): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, Math.max(getPriority(tid), nice));
  } catch {
    // Not Linux, or not allowed: delivery shares the CPU evenly.
  }
}
yieldToTheApi(DELIVERY_NICE);
const port = parentPort;
if (port === null) throw new Error('dispatcher-thread runs as a worker thread');

const storage = await openStorage(config.storage);
const hub = new EventHub(storage, {
  ...(config.mode === 'distributed' && config.redisUrl !== undefined
    ? { redis: { url: config.redisUrl, prefix: config.redisPrefix } }
    : {}),
});
const log = {
  warn(obj: object, msg: string) {
    const err = (obj as { err?: unknown }).err;
    process.stderr.write(
      `${JSON.stringify({ level: 40, time: Date.now(), msg, ...obj, ...(err instanceof Error ? { err: err.message } : {}) })}\n`,
    );
  },
};
const dispatcher = new WebhookDispatcher({
  storage,
  plans: loadPlans(config.plansFile),
  cipher: new CredentialCipher(loadOrCreateSecret(config.secret, config.dataDir), 'webhook-secrets/v1'),
  clock: systemClock,
  wallClock: { now: () => new Date(Date.now() + wallOffsetMs) },
  hub,
  config: config.events,
  log,
  onFailure: (answer) => port.postMessage({ failure: answer }),
});
storage.eventSignal.listen(() => port.postMessage('events'));
port.on('message', (message: unknown) => {
  if (message === 'wake') dispatcher.kick(true);
  else if (message === 'close')
    void (async () => {
      await dispatcher.close();
      await hub.close();
      await storage.close();
      port.postMessage('closed');
      port.close();
    })();
});
// Ready before the first claim: a parent closing before it hears this stops the thread at once, and a
// thread stopped that way has claimed nothing (had it, the leases would run out and the attempts be
// made again: nothing is lost either way).
port.postMessage('ready');
hub.start();
dispatcher.start();
