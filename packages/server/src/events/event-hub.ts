import { Redis } from 'ioredis';
import type { Storage } from '../db/repositories.js';

/** What the hub needs to hear of other processes: the deployment's Redis (distributed mode). */
export interface EventHubOptions {
  readonly redis?: { readonly url: string; readonly prefix: string };
  /** How often the log's head is read while someone listens, for writers the hub cannot hear (default 1 s). */
  readonly pollMs?: number;
}

/**
 * Tells this process's listeners (open event streams, the webhook dispatcher) that the events log may
 * have grown. Three ways in, so no writer goes unheard: this process's commits (the storage's signal),
 * other processes' commits announced on Redis pub/sub (distributed mode: an event written on one node
 * reaches a stream held on another at once), and a poll of the log's head while anyone listens (the CLI
 * beside an embedded server, or a Redis outage). A wake-up carries no data: listeners read the log
 * from where they are, so a duplicate or lost notice costs nothing.
 */
export class EventHub {
  readonly #storage: Storage;
  readonly #options: EventHubOptions;
  readonly #listeners = new Set<() => void>();
  #publisher: Redis | undefined;
  #subscriber: Redis | undefined;
  #unlisten: (() => void) | undefined;
  #timer: NodeJS.Timeout | undefined;
  #head = -1;
  #polling = false;

  constructor(storage: Storage, options: EventHubOptions = {}) {
    this.#storage = storage;
    this.#options = options;
  }

  get #channel(): string {
    return `${this.#options.redis?.prefix ?? ''}events`;
  }

  start(): void {
    if (this.#unlisten !== undefined) return;
    this.#unlisten = this.#storage.eventSignal.listen(() => {
      this.#wake();
      this.#publisher?.publish(this.#channel, '1').catch(() => {
        // Redis away: the other processes' polls find the events.
      });
    });
    const redis = this.#options.redis;
    if (redis !== undefined) {
      this.#publisher = new Redis(redis.url, { maxRetriesPerRequest: 1, lazyConnect: false });
      this.#publisher.on('error', () => {});
      this.#subscriber = new Redis(redis.url, { maxRetriesPerRequest: null });
      this.#subscriber.on('error', () => {});
      this.#subscriber.on('message', () => this.#wake());
      this.#subscriber.subscribe(this.#channel).catch(() => {});
    }
    this.#timer = setInterval(() => void this.#poll(), this.#options.pollMs ?? 1000);
    this.#timer.unref();
  }

  /** Calls `listener` whenever the log may have grown; returns the unsubscribe function. */
  listen(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Someone else (the dispatcher's thread) committed events: tell this process's listeners. */
  wake(): void {
    this.#wake();
  }

  async close(): Promise<void> {
    this.#unlisten?.();
    this.#unlisten = undefined;
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#publisher?.disconnect();
    this.#subscriber?.disconnect();
    this.#listeners.clear();
  }

  #wake(): void {
    for (const l of this.#listeners) {
      try {
        l();
      } catch {
        // One listener's failure does not stop the others.
      }
    }
  }

  async #poll(): Promise<void> {
    if (this.#listeners.size === 0 || this.#polling) return;
    this.#polling = true;
    try {
      const head = await this.#storage.events.head();
      if (head !== this.#head) {
        const first = this.#head === -1;
        this.#head = head;
        if (!first) this.#wake();
      }
    } catch {
      // The database is away for a moment; the next poll tries again.
    } finally {
      this.#polling = false;
    }
  }
}
