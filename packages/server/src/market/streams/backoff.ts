/** The settings of a jittered exponential back-off (milliseconds). */
export interface BackoffSettings {
  /** The first wait's ceiling. */
  readonly baseMs: number;
  /** No wait is longer than this. */
  readonly capMs: number;
}

/**
 * "Full jitter" back-off (AWS Architecture Blog, "Exponential Backoff And Jitter", 2015): the n-th wait is
 * uniform in [0, min(cap, base·2ⁿ)], so reconnecting clients spread out instead of arriving together.
 * `longest()` is the wait after a refusal retrying soon cannot cure (credentials, connection limit):
 * between cap/2 and cap.
 */
export class JitteredBackoff {
  #attempt = 0;

  constructor(
    private readonly settings: BackoffSettings,
    private readonly random: () => number = Math.random,
  ) {}

  /** The wait before the next attempt; each call doubles the ceiling up to the cap. */
  next(): number {
    const ceiling = Math.min(this.settings.capMs, this.settings.baseMs * 2 ** Math.min(this.#attempt, 30));
    this.#attempt++;
    return Math.floor(this.random() * ceiling);
  }

  longest(): number {
    this.#attempt++;
    return Math.floor(this.settings.capMs / 2 + (this.random() * this.settings.capMs) / 2);
  }

  /** A connection that worked: the next failure starts again from the base. */
  reset(): void {
    this.#attempt = 0;
  }

  get attempts(): number {
    return this.#attempt;
  }
}
