import type { CacheCoherence } from './cache-coherence.js';

/**
 * Embedded mode: one server process, but operators run the CLI beside it on the same SQLite file. A
 * change made by this process bumps a local generation; a commit by another process changes SQLite's
 * `PRAGMA data_version`, which the storage exposes as `externalChangeToken()`.
 */
export class EmbeddedCoherence implements CacheCoherence {
  private generation = 0;
  constructor(private readonly externalChangeToken: () => number | undefined) {}

  async stamp(): Promise<string> {
    return `${this.externalChangeToken() ?? 0}:${this.generation}`;
  }

  async invalidate(): Promise<void> {
    this.generation++;
  }

  async close(): Promise<void> {}
}
