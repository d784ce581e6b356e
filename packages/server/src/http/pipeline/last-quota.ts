import type { QuotaWindow } from '../../db/records.js';
import { quotaWindowAt } from '../../platform/limits/quota-windows.js';

interface Seen {
  window: QuotaWindow;
  used: number;
  window_start: string;
}

/** Meters remembered; beyond it the first remembered is forgotten (a forgotten one costs one peek). */
const MAX_METERS = 10_000;

/**
 * The quota state this process last told each meter (`X-RateLimit-*` of its last admitted answer), so a
 * burst refusal can carry the same headers without asking the quota counter again: a key hammering past
 * its burst limit costs no Redis round trip per refusal. A state of an earlier window is not recalled; the
 * time to the reset is taken from the window's own bounds, so it is the same to the second as the counter's.
 */
export class LastQuota {
  readonly #seen = new Map<string, Seen>();

  /** Every admitted request: one lookup, and an allocation only for a meter not seen before. */
  remember(meter_id: string, window: QuotaWindow, used: number, window_start: string): void {
    const seen = this.#seen.get(meter_id);
    if (seen !== undefined) {
      seen.window = window;
      seen.used = used;
      seen.window_start = window_start;
      return;
    }
    this.#seen.set(meter_id, { window, used, window_start });
    if (this.#seen.size > MAX_METERS) this.#seen.delete(this.#seen.keys().next().value as string);
  }

  recall(
    meter_id: string,
    window: QuotaWindow,
    now_ms: number,
  ): { used: number; window_start: string; reset_ms: number } | undefined {
    const s = this.#seen.get(meter_id);
    if (s === undefined || s.window !== window) return undefined;
    const bounds = quotaWindowAt(window, now_ms);
    if (s.window_start !== bounds.window_start) return undefined;
    return { used: s.used, window_start: s.window_start, reset_ms: bounds.end_ms - now_ms };
  }
}
