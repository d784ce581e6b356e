/**
 * Event streams open in this process, per key: a key may hold `perKey` at once (a reconnecting client
 * whose old connection has not closed yet needs more than one). Counted per process: a cluster of N API
 * nodes allows N × `perKey` (docs/events.md).
 */
export class StreamSlots {
  readonly #open = new Map<string, number>();

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

  /** Streams open in this process (for /metrics). */
  get total(): number {
    let sum = 0;
    for (const n of this.#open.values()) sum += n;
    return sum;
  }
}
