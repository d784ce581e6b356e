import { describe, expect, it } from 'vitest';
import { calendarFor } from '../../src/market/calendar/calendar-for.js';
import { X247 } from '../../src/market/calendar/x247.js';

describe('24x7 calendar', () => {
  it('has one 00:00–24:00 UTC session on every day, weekends and US holidays included', () => {
    for (const d of ['2026-11-21', '2026-11-22', '2026-11-26', '2026-12-25', '2024-02-29']) {
      const s = X247.sessionOn(d);
      expect(s).toEqual({
        id: d,
        opens_at: new Date(`${d}T00:00:00.000Z`),
        closes_at: new Date(new Date(`${d}T00:00:00.000Z`).getTime() + 86_400_000),
        early_close: false,
      });
    }
  });

  it('has no session on impossible dates', () => {
    expect(X247.isTradingDay?.('2026-02-30')).toBe(false);
    expect(X247.isTradingDay?.('2026-02-28')).toBe(true);
    expect(X247.sessionOn('2026-02-30')).toBeUndefined();
    expect(X247.sessionOn('2026-13-01')).toBeUndefined();
    expect(X247.sessionOn('yesterday')).toBeUndefined();
  });

  it('is always inside the current UTC day, and the previous session closed at midnight', () => {
    const t = new Date('2026-03-08T07:30:00Z'); // a US DST change does not matter
    expect(X247.currentOrNext(t).id).toBe('2026-03-08');
    expect(X247.previous(t).id).toBe('2026-03-07');
    const midnight = new Date('2026-01-01T00:00:00Z');
    expect(X247.currentOrNext(midnight).id).toBe('2026-01-01');
    expect(X247.previous(midnight).id).toBe('2025-12-31');
    expect(X247.previous(midnight).closes_at.getTime()).toBe(midnight.getTime());
  });

  it('is what calendarFor returns for 24x7 and its alias X247', () => {
    expect(calendarFor('24x7')).toBe(X247);
    expect(calendarFor('X247')).toBe(X247);
    expect(X247.code).toBe('24x7');
  });
});
