/** A company as SEC's ticker table names it: its CIK and its registered title. */
export interface EdgarCompany {
  readonly cik: number;
  readonly title: string;
}

/**
 * SEC's `www.sec.gov/files/company_tickers.json` read as ticker → company: an object of rows
 * `{"cik_str": 320193, "ticker": "AAPL", "title": "Apple Inc."}` keyed "0", "1", …; tickers upper-cased,
 * rows without the three fields left out. Several tickers may share a CIK (share classes).
 */
export function companyTickers(body: unknown): Map<string, EdgarCompany> {
  const table = new Map<string, EdgarCompany>();
  if (typeof body !== 'object' || body === null) return table;
  for (const row of Object.values(body)) {
    const r = row as Record<string, unknown>;
    if (typeof r.ticker === 'string' && typeof r.cik_str === 'number' && typeof r.title === 'string')
      table.set(r.ticker.toUpperCase(), { cik: r.cik_str, title: r.title });
  }
  return table;
}

/** A CIK as EDGAR's data paths write it: ten digits, zero-padded (`CIK0000320193.json`). */
export const cik10 = (cik: number): string => String(cik).padStart(10, '0');
