import type { QuotaWindow } from '../../db/records.js';

interface Seen {
  readonly used: number;
  readonly window_start: string;
  readonly end_ms: number;
}

/** Meters remembered; the oldest is forgotten first (a refused key has almost always been admitted lately). */
const MAX_METERS = 10_000;

/**
 * The quota state this process last told each meter (`X-RateLimit-*` of its last admitted answer), so a
 * burst refusal can carry the same headers without asking the quota counter again: a key hammering past
 * its burst limit costs no Redis round trip per refusal. A state of an earlier window is not recalled.
 */
export class LastQuota {
  readonly #seen = new Map<string, Seen>();

  remember(
    meter_id: string,
    window: QuotaWindow,
    used: number,
    window_start: string,
    reset_ms: number,
    now_ms: number,
  ): void {
    const key = `${window}:${meter_id}`;
    this.#seen.delete(key);
    this.#seen.set(key, { used, window_start, end_ms: now_ms + reset_ms });
    if (this.#seen.size > MAX_METERS) this.#seen.delete(this.#seen.keys().next().value as string);
  }

  recall(
    meter_id: string,
    window: QuotaWindow,
    now_ms: number,
  ): { used: number; window_start: string; reset_ms: number } | undefined {
    const s = this.#seen.get(`${window}:${meter_id}`);
    if (s === undefined || s.end_ms <= now_ms) return undefined;
    return { used: s.used, window_start: s.window_start, reset_ms: s.end_ms - now_ms };
  }
}
