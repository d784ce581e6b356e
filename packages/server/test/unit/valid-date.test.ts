/**
 * `validDate` guards every `YYYY-MM-DD` query parameter. Years before 1800 are refused: `Date.UTC`
 * reads 0–99 as 1900–1999, and `microstructure?date=0000-01-01` reached calendar arithmetic that
 * threw (a 500).
 */
import { describe, expect, it } from 'vitest';
import { validDate } from '../../src/clock/valid-date.js';

describe('validDate', () => {
  it('accepts real calendar dates from 1800 on', () => {
    for (const d of ['1800-01-01', '1999-12-31', '2024-02-29', '2026-11-24', '9999-12-31'])
      expect(validDate(d), d).toBe(true);
  });
  it('refuses impossible dates, other shapes and years before 1800', () => {
    for (const d of ['0000-01-01', '0099-12-31', '1799-12-31', '2026-02-30', '2025-02-29', '2026-13-01'])
      expect(validDate(d), d).toBe(false);
    for (const d of ['20261124', '2026-1-01', ' 2026-11-24', '2026-11-24T00:00:00Z', '+02026-11-24', ''])
      expect(validDate(d), d).toBe(false);
  });
});
