import { describe, expect, it } from 'vitest';
import { XNYS } from '../../../src/market/calendar/xnys.js';
import { nextSyncAt, syncRetryDelayMs } from '../../../src/market/sync/sync-scheduler.js';

const at = (iso: string, retry = false, delay = 30) =>
  nextSyncAt(XNYS, new Date(iso), delay, retry ? 30 * 60_000 : undefined).toISOString();

describe('when the market-data sync runs next (XNYS)', () => {
  it('runs the delay after today’s close while it is still to come, else after the next session’s', () => {
    // Tuesday 2024-03-05 at 15:00 New York (20:00Z): today closes 16:00 (21:00Z).
    expect(at('2024-03-05T20:00:00Z')).toBe('2024-03-05T21:30:00.000Z');
    // After today's close: tomorrow's.
    expect(at('2024-03-05T21:10:00Z')).toBe('2024-03-06T21:30:00.000Z');
    // Friday evening: Monday's close, the weekend has none.
    expect(at('2024-03-08T23:00:00Z')).toBe('2024-03-11T20:30:00.000Z');
  });

  it('follows holidays and early closes', () => {
    // Thanksgiving 2024-11-28 is closed; Friday the 29th closes at 13:00 New York (18:00Z).
    expect(at('2024-11-27T22:00:00Z')).toBe('2024-11-29T18:30:00.000Z');
    expect(at('2024-11-27T22:00:00Z', false, 0)).toBe('2024-11-29T18:00:00.000Z');
  });

  // Issue #45: after a provider outage the data stayed stale 30 minutes after the provider returned.
  it('backs off in minutes while tickers are behind: 1, 2, 4, 8, 16, then every 30', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map((n) => syncRetryDelayMs(n) / 60_000)).toEqual([
      1, 2, 4, 8, 16, 30, 30, 30,
    ]);
    expect(nextSyncAt(XNYS, new Date('2024-03-05T21:40:00Z'), 30, syncRetryDelayMs(1)).toISOString()).toBe(
      '2024-03-05T21:41:00.000Z',
    );
  });

  it('retries in 30 minutes while tickers are behind, never later than the next regular run', () => {
    expect(at('2024-03-05T21:40:00Z', true)).toBe('2024-03-05T22:10:00.000Z');
    // Fifteen minutes before the next regular run (no delay: at the close), the retry waits for it.
    expect(at('2024-03-06T20:45:00Z', true, 0)).toBe('2024-03-06T21:00:00.000Z');
  });
});
