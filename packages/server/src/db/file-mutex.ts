/** A FIFO async mutex: `lock()` resolves with the function that releases it. */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();

  async lock(): Promise<() => void> {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.#tail;
    this.#tail = previous.then(() => held);
    await previous;
    return release;
  }
}

const byFile = new Map<string, Mutex>();

/**
 * The one mutex of this process for a database file. SQLite's busy handler sleeps synchronously, so
 * two connections of one process to one file must never wait on each other: while one waits for the
 * write lock, the thread that would commit and free it is blocked. Sharing this mutex makes all of
 * a process's connections to a file take turns instead (other processes still use SQLite's locks).
 */
export function mutexForFile(path: string): Mutex {
  let mutex = byFile.get(path);
  if (mutex === undefined) {
    mutex = new Mutex();
    byFile.set(path, mutex);
  }
  return mutex;
}
