import { describe, expect, it } from 'vitest';
import { calendarFor } from '../../src/market/calendar/calendar-for.js';
import { easterSunday, XNYS, xnysEarlyClose, xnysHolidays } from '../../src/market/calendar/xnys.js';

/*
 * NYSE full-day closures and 13:00 early closes, written down by hand (not generated from our rules) from
 * the exchange's published calendars:
 *  - NYSE Group press releases "NYSE Group Announces <Y>, <Y+1> and <Y+2> Holiday and Early Closings
 *    Calendar" (2019-12-09 for 2020–2022, 2020-12-28 for 2021–2023, 2021-12-27 for 2022–2024,
 *    2024-11-08 for 2025–2027, 2025-12-23 for 2026–2028; copies on mondovisione.com / businesswire),
 *  - the NYSE "Holidays & Trading Hours" page (nyse.com/markets/hours-calendars) for 2014–2019,
 *    cross-checked against the 2014–2016 and 2016–2017 schedules reproduced on wallstreetdiary.blogspot.com
 *    and profitconfidential.com,
 *  - unscheduled closures: 2018-12-05 (national day of mourning, President George H. W. Bush) and
 *    2025-01-09 (President Carter).
 * Notable rules these lists pin down: Juneteenth only from 2022; a Saturday New Year's Day is not observed
 * on the Friday before (2022, 2028, NYSE Rule 7.2) while other Saturday holidays move to Friday (2015,
 * 2020, 2026 July 3; 2021, 2027 Dec 24; 2027 June 18); no early close on July 2 or Dec 23 when the holiday
 * itself moved to that Friday (2015, 2020, 2021, 2026, 2027).
 */
const HOLIDAYS: Record<number, string[]> = {
  2015: ['01-01', '01-19', '02-16', '04-03', '05-25', '07-03', '09-07', '11-26', '12-25'],
  2016: ['01-01', '01-18', '02-15', '03-25', '05-30', '07-04', '09-05', '11-24', '12-26'],
  2017: ['01-02', '01-16', '02-20', '04-14', '05-29', '07-04', '09-04', '11-23', '12-25'],
  2018: ['01-01', '01-15', '02-19', '03-30', '05-28', '07-04', '09-03', '11-22', '12-05', '12-25'],
  2019: ['01-01', '01-21', '02-18', '04-19', '05-27', '07-04', '09-02', '11-28', '12-25'],
  2020: ['01-01', '01-20', '02-17', '04-10', '05-25', '07-03', '09-07', '11-26', '12-25'],
  2021: ['01-01', '01-18', '02-15', '04-02', '05-31', '07-05', '09-06', '11-25', '12-24'],
  2022: ['01-17', '02-21', '04-15', '05-30', '06-20', '07-04', '09-05', '11-24', '12-26'],
  2023: ['01-02', '01-16', '02-20', '04-07', '05-29', '06-19', '07-04', '09-04', '11-23', '12-25'],
  2024: ['01-01', '01-15', '02-19', '03-29', '05-27', '06-19', '07-04', '09-02', '11-28', '12-25'],
  2025: ['01-01', '01-09', '01-20', '02-17', '04-18', '05-26', '06-19', '07-04', '09-01', '11-27', '12-25'],
  2026: ['01-01', '01-19', '02-16', '04-03', '05-25', '06-19', '07-03', '09-07', '11-26', '12-25'],
  2027: ['01-01', '01-18', '02-15', '03-26', '05-31', '06-18', '07-05', '09-06', '11-25', '12-24'],
  2028: ['01-17', '02-21', '04-14', '05-29', '06-19', '07-04', '09-04', '11-23', '12-25'],
};

const EARLY_CLOSES: Record<number, string[]> = {
  2015: ['11-27', '12-24'],
  2016: ['11-25'],
  2017: ['07-03', '11-24'],
  2018: ['07-03', '11-23', '12-24'],
  2019: ['07-03', '11-29', '12-24'],
  2020: ['11-27', '12-24'],
  2021: ['11-26'],
  2022: ['11-25'],
  2023: ['07-03', '11-24'],
  2024: ['07-03', '11-29', '12-24'],
  2025: ['07-03', '11-28', '12-24'],
  2026: ['11-27', '12-24'],
  2027: ['11-26'],
  2028: ['07-03', '11-24'],
};

