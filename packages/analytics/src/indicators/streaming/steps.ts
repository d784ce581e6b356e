/**
 * Committed-state building blocks of the streaming indicators. `value(x, commit)` returns the output
 * for the next input x given the committed history, and folds x into that history only if `commit`.
 */

/** EMA seeded with the SMA of the first `period` inputs, as `emaInto`. */
export class EmaStep {
  private n = 0;
  private sum = 0;
  private prev = Number.NaN;
  constructor(
    private readonly period: number,
    private readonly alpha = 2 / (period + 1),
  ) {}

  value(x: number, commit: boolean): number {
    const i = this.n;
    let out: number;
    if (i < this.period - 1) {
      out = Number.NaN;
      if (commit) this.sum += x;
    } else if (i === this.period - 1) out = (this.sum + x) / this.period;
    else out = (x - this.prev) * this.alpha + this.prev;
    if (commit) {
      this.n++;
      if (i >= this.period - 1) this.prev = out;
    }
    return out;
  }
}

/** The last `capacity` committed inputs (oldest first when iterated by `at(0..size-1)`). */
export class Ring {
  private readonly buf: Float64Array;
  private head = 0;
  private filled = 0;
  constructor(readonly capacity: number) {
    this.buf = new Float64Array(Math.max(1, capacity));
  }
  get size(): number {
    return this.filled;
  }
  /** The k-th oldest retained value. */
  at(k: number): number {
    return this.buf[(this.head + this.capacity - this.filled + k) % this.capacity]!;
  }
  push(x: number): void {
    if (this.capacity === 0) return;
    this.buf[this.head] = x;
    this.head = (this.head + 1) % this.capacity;
    if (this.filled < this.capacity) this.filled++;
  }
}

/** Simple moving average of the last `period` inputs (NaN until `period` inputs). */
export class SmaStep {
  private readonly ring: Ring;
  constructor(private readonly period: number) {
    this.ring = new Ring(period - 1);
  }

  value(x: number, commit: boolean): number {
    let out = Number.NaN;
    if (this.ring.size === this.period - 1) {
      let sum = 0;
      for (let k = 0; k < this.ring.size; k++) sum += this.ring.at(k);
      out = (sum + x) / this.period;
    }
    if (commit) this.ring.push(x);
    return out;
  }
}
