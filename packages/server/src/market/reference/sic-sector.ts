/**
 * An SEC Standard Industrial Classification code read as one of the eleven GICS-style sectors the product
 * groups peers by. Approximate by construction: GICS itself is licensed, and SIC predates some of its
 * sectors (an internet company files as 7370, computer services, and reads as Information Technology where
 * GICS says Communication Services). Ranges from the SEC's SIC code list, most specific first.
 */
const RANGES: readonly (readonly [from: number, to: number, sector: string])[] = [
  [1000, 1099, 'Materials'], // metal mining
  [1200, 1399, 'Energy'], // coal, crude petroleum and natural gas, drilling
  [1400, 1499, 'Materials'], // nonmetallic minerals
  [1500, 1799, 'Industrials'], // construction
  [2000, 2199, 'Consumer Staples'], // food, beverages, tobacco
  [2200, 2399, 'Consumer Discretionary'], // textiles, apparel
  [2400, 2499, 'Materials'], // lumber and wood
  [2500, 2599, 'Consumer Discretionary'], // furniture
  [2600, 2699, 'Materials'], // paper
  [2700, 2799, 'Communication Services'], // printing and publishing
  [2830, 2836, 'Health Care'], // pharmaceutical preparations, biologicals
  [2840, 2844, 'Consumer Staples'], // soaps, cosmetics
  [2800, 2899, 'Materials'], // chemicals
  [2900, 2999, 'Energy'], // petroleum refining
  [3000, 3099, 'Materials'], // rubber and plastics
  [3100, 3199, 'Consumer Discretionary'], // leather
  [3200, 3399, 'Materials'], // stone, glass, primary metals
  [3400, 3499, 'Industrials'], // fabricated metal products
  [3570, 3579, 'Information Technology'], // computers and office equipment
  [3500, 3599, 'Industrials'], // industrial machinery
  [3630, 3639, 'Consumer Discretionary'], // household appliances
  [3600, 3699, 'Information Technology'], // electronic equipment, semiconductors
  [3710, 3716, 'Consumer Discretionary'], // motor vehicles
  [3700, 3799, 'Industrials'], // aircraft, ships, railroad equipment
  [3840, 3851, 'Health Care'], // medical instruments and supplies
  [3800, 3899, 'Information Technology'], // measuring and control instruments
  [3900, 3999, 'Consumer Discretionary'], // miscellaneous manufacturing
  [4800, 4899, 'Communication Services'], // communications
  [4900, 4999, 'Utilities'], // electric, gas, water
  [4000, 4799, 'Industrials'], // transportation
  [5120, 5122, 'Health Care'], // drugs wholesale
  [5140, 5149, 'Consumer Staples'], // groceries wholesale
  [5000, 5199, 'Industrials'], // wholesale trade
  [5400, 5499, 'Consumer Staples'], // food stores
  [5912, 5912, 'Consumer Staples'], // drug stores
  [5200, 5999, 'Consumer Discretionary'], // retail trade
  [6500, 6553, 'Real Estate'], // real estate
  [6798, 6798, 'Real Estate'], // real estate investment trusts
  [6000, 6799, 'Financials'], // banks, brokers, insurance, holding companies
  [7370, 7379, 'Information Technology'], // computer programming, software, data processing
  [7800, 7899, 'Communication Services'], // motion pictures
  [7000, 7099, 'Consumer Discretionary'], // hotels
  [8000, 8099, 'Health Care'], // health services
  [8731, 8731, 'Health Care'], // commercial physical and biological research
  [7000, 8999, 'Industrials'], // other services
  [100, 999, 'Consumer Staples'], // agriculture
];

/** The sector of an SIC code, or null for a code outside every range (public administration, 9995 blank checks). */
export function sicSector(sic: number): string | null {
  for (const [from, to, sector] of RANGES) if (sic >= from && sic <= to) return sector;
  return null;
}