const YEARS = Object.keys(HOLIDAYS).map(Number);

function daysOf(year: number): string[] {
  const out: string[] = [];
  for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

describe('XNYS calendar against the published NYSE calendars 2015–2028', () => {
  it.each(YEARS)('closes on exactly the published %i holidays', (year) => {
    expect([...xnysHolidays(year)].sort()).toEqual(HOLIDAYS[year]?.map((d) => `${year}-${d}`));
  });

  it.each(YEARS)('has a session on every other weekday of %i and none on weekends', (year) => {
    const holidays = new Set(HOLIDAYS[year]?.map((d) => `${year}-${d}`));
    const wrong = daysOf(year).filter((d) => {
      const weekend = [0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay());
      return (XNYS.sessionOn(d) !== undefined) === (weekend || holidays.has(d));
    });
    expect(wrong).toEqual([]);
  });

  it.each(YEARS)('closes at 13:00 New York exactly on the published %i early-close days', (year) => {
    const early = daysOf(year).filter((d) => XNYS.sessionOn(d)?.early_close === true);
    expect(early).toEqual(EARLY_CLOSES[year]?.map((d) => `${year}-${d}`));
    for (const d of early) {
      expect(xnysEarlyClose(d)).toBe(true);
      const utcHour = d.slice(5, 7) === '07' ? 17 : 18; // 13:00 EDT in July, 13:00 EST in Nov/Dec
      expect(XNYS.sessionOn(d)?.closes_at.toISOString()).toBe(`${d}T${utcHour}:00:00.000Z`);
    }
  });

  it('answers isTradingDay exactly as sessionOn does, 1990–2030', () => {
    const disagree: string[] = [];
    for (let t = Date.UTC(1990, 0, 1); t < Date.UTC(2031, 0, 1); t += 86_400_000) {
      const d = new Date(t).toISOString().slice(0, 10);
      if (XNYS.isTradingDay?.(d) !== (XNYS.sessionOn(d) !== undefined)) disagree.push(d);
    }
    expect(disagree).toEqual([]);
  });

  it('closes early at 13:00 EDT in July (17:00 UTC)', () => {
    expect(XNYS.sessionOn('2024-07-03')?.closes_at.toISOString()).toBe('2024-07-03T17:00:00.000Z');
  });

  it('computes Easter (Good Friday is two days before)', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2038)).toBe('2038-04-25');
    expect(easterSunday(2285)).toBe('2285-03-22');
  });

  it('opens at 09:30 New York across daylight-saving changes', () => {
    expect(XNYS.sessionOn('2026-03-06')?.opens_at.toISOString()).toBe('2026-03-06T14:30:00.000Z'); // EST
    expect(XNYS.sessionOn('2026-03-09')?.opens_at.toISOString()).toBe('2026-03-09T13:30:00.000Z'); // EDT
    expect(XNYS.sessionOn('2026-10-30')?.closes_at.toISOString()).toBe('2026-10-30T20:00:00.000Z'); // EDT
    expect(XNYS.sessionOn('2026-11-02')?.closes_at.toISOString()).toBe('2026-11-02T21:00:00.000Z'); // EST again
  });

  it('finds the current, previous and next sessions around weekends and holidays', () => {
    const fridayEvening = new Date('2026-11-20T22:00:00Z');
    expect(XNYS.currentOrNext(fridayEvening).id).toBe('2026-11-23');
    expect(XNYS.previous(fridayEvening).id).toBe('2026-11-20');
    const thanksgiving = new Date('2026-11-26T15:00:00Z');
    expect(XNYS.currentOrNext(thanksgiving).id).toBe('2026-11-27');
    expect(XNYS.previous(thanksgiving).id).toBe('2026-11-25');
    const carterMourning = new Date('2025-01-09T15:00:00Z');
    expect(XNYS.currentOrNext(carterMourning).id).toBe('2025-01-10');
    expect(XNYS.previous(carterMourning).id).toBe('2025-01-08');
  });

  it('is what calendarFor returns for XNYS in any case', () => {
    expect(calendarFor('XNYS')).toBe(XNYS);
    expect(calendarFor('xnys')).toBe(XNYS);
    expect(calendarFor('XLON')).toBeUndefined();
  });
});
