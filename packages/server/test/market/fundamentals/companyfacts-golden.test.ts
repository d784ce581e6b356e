/**
 * Tesla's recorded companyfacts (an excerpt, fixtures/README.md) read as the adapter reads it, against
 * figures written from the filings themselves (fixtures/tsla-golden.json): each quarter and year equals the
 * statement's figure with its filing's accession; TTM is recomputed here from the golden quarters; the
 * 2018 revenue Tesla re-presented in its 2019 10-K is seen as first filed until the restating filing's date.
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import {
  type FundamentalFact,
  fiscalQuarters,
  fiscalYears,
  knownFacts,
  trailingTwelveMonths,
} from '@bellwether/analytics';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CompanyFacts, readCompanyFacts } from '../../../src/market/fundamentals/read-company-facts.js';
import { CONCEPT_ITEMS } from '../../../src/market/fundamentals/standard-concepts.js';
import { standardFacts } from '../../../src/market/fundamentals/standard-facts.js';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url);
const DOCUMENT = readFileSync(fixture('tsla-companyfacts-excerpt.json'), 'utf8');

interface GoldenFigure {
  fiscal_year: number;
  fiscal_period: string;
  value: number;
  form: string;
  accession: string;
  filed?: string;
}
const GOLDEN = JSON.parse(readFileSync(fixture('tsla-golden.json'), 'utf8')) as {
  revenue: GoldenFigure[];
  shares_outstanding: GoldenFigure[];
  restated: {
    fiscal_year: number;
    first: { value: number; accession: string; filed: string };
    later: { value: number; accession: string; filed: string };
  };
};

/** The document in pieces of `size` bytes, as a socket delivers it. */
const inPieces = (text: string, size: number) =>
  Readable.from(
    (function* () {
      const bytes = Buffer.from(text);
      for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
    })(),
  );

const QUARTER_END: Record<string, string> = { Q1: '03-31', Q2: '06-30', Q3: '09-30', Q4: '12-31' };

const wanted = (t: string, c: string, u: string) => CONCEPT_ITEMS.has(`${t}/${c}/${u}`);

