import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quotaWindowAt, quotaWindowEnd } from '../../src/platform/limits/quota-windows.js';

const DAY_MS = 86_400_000;
const instants = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2200, 0, 1) });
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number, m: number) =>
  [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m]!;

describe('quota windows', () => {
  it('contains now: start ≤ now < end, for hours and months', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom('hour' as const, 'month' as const), (now, window) => {
        const b = quotaWindowAt(window, now);
        expect(b.start_ms).toBeLessThanOrEqual(now);
        expect(now).toBeLessThan(b.end_ms);
        expect(b.window_start).toBe(new Date(b.start_ms).toISOString());
        expect(quotaWindowEnd(window, b.window_start)).toBe(b.end_ms);
      }),
      { numRuns: 2000 },
    );
  });

  it('starts hour windows on the UTC clock hour and makes them one hour long', () => {
    fc.assert(
      fc.property(instants, (now) => {
        const b = quotaWindowAt('hour', now);
        const d = new Date(b.start_ms);
        expect([d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()]).toEqual([0, 0, 0]);
        expect(d.getUTCHours()).toBe(new Date(now).getUTCHours());
        expect(b.end_ms - b.start_ms).toBe(3_600_000);
      }),
      { numRuns: 2000 },
    );
  });

  it('starts month windows at 00:00 UTC on the 1st and gives each month its calendar length', () => {
    fc.assert(
      fc.property(instants, (now) => {
        const b = quotaWindowAt('month', now);
        const d = new Date(b.start_ms);
        const n = new Date(now);
        expect([d.getUTCFullYear(), d.getUTCMonth()]).toEqual([n.getUTCFullYear(), n.getUTCMonth()]);
        expect([d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()]).toEqual([1, 0, 0, 0]);
        expect(b.end_ms - b.start_ms).toBe(daysIn(n.getUTCFullYear(), n.getUTCMonth()) * DAY_MS);
      }),
      { numRuns: 2000 },
    );
  });

  it('tiles time: the window after a window starts where it ends', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom('hour' as const, 'month' as const), (now, window) => {
        const b = quotaWindowAt(window, now);
        expect(quotaWindowAt(window, b.end_ms).start_ms).toBe(b.end_ms);
        expect(quotaWindowAt(window, b.end_ms - 1).start_ms).toBe(b.start_ms);
      }),
    );
  });

  it.each([
    ['2024-02-10T00:00:00Z', 29],
    ['2023-02-10T00:00:00Z', 28],
    ['2000-02-10T00:00:00Z', 29],
    ['2100-02-10T00:00:00Z', 28],
    ['1900-02-10T00:00:00Z', 28],
    ['2026-12-31T23:59:59.999Z', 31],
    ['2026-04-30T12:00:00Z', 30],
  ])('gives the month of %s %i days', (iso, days) => {
    const b = quotaWindowAt('month', Date.parse(iso));
    expect(b.end_ms - b.start_ms).toBe(days * DAY_MS);
  });

  it('rolls December into January of the next year', () => {
    const b = quotaWindowAt('month', Date.parse('2026-12-31T23:59:59.999Z'));
    expect(b.window_start).toBe('2026-12-01T00:00:00.000Z');
    expect(new Date(b.end_ms).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
