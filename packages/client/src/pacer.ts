/**
 * Keeps one process under the server's burst limit (at most `limit` requests in any sliding `windowMs`)
 * so it rarely sees a 429 at all. The server counts arrivals with an exact sliding log; the client
 * counts departures the same way, with a small margin for the network's jitter.
 */
export interface PacerOptions {
  /** Requests allowed per window (the API's burst limit: 10). */
  readonly limit?: number;
  readonly windowMs?: number;
  /** Extra spacing for the network's jitter between our departure and the server's arrival clock. */
  readonly marginMs?: number;
  /** Clock and timer, replaceable for simulations. */
  readonly now?: () => number;
  readonly wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export class RequestPacer {
  /** Answer times of the requests in the current window; +Infinity while a request is in flight. */
  private readonly slots: number[] = [];
  private queue: Promise<void> = Promise.resolve();
  readonly limit: number;
  readonly windowMs: number;
  readonly marginMs: number;
  private readonly now: () => number;
  private readonly wait: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(options: PacerOptions = {}) {
    this.limit = options.limit ?? 10;
    this.windowMs = options.windowMs ?? 1000;
    this.marginMs = options.marginMs ?? 25;
    this.now = options.now ?? (() => performance.now());
    this.wait = options.wait ?? sleep;
  }

  /**
   * Resolves when one more request may leave now (requests leave in call order) with a `done` to call
   * once its answer has arrived. A slot is held until `windowMs` after that answer, not after the
   * departure: the server counts arrivals, which can lag a departure (a new connection, a busy event
   * loop) but never follow the answer, so this keeps the server's count within the limit whatever the
   * network does.
   */
  acquire(signal?: AbortSignal): Promise<() => void> {
    const turn = this.queue.then(() => this.waitForSlot(signal));
    // A caller that gave up does not hold up the ones behind it.
    this.queue = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  private async waitForSlot(signal?: AbortSignal): Promise<() => void> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.now();
      // In-flight slots are +Infinity until answered; answered ones expire a window after the answer.
      for (let i = this.slots.length - 1; i >= 0; i--)
        if (now - (this.slots[i] as number) >= this.windowMs + this.marginMs) this.slots.splice(i, 1);
      if (this.slots.length < this.limit) {
        this.slots.push(Number.POSITIVE_INFINITY);
        let released = false;
        return () => {
          if (released) return;
          released = true;
          // Mark the first in-flight slot answered (which one does not matter: they are identical).
          const i = this.slots.indexOf(Number.POSITIVE_INFINITY);
          if (i >= 0) this.slots[i] = this.now();
          this.wake?.();
        };
      }
      const oldest = Math.min(...this.slots);
      await this.sleepUntilFree(
        Number.isFinite(oldest) ? oldest + this.windowMs + this.marginMs - now : undefined,
        signal,
      );
    }
  }

  private wake: (() => void) | undefined;

  /** Waits until the oldest answered slot expires, or until an in-flight one is answered. */
  private sleepUntilFree(ms: number | undefined, signal?: AbortSignal): Promise<void> {
    const answered = new Promise<void>((resolve) => {
      this.wake = () => {
        this.wake = undefined;
        resolve();
      };
    });
    return ms === undefined ? raceAbort(answered, signal) : Promise.race([answered, this.wait(ms, signal)]);
  }
}

function raceAbort(p: Promise<void>, signal?: AbortSignal): Promise<void> {
  if (signal === undefined) return p;
  return Promise.race([
    p,
    new Promise<void>((_, reject) => {
      signal.throwIfAborted();
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    }),
  ]);
}

/** setTimeout as a promise that rejects with the signal's reason when aborted. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
