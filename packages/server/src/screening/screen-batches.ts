/**
 * A screen's batches on their way to the compute pool: at most `maxSent` sent at a time (a screen takes
 * no more of the pool's queue than before, ADR 0061), the others held here while the loads go on, up
 * to `maxHeld` units (bars) held or sent. A cold screen's first batches wait for the compute thread to
 * start (~300 ms); with only two batches allowed in flight its loads stopped meanwhile (issue #28).
 * `add` waits while too much is held; `finish` waits for every batch. The first failure is thrown by
 * the next `add` or by `finish`, and batches not yet sent are dropped.
 *
 * A batch's size is measured once, when it is added, and that count is what its answer gives back:
 * sending may hand the batch's buffers to another thread (the compute pool transfers a screen's bars),
 * after which the batch measures 0, and a size measured again then never gave back what it took — past
 * `maxHeld`, `add` waited forever (issue #42).
 */
export class ScreenBatches<B> {
  readonly #send: (batch: B) => Promise<void>;
  readonly #size: (batch: B) => number;
  readonly #maxSent: number;
  readonly #maxHeld: number;
  readonly #ready: { readonly batch: B; readonly size: number }[] = [];
  #sent = 0;
  #held = 0;
  #failure: { readonly error: unknown } | undefined;
  /** The one waiter (`add` or `finish`: the caller awaits each before the next). */
  #wake: (() => void) | undefined;

  constructor(
    send: (batch: B) => Promise<void>,
    size: (batch: B) => number,
    limits: { readonly maxSent: number; readonly maxHeld: number },
  ) {
    this.#send = send;
    this.#size = size;
    this.#maxSent = limits.maxSent;
    this.#maxHeld = limits.maxHeld;
  }

  async add(batch: B): Promise<void> {
    this.#check();
    const size = this.#size(batch);
    this.#ready.push({ batch, size });
    this.#held += size;
    this.#pump();
    while (this.#held > this.#maxHeld && this.#failure === undefined) await this.#settled();
    this.#check();
  }

  async finish(): Promise<void> {
    while (this.#sent + this.#ready.length > 0 && this.#failure === undefined) await this.#settled();
    this.#check();
  }

  #check(): void {
    if (this.#failure !== undefined) throw this.#failure.error;
  }

  #settled(): Promise<void> {
    return new Promise((resolve) => {
      this.#wake = resolve;
    });
  }

  #pump(): void {
    while (this.#failure === undefined && this.#sent < this.#maxSent && this.#ready.length > 0) {
      const { batch, size } = this.#ready.shift() as { batch: B; size: number };
      this.#sent++;
      new Promise<void>((resolve) => resolve(this.#send(batch)))
        .catch((error: unknown) => {
          this.#failure ??= { error };
        })
        .finally(() => {
          this.#sent--;
          this.#held -= size;
          this.#pump();
          const wake = this.#wake;
          this.#wake = undefined;
          wake?.();
        });
    }
  }
}
