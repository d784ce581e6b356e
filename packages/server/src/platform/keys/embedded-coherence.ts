import type { CacheCoherence } from './cache-coherence.js';

/**
 * Embedded mode: one server process, but operators run the CLI beside it on the same SQLite file. A
 * change made by this process bumps a local generation; a commit by another process changes SQLite's
 * `PRAGMA data_version`, which the storage exposes as `externalChangeToken()`. Both are read on every
 * call (that is what makes a CLI rotation effective on the very next request); only the stamp string
 * is reused while neither changed, so the hot path allocates nothing here.
 */
export class EmbeddedCoherence implements CacheCoherence {
  private generation = 0;
  #token = Number.NaN;
  #generation = -1;
  #stamp = '';
  constructor(private readonly externalChangeToken: () => number | undefined) {}

  async stamp(): Promise<string> {
    return this.stampSync();
  }

  stampSync(): string {
    const token = this.externalChangeToken() ?? 0;
    if (token !== this.#token || this.generation !== this.#generation) {
      this.#token = token;
      this.#generation = this.generation;
      this.#stamp = `${token}:${this.generation}`;
    }
    return this.#stamp;
  }

  async invalidate(): Promise<void> {
    this.generation++;
  }

  async close(): Promise<void> {}
}