describe('Tesla companyfacts (recorded) against its filings', () => {
  let read: CompanyFacts;
  let facts: FundamentalFact[];
  beforeAll(async () => {
    read = await readCompanyFacts(inPieces(DOCUMENT, 257), wanted);
    facts = standardFacts(read.facts);
  });

  it('streams only the standard concepts: every Revenues and shares fact, none of the restricted cash', async () => {
    const doc = JSON.parse(DOCUMENT);
    expect(read.cik).toBe(1318605);
    expect(read.entityName).toBe('Tesla, Inc.');
    expect(read.unreadable).toBe(0);
    expect(read.facts.filter((f) => f.concept === 'Revenues')).toHaveLength(
      doc.facts['us-gaap'].Revenues.units.USD.length,
    );
    expect(read.facts.filter((f) => f.concept === 'EntityCommonStockSharesOutstanding')).toHaveLength(
      doc.facts.dei.EntityCommonStockSharesOutstanding.units.shares.length,
    );
    expect(read.facts.some((f) => f.concept === 'RestrictedCashAndCashEquivalents')).toBe(false);
    // The same facts whatever the pieces the body arrives in.
    const whole = await readCompanyFacts(inPieces(DOCUMENT, 1 << 20), wanted);
    expect(whole.facts).toEqual(read.facts);
  });

  it('each quarter and year of 2017–2018 equals the statement, known from its own filing (as of 2019-03-01)', () => {
    const known = knownFacts(facts, '2019-03-01');
    const figures = [...fiscalQuarters(known), ...fiscalYears(known)];
    for (const g of GOLDEN.revenue) {
      const f = figures.find((x) => x.fiscalYear === g.fiscal_year && x.fiscalPeriod === g.fiscal_period);
      expect(f?.values.revenue, `${g.fiscal_year} ${g.fiscal_period}`).toEqual({
        value: g.value,
        concept: 'us-gaap:Revenues',
        filed: g.filed,
        form: g.form,
        accession: g.accession,
        derived: null,
        accessions: [g.accession],
      });
    }
    for (const g of GOLDEN.shares_outstanding) {
      const q = figures.find((x) => x.fiscalYear === g.fiscal_year && x.fiscalPeriod === g.fiscal_period);
      expect(q?.values.shares_outstanding).toMatchObject({
        value: g.value,
        accession: g.accession,
        form: g.form,
      });
    }
    // Nothing of 2019 was filed by then.
    expect(figures.some((f) => f.fiscalYear === 2019)).toBe(false);
  });

  it('Q4 derived as the year less the nine months equals the 10-K’s own Q4, and says it was derived', () => {
    // Without the three-month Q4 facts the 10-Ks report, Q4 is FY − 9M (the 9M as the 10-Q's Q3 gave it).
    const withoutQ4 = facts.filter((f) => !(f.fiscalPeriod === 'Q4' && f.item === 'revenue'));
    const quarters = fiscalQuarters(knownFacts(withoutQ4, '2019-03-01'));
    for (const year of [2017, 2018]) {
      const golden = GOLDEN.revenue.find(
        (g) => g.fiscal_year === year && g.fiscal_period === 'Q4',
      ) as GoldenFigure;
      const fy = GOLDEN.revenue.find(
        (g) => g.fiscal_year === year && g.fiscal_period === 'FY',
      ) as GoldenFigure;
      const q3 = GOLDEN.revenue.find(
        (g) => g.fiscal_year === year && g.fiscal_period === 'Q3',
      ) as GoldenFigure;
      const q4 = quarters.find((q) => q.fiscalYear === year && q.fiscalPeriod === 'Q4');
      expect(q4?.values.revenue).toMatchObject({
        value: golden.value,
        derived: 'year_less_quarters',
        accession: fy.accession,
        filed: fy.filed,
      });
      expect(new Set(q4?.values.revenue?.accessions)).toEqual(new Set([fy.accession, q3.accession]));
      expect(q4).toMatchObject({ start: `${year}-10-01`, end: `${year}-12-31` });
    }
  });

  it('TTM at each 2018 quarter equals the sum of the four golden quarters before it, recomputed here', () => {
    const ttm = trailingTwelveMonths(fiscalQuarters(knownFacts(facts, '2019-03-01')));
    const order = GOLDEN.revenue.filter((g) => g.fiscal_period !== 'FY');
    for (let i = 3; i < order.length; i++) {
      const last = order[i] as GoldenFigure;
      const expected = order.slice(i - 3, i + 1).reduce((s, g) => s + g.value, 0);
      // Tesla's fiscal quarters are calendar quarters.
      const end = `${last.fiscal_year}-${QUARTER_END[last.fiscal_period]}`;
      const got = ttm.find((t) => t.end === end);
      expect(got?.values.revenue?.value, `TTM at ${last.fiscal_year} ${last.fiscal_period}`).toBe(expected);
      expect(got?.values.revenue?.derived).toBe('sum_of_quarters');
    }
    // The TTM at fiscal 2018's Q4 is the year the 10-K reported.
    const fy2018 = GOLDEN.revenue.find(
      (g) => g.fiscal_year === 2018 && g.fiscal_period === 'FY',
    ) as GoldenFigure;
    expect(ttm.at(-1)?.values.revenue?.value).toBe(fy2018.value);
  });

  it('point in time: 2018 revenue is the 10-K’s until the restating 10-K is filed, then the restated figure', () => {
    const { first, later, fiscal_year } = GOLDEN.restated;
    const fyAt = (asOf: string) =>
      fiscalYears(knownFacts(facts, asOf)).find((y) => y.fiscalYear === fiscal_year)?.values.revenue;
    expect(fyAt('2019-02-18')).toBeUndefined();
    expect(fyAt(first.filed)).toMatchObject({ value: first.value, accession: first.accession });
    expect(fyAt('2020-02-12')).toMatchObject({ value: first.value, accession: first.accession });
    expect(fyAt(later.filed)).toMatchObject({
      value: later.value,
      accession: later.accession,
      filed: later.filed,
    });
    // A value re-reported unchanged keeps its first filing: 2017's Q1 in the 2018 10-Q is still the 2017 10-Q's.
    const q1 = fiscalQuarters(knownFacts(facts, '2019-03-01')).find(
      (q) => q.fiscalYear === 2017 && q.fiscalPeriod === 'Q1',
    );
    expect(q1?.values.revenue?.accession).toBe('0001564590-17-009968');
  });
});
