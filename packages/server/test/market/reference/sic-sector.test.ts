import { describe, expect, it } from 'vitest';
import { sicSector } from '../../../src/market/reference/sic-sector.js';

describe('SIC codes read as sectors', () => {
  it('places well-known issuers by the SIC code EDGAR lists for them', () => {
    const cases: [string, number, string][] = [
      ['Apple (electronic computers)', 3571, 'Information Technology'],
      ['Microsoft (prepackaged software)', 7372, 'Information Technology'],
      ['Exxon Mobil (petroleum refining)', 2911, 'Energy'],
      ['JPMorgan Chase (national commercial banks)', 6021, 'Financials'],
      ['Pfizer (pharmaceutical preparations)', 2834, 'Health Care'],
      ['Coca-Cola (beverages)', 2080, 'Consumer Staples'],
      ['NextEra Energy (electric services)', 4911, 'Utilities'],
      ['Verizon (telephone communications)', 4813, 'Communication Services'],
      ['Amazon (catalog and mail-order retail)', 5961, 'Consumer Discretionary'],
      ['American Tower (real estate investment trusts)', 6798, 'Real Estate'],
      ['Caterpillar (construction machinery)', 3531, 'Industrials'],
      ['Tesla (motor vehicles)', 3711, 'Consumer Discretionary'],
      ['Abbott (surgical and medical instruments)', 3841, 'Health Care'],
      ['Newmont (gold and silver ores)', 1040, 'Materials'],
    ];
    for (const [who, sic, sector] of cases) expect([who, sicSector(sic)]).toEqual([who, sector]);
  });

  it('knows no sector for codes outside industry (blank checks, public administration)', () => {
    expect(sicSector(6770)).toBe('Financials');
    expect(sicSector(9995)).toBeNull();
    expect(sicSector(0)).toBeNull();
  });
});
