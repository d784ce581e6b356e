import type { CacheCoherence } from './cache-coherence.js';
import { type ChangeNoticeServer, listenForChangeNotices, notifyChange } from './change-notices.js';

export interface EmbeddedCoherenceOptions {
  /** The data directory's change-notice socket (`<dataDir>/serve.sock`). */
  readonly socketPath?: string;
  /** Once notices are served, how often SQLite is still asked for changes (writers that bypass the key service). */
  readonly backstopMs?: number;
}

/**
 * Embedded mode: one server process, but operators run the CLI beside it on the same SQLite file.
 * A change made by this process bumps a local generation. A change made by another process (ADR 0058):
 *
 * - when the serving process listens for change notices (`serveNotices`, called by `bellwether
 *   serve`, which holds the data directory's lock), the other process's key service sends the changed
 *   key ids over a Unix socket and waits for the answer, given after the generation moved: the
 *   change is in force before the CLI returns, and a request reads only a number. SQLite's
 *   `PRAGMA data_version` is still read every `backstopMs`, for writers that bypass the key service;
 * - otherwise (no socket: in-process servers, a path too long to bind) `PRAGMA data_version`, which
 *   the storage exposes as `externalChangeToken()`, is read on every call, as it always was.
 *
 * The stamp string is reused while nothing changed, so the hot path allocates nothing here.
 */
export class EmbeddedCoherence implements CacheCoherence {
  private generation = 0;
  #token = Number.NaN;
  #generation = -1;
  #stamp = '';
  #notices: ChangeNoticeServer | undefined;
  #backstop: NodeJS.Timeout | undefined;
  readonly #options: EmbeddedCoherenceOptions;

  constructor(
    private readonly externalChangeToken: () => number | undefined,
    options: EmbeddedCoherenceOptions = {},
  ) {
    this.#options = options;
  }

  async stamp(): Promise<string> {
    return this.stampSync();
  }

  /** One generation for every key: nothing is kept per key id, known or not. */
  async establish(): Promise<string> {
    return this.stampSync();
  }

  stampSync(): string {
    const token = this.#notices === undefined ? (this.externalChangeToken() ?? 0) : this.#token;
    if (token !== this.#token || this.generation !== this.#generation) {
      this.#token = token;
      this.#generation = this.generation;
      this.#stamp = `${token}:${this.generation}`;
    }
    return this.#stamp;
  }

  async invalidate(keyIds: readonly string[]): Promise<void> {
    this.generation++;
    const path = this.#options.socketPath;
    // Another process may be serving with these keys cached: tell it, and wait for its answer.
    if (this.#notices === undefined && path !== undefined && keyIds.length > 0)
      await notifyChange(path, keyIds);
  }

  /**
   * Makes this process the one that receives change notices (only the holder of the data directory's
   * instance lock may). `false` when the socket cannot be bound: every request then keeps reading
   * `PRAGMA data_version`.
   */
  async serveNotices(): Promise<boolean> {
    const path = this.#options.socketPath;
    if (path === undefined || this.#notices !== undefined) return this.#notices !== undefined;
    const notices = await listenForChangeNotices(path, () => {
      this.generation++;
    });
    if (notices === undefined) return false;
    this.#notices = notices;
    this.#token = this.externalChangeToken() ?? 0;
    this.generation++;
    this.#backstop = setInterval(() => {
      const token = this.externalChangeToken() ?? 0;
      if (token !== this.#token) {
        this.#token = token;
        this.generation++;
      }
    }, this.#options.backstopMs ?? 1000);
    this.#backstop.unref();
    return true;
  }

  async close(): Promise<void> {
    if (this.#backstop !== undefined) clearInterval(this.#backstop);
    const notices = this.#notices;
    this.#notices = undefined;
    await notices?.close();
  }
}
