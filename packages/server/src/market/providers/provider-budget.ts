/**
 * A provider's request allowance for one key: at most `perSecond` in any second and `perHour` in any hour
 * (each unbounded when absent), `perMinute` in any 60 s and `perDay` in any 24 h.
 */
export interface BudgetLimits {
  readonly perSecond?: number;
  readonly perMinute: number;
  readonly perHour?: number;
  readonly perDay: number;
}

const SECOND_MS = 1_000;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * The last `capacity` request times, to answer "when may the next one go?" for a rolling window:
 * the window is full exactly when the capacity-th most recent request is inside it.
 */
class RecentTimes {
  readonly #times: Float64Array;
  #next = 0;
  #count = 0;

  constructor(readonly capacity: number) {
    this.#times = new Float64Array(Number.isFinite(capacity) ? capacity : 0);
  }

  /**
   * Earliest instant at which `n` more requests keep every `windowMs` window within capacity (never, for
   * more than the capacity at once).
   */
  freeAt(windowMs: number, n = 1): number {
    if (!Number.isFinite(this.capacity)) return 0;
    if (n > this.capacity) return Number.POSITIVE_INFINITY;
    // The m oldest of the remembered requests must have left the window: the m-th leaves at its time + window.
    const m = this.#count + n - this.capacity;
    if (m <= 0) return 0;
    const i = (this.#next - this.#count + (m - 1) + this.capacity * 2) % this.capacity;
    return (this.#times[i] as number) + windowMs;
  }

  /** The remembered times, oldest first. */
  list(): number[] {
    const out: number[] = [];
    for (let k = 0; k < this.#count; k++) {
      const i = (this.#next - this.#count + k + this.capacity * 2) % this.capacity;
      out.push(this.#times[i] as number);
    }
    return out;
  }

  add(t: number): void {
    if (!Number.isFinite(this.capacity) || this.capacity === 0) return;
    this.#times[this.#next] = t;
    this.#next = (this.#next + 1) % this.capacity;
    this.#count = Math.min(this.#count + 1, this.capacity);
  }
}

/**
 * One provider key's rate budget (issue #24): rolling per-minute and per-day windows, a pause a
 * provider asked for (Retry-After), and a circuit breaker that stops calling a provider failing again
 * and again. Rolling windows are the safe reading of "per minute" and "per day": any calendar minute or
 * day lies inside one of them, so whatever the provider's own clock, its limits are never exceeded.
 * In memory, per process: the sync runs in one place at a time (ADR 0066).
 */
export class ProviderBudget {
  readonly #second: RecentTimes;
  readonly #minute: RecentTimes;
  readonly #hour: RecentTimes;
  readonly #day: RecentTimes;
  #pausedUntil = 0;
  #failures = 0;
  #openUntil = 0;

  constructor(
    readonly limits: BudgetLimits,
    private readonly breaker = { threshold: 5, cooldownMs: 5 * MINUTE_MS },
  ) {
    if (!(limits.perMinute > 0) || !(limits.perDay > 0))
      throw new RangeError('A provider budget needs positive per-minute and per-day limits');
    this.#second = new RecentTimes(limits.perSecond ?? Number.POSITIVE_INFINITY);
    this.#minute = new RecentTimes(limits.perMinute);
    this.#hour = new RecentTimes(limits.perHour ?? Number.POSITIVE_INFINITY);
    this.#day = new RecentTimes(limits.perDay);
  }

  /**
   * When the next call of `cost` requests may go (epoch ms, ≤ `now` meaning at once), and what it waits
   * for. `breaker` is open after `threshold` failures in a row, until its cooldown ends (then one may try).
   */
  nextAt(
    now: number,
    cost = 1,
  ): {
    readonly at: number;
    readonly waitingFor: 'nothing' | 'second' | 'minute' | 'hour' | 'day' | 'retry_after' | 'breaker';
  } {
    const waits = [
      { at: this.#second.freeAt(SECOND_MS, cost), waitingFor: 'second' as const },
      { at: this.#minute.freeAt(MINUTE_MS, cost), waitingFor: 'minute' as const },
      { at: this.#hour.freeAt(HOUR_MS, cost), waitingFor: 'hour' as const },
      { at: this.#day.freeAt(DAY_MS, cost), waitingFor: 'day' as const },
      { at: this.#pausedUntil, waitingFor: 'retry_after' as const },
      { at: this.#openUntil, waitingFor: 'breaker' as const },
    ].sort((a, b) => b.at - a.at);
    const latest = waits[0] as (typeof waits)[number];
    return latest.at > now ? latest : { at: now, waitingFor: 'nothing' };
  }

  /** Counts `n` requests sent at `now` (call only when `nextAt(now, n).at <= now`). */
  take(now: number, n = 1): void {
    for (let k = 0; k < n; k++) {
      this.#second.add(now);
      this.#minute.add(now);
      this.#hour.add(now);
      this.#day.add(now);
    }
  }

  /**
   * The requests of the last 24 h (oldest first) and the pause asked for: what must outlive the process
   * so that a restart cannot spend a day's allowance twice (ADR 0067).
   */
  state(now: number): { readonly sent: readonly number[]; readonly pausedUntil: number } {
    return { sent: this.#day.list().filter((t) => t > now - DAY_MS), pausedUntil: this.#pausedUntil };
  }

  /** Counts requests made before (by an earlier process), oldest first, and their pause. */
  restore(state: { readonly sent: readonly number[]; readonly pausedUntil: number }): void {
    for (const t of [...state.sent].sort((a, b) => a - b)) this.take(t);
    this.pauseUntil(state.pausedUntil);
  }

  /** The provider asked to wait (a throttle with Retry-After). */
  pauseUntil(at: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, at);
  }

  succeeded(): void {
    this.#failures = 0;
  }

  /** A retryable failure; the breaker opens after `threshold` in a row. */
  failed(now: number): void {
    this.#failures++;
    if (this.#failures >= this.breaker.threshold) this.#openUntil = now + this.breaker.cooldownMs;
  }
}
