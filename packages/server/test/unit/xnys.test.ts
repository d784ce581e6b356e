import { describe, expect, it } from 'vitest';
import { easterSunday, XNYS, xnysEarlyClose, xnysHolidays } from '../../src/market/calendar/xnys.js';

// Source: NYSE "Holidays & Trading Hours" pages for 2025 and 2026 (nyse.com/markets/hours-calendars),
// written down by hand; 2025-01-09 is the National Day of Mourning for President Carter.
const NYSE_HOLIDAYS: Record<number, string[]> = {
  2025: [
    '2025-01-01',
    '2025-01-09',
    '2025-01-20',
    '2025-02-17',
    '2025-04-18',
    '2025-05-26',
    '2025-06-19',
    '2025-07-04',
    '2025-09-01',
    '2025-11-27',
    '2025-12-25',
  ],
  2026: [
    '2026-01-01',
    '2026-01-19',
    '2026-02-16',
    '2026-04-03',
    '2026-05-25',
    '2026-06-19',
    '2026-07-03',
    '2026-09-07',
    '2026-11-26',
    '2026-12-25',
  ],
};
const NYSE_EARLY_CLOSES = ['2025-07-03', '2025-11-28', '2025-12-24', '2026-11-27', '2026-12-24'];

describe('XNYS calendar', () => {
  it.each(Object.keys(NYSE_HOLIDAYS).map(Number))('matches the published %i holiday list', (year) => {
    expect([...xnysHolidays(year)].sort()).toEqual(NYSE_HOLIDAYS[year]);
  });

  it('closes early at 13:00 New York exactly on the published days of 2025–2026', () => {
    const days: string[] = [];
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 86_400_000) {
      const d = new Date(t).toISOString().slice(0, 10);
      if (XNYS.sessionOn(d) !== undefined && xnysEarlyClose(d)) days.push(d);
    }
    expect(days).toEqual(NYSE_EARLY_CLOSES);
    expect(XNYS.sessionOn('2026-11-27')?.closes_at.toISOString()).toBe('2026-11-27T18:00:00.000Z');
  });

  it('computes Easter (Good Friday is two days before)', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });

  it('opens at 09:30 New York across daylight-saving changes', () => {
    expect(XNYS.sessionOn('2026-03-06')?.opens_at.toISOString()).toBe('2026-03-06T14:30:00.000Z'); // EST
    expect(XNYS.sessionOn('2026-03-09')?.opens_at.toISOString()).toBe('2026-03-09T13:30:00.000Z'); // EDT
    expect(XNYS.sessionOn('2026-11-02')?.closes_at.toISOString()).toBe('2026-11-02T21:00:00.000Z'); // EST again
  });

  it('finds the current, previous and next sessions around weekends and holidays', () => {
    const fridayEvening = new Date('2026-11-20T22:00:00Z');
    expect(XNYS.currentOrNext(fridayEvening).id).toBe('2026-11-23');
    expect(XNYS.previous(fridayEvening).id).toBe('2026-11-20');
    const thanksgiving = new Date('2026-11-26T15:00:00Z');
    expect(XNYS.currentOrNext(thanksgiving).id).toBe('2026-11-27');
    expect(XNYS.previous(thanksgiving).id).toBe('2026-11-25');
  });
});
