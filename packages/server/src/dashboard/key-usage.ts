import { iso } from '../clock/iso.js';
import type { QuotaWindow } from '../db/records.js';
import type { AppDeps } from '../http/app-deps.js';
import { quotaWindowAt } from '../platform/limits/quota-windows.js';

/** Windows a key's usage chart shows: two days of hours, or this month and the twelve before it. */
const WINDOWS_SHOWN: Readonly<Record<QuotaWindow, number>> = { hour: 48, month: 13 };

/** Start (epoch ms) of the window `back` windows before the one starting at `current_ms`. */
function windowBefore(window: QuotaWindow, current_ms: number, back: number): number {
  if (window === 'hour') return current_ms - back * 3_600_000;
  const d = new Date(current_ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1);
}

/**
 * One key's requests per quota window over the period shown, every window present (zeros included),
 * oldest first: `count` is what the quota counted (billed), `refused` the requests answered 429 by the
 * burst limit or the quota (never billed). The current window's count is the live counter's.
 */
export async function keyUsage(
  deps: Pick<AppDeps, 'quota' | 'refusals' | 'storage'>,
  key_id: string,
  window: QuotaWindow,
  limit: number,
  now: Date,
) {
  const current = quotaWindowAt(window, now.getTime());
  const starts = Array.from({ length: WINDOWS_SHOWN[window] }, (_, i) =>
    new Date(windowBefore(window, current.start_ms, WINDOWS_SHOWN[window] - 1 - i)).toISOString(),
  );
  const since = starts[0] as string;
  const [counted, refused, live] = await Promise.all([
    deps.storage.usage.history(key_id, window, since),
    deps.refusals.history(key_id, window, since),
    deps.quota.peek(key_id, window, now),
  ]);
  const countBy = new Map(counted.map((p) => [p.window_start, p.count]));
  countBy.set(current.window_start, live.used);
  const refusedBy = new Map(refused.map((r) => [r.window_start, r]));
  const points = starts.map((window_start) => ({
    window_start: iso(window_start),
    count: Math.max(0, countBy.get(window_start) ?? 0),
    refused: {
      burst: refusedBy.get(window_start)?.burst ?? 0,
      quota: refusedBy.get(window_start)?.quota ?? 0,
    },
  }));
  return {
    window,
    limit,
    used: live.used,
    resets_at: iso(new Date(now.getTime() + live.reset_ms)),
    points,
    totals: {
      count: points.reduce((a, p) => a + p.count, 0),
      refused: {
        burst: points.reduce((a, p) => a + p.refused.burst, 0),
        quota: points.reduce((a, p) => a + p.refused.quota, 0),
      },
    },
  };
}
