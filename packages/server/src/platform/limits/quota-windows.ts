import type { QuotaWindow } from '../../db/records.js';

const HOUR_MS = 3_600_000;

export interface QuotaWindowBounds {
  /** Epoch ms of the window start (inclusive). */
  readonly start_ms: number;
  /** Epoch ms of the next window's start (exclusive end). */
  readonly end_ms: number;
  /** UTC ISO-8601 of the start, the form stored in the usage ledger. */
  readonly window_start: string;
}

/** Last window computed per kind: the hot path asks for the same window many times a second. */
const recent: { hour: QuotaWindowBounds | undefined; month: QuotaWindowBounds | undefined } = {
  hour: undefined,
  month: undefined,
};

/** The UTC clock-hour or calendar-month window containing `now_ms`: start ≤ now < end. */
export function quotaWindowAt(window: QuotaWindow, now_ms: number): QuotaWindowBounds {
  const last = recent[window];
  if (last !== undefined && last.start_ms <= now_ms && now_ms < last.end_ms) return last;
  const bounds = computeWindow(window, now_ms);
  recent[window] = bounds;
  return bounds;
}

function computeWindow(window: QuotaWindow, now_ms: number): QuotaWindowBounds {
  let start_ms: number;
  let end_ms: number;
  if (window === 'hour') {
    start_ms = Math.floor(now_ms / HOUR_MS) * HOUR_MS;
    end_ms = start_ms + HOUR_MS;
  } else {
    const d = new Date(now_ms);
    const year = d.getUTCFullYear();
    const month = d.getUTCMonth();
    start_ms = Date.UTC(year, month, 1);
    end_ms = Date.UTC(year, month + 1, 1);
  }
  return { start_ms, end_ms, window_start: new Date(start_ms).toISOString() };
}

/** End of the window that starts at `window_start` (a ledger/Redis key component). */
export function quotaWindowEnd(window: QuotaWindow, window_start: string): number {
  return quotaWindowAt(window, Date.parse(window_start)).end_ms;
}
