/**
 * Runs tasks one at a time per key, each after the ones queued before it under the same key (whether
 * they succeeded or failed); tasks under different keys run side by side. A key's entry goes once its
 * queue is empty, so the map holds only keys with work in flight.
 */
export class KeyedQueue {
  readonly #tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.#tails.get(key) ?? Promise.resolve();
    const result = before.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }
}
