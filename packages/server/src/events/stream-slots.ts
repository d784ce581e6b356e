/**
 * Event streams open in this process, per key: a key may hold `perKey` at once (a reconnecting client
 * whose old connection has not closed yet needs more than one). Counted per process: a cluster of N API
 * nodes allows N × `perKey` (docs/events.md).
 */
export class StreamSlots {
  readonly #open = new Map<string, number>();
  readonly #enders = new Set<() => void>();

  constructor(readonly perKey: number) {}

  /** Takes a slot for `key_id`; the release function, or undefined when the key holds them all. */
  take(key_id: string): (() => void) | undefined {
    const n = this.#open.get(key_id) ?? 0;
    if (n >= this.perKey) return undefined;
    this.#open.set(key_id, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#open.get(key_id) ?? 1) - 1;
      if (left === 0) this.#open.delete(key_id);
      else this.#open.set(key_id, left);
    };
  }

  /** Registers how to end an open stream when the server shuts down; returns the unregister function. */
  onShutdown(end: () => void): () => void {
    this.#enders.add(end);
    return () => this.#enders.delete(end);
  }

  /** Ends every open stream (the server is closing: clients reconnect elsewhere and resume). */
  shutdown(): void {
    for (const end of [...this.#enders]) end();
  }

  /** Streams open in this process (for /metrics). */
  get total(): number {
    let sum = 0;
    for (const n of this.#open.values()) sum += n;
    return sum;
  }
}
