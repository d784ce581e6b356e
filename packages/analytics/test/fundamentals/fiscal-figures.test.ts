import { describe, expect, it } from 'vitest';
import {
  type FiscalPeriod,
  type FundamentalFact,
  type FundamentalItem,
  fiscalQuarters,
  fiscalYears,
  fundamentalRatios,
  knownFacts,
  priceRatios,
  trailingTwelveMonths,
} from '../../src/index.js';

let n = 0;
/** One filing's value; accession numbers in filing order. */
function fact(
  item: FundamentalItem,
  year: number,
  period: FiscalPeriod,
  value: number,
  filed: string,
  extra: Partial<FundamentalFact> = {},
): FundamentalFact {
  const spans: Record<string, [string | null, string]> = {
    Q1: [`${year}-01-01`, `${year}-03-31`],
    Q2: [`${year}-04-01`, `${year}-06-30`],
    Q3: [`${year}-07-01`, `${year}-09-30`],
    Q4: [`${year}-10-01`, `${year}-12-31`],
    H1: [`${year}-01-01`, `${year}-06-30`],
    M9: [`${year}-01-01`, `${year}-09-30`],
    FY: [`${year}-01-01`, `${year}-12-31`],
  };
  const [start, end] = spans[period] as [string | null, string];
  n++;
  return {
    item,
    concept: 'us-gaap:X',
    rank: 0,
    start,
    end,
    fiscalYear: year,
    fiscalPeriod: period,
    value,
    filed,
    form: period === 'FY' ? '10-K' : '10-Q',
    accession: `0000000001-${String(year).slice(2)}-${String(n).padStart(6, '0')}`,
    ...extra,
  };
}

describe('knownFacts: what was filed by a date', () => {
  it('a restated value replaces the first only from its own filing date; an unchanged re-report keeps the first', () => {
    const first = fact('net_income', 2020, 'FY', 100, '2021-02-10');
    const same = { ...fact('net_income', 2020, 'FY', 100, '2022-02-10'), form: '10-K' };
    const restated = { ...fact('net_income', 2020, 'FY', 90, '2021-08-01'), form: '10-K/A' };
    const facts = [same, restated, first];
    expect(knownFacts(facts, '2021-02-09')).toEqual([]);
    expect(knownFacts(facts, '2021-02-10')).toEqual([first]);
    expect(knownFacts(facts, '2021-07-31')).toEqual([first]);
    expect(knownFacts(facts, '2021-08-01')).toEqual([restated]);
    // The next year's 10-K gives 100 again, a change from the restated 90: a new version from its date.
    expect(knownFacts(facts, '2022-03-01')).toEqual([same]);
  });

  it('the first concept in the item’s order wins when several report the period', () => {
    const sales = fact('revenue', 2018, 'Q1', 10, '2018-05-01', {
      concept: 'us-gaap:SalesRevenueNet',
      rank: 3,
    });
    const revenues = fact('revenue', 2018, 'Q1', 11, '2018-05-01', { concept: 'us-gaap:Revenues', rank: 0 });
    expect(knownFacts([sales, revenues], '2018-06-01')).toEqual([revenues]);
    expect(knownFacts([revenues, sales], '2018-06-01')).toEqual([revenues]);
  });
});

describe('fiscalQuarters and fiscalYears', () => {
  it('cash flows reported year to date become quarters; Q4 is the year less nine months, each saying so', () => {
    const q1 = fact('operating_cash_flow', 2021, 'Q1', 30, '2021-05-01');
    const h1 = fact('operating_cash_flow', 2021, 'H1', 70, '2021-08-01');
    const m9 = fact('operating_cash_flow', 2021, 'M9', 120, '2021-11-01');
    const fy = fact('operating_cash_flow', 2021, 'FY', 200, '2022-02-01');
    const quarters = fiscalQuarters(knownFacts([q1, h1, m9, fy], '2022-03-01'));
    expect(
      quarters.map((q) => [
        q.fiscalPeriod,
        q.start,
        q.end,
        q.values.operating_cash_flow?.value,
        q.values.operating_cash_flow?.derived,
      ]),
    ).toEqual([
      ['Q1', '2021-01-01', '2021-03-31', 30, null],
      ['Q2', '2021-04-01', '2021-06-30', 40, 'ytd_difference'],
      ['Q3', '2021-07-01', '2021-09-30', 50, 'ytd_difference'],
      ['Q4', '2021-10-01', '2021-12-31', 80, 'year_less_quarters'],
    ]);
    // Known from the later of its inputs.
    expect(quarters[3]?.values.operating_cash_flow).toMatchObject({
      filed: fy.filed,
      accession: fy.accession,
    });
    expect([...(quarters[3]?.values.operating_cash_flow?.accessions ?? [])].sort()).toEqual(
      [fy.accession, m9.accession].sort(),
    );
    // Before the 10-K, there is no Q4.
    expect(fiscalQuarters(knownFacts([q1, h1, m9, fy], '2022-01-31')).map((q) => q.fiscalPeriod)).toEqual([
      'Q1',
      'Q2',
      'Q3',
    ]);
  });

  it('quarters sum to the year for flows, whatever mix of reported and derived (property over random years)', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const r = (k: number) => ((seed * 7919 + k * 104729) % 1000) - 200;
      const q = [r(1), r(2), r(3), r(4)];
      const facts = [
        fact('revenue', 2019, 'Q1', q[0] as number, '2019-05-01'),
        seed % 2 === 0
          ? fact('revenue', 2019, 'Q2', q[1] as number, '2019-08-01')
          : fact('revenue', 2019, 'H1', (q[0] as number) + (q[1] as number), '2019-08-01'),
        seed % 3 === 0
          ? fact('revenue', 2019, 'Q3', q[2] as number, '2019-11-01')
          : fact('revenue', 2019, 'M9', (q[0] as number) + (q[1] as number) + (q[2] as number), '2019-11-01'),
        fact(
          'revenue',
          2019,
          'FY',
          q.reduce((a, b) => a + b, 0),
          '2020-02-01',
        ),
      ];
      const quarters = fiscalQuarters(knownFacts(facts, '2020-03-01'));
      expect(
        quarters.map((x) => x.values.revenue?.value),
        `seed ${seed}`,
      ).toEqual(q);
    }
  });

  it('EPS and diluted shares are never derived by subtraction; balances are the quarter’s, the year’s at Q4', () => {
    const facts = [
      fact('eps_diluted', 2020, 'Q1', 1.1, '2020-05-01'),
      fact('eps_diluted', 2020, 'FY', 4.9, '2021-02-01'),
      fact('total_assets', 2020, 'Q4', 500, '2021-02-01', { start: null }),
      fact('total_assets', 2020, 'Q1', 400, '2020-05-01', { start: null }),
    ];
    const known = knownFacts(facts, '2021-03-01');
    const q = fiscalQuarters(known);
    expect(q.map((x) => [x.fiscalPeriod, x.values.eps_diluted?.value, x.values.total_assets?.value])).toEqual(
      [
        ['Q1', 1.1, 400],
        ['Q4', undefined, 500],
      ],
    );
    expect(fiscalYears(known)[0]?.values).toMatchObject({
      eps_diluted: { value: 4.9 },
      total_assets: { value: 500 },
    });
  });
});

describe('trailingTwelveMonths and ratios', () => {
  it('needs four consecutive quarters; sums flows and EPS, keeps the last balance, leaves out diluted shares', () => {
    const facts = [2019, 2020].flatMap((y) =>
      (['Q1', 'Q2', 'Q3', 'Q4'] as const).flatMap((p, i) => [
        fact('revenue', y, p, 100 * (y - 2018) + i, `${y}-12-31`),
        fact('eps_diluted', y, p, 0.25 + i / 100, `${y}-12-31`),
        fact('shares_diluted', y, p, 1000, `${y}-12-31`),
        fact('equity', y, p, 50 + i, `${y}-12-31`, { start: null }),
      ]),
    );
    const gap = facts.filter(
      (f) => !(f.fiscalYear === 2019 && f.fiscalPeriod === 'Q3' && f.item === 'revenue'),
    );
    const quarters = fiscalQuarters(knownFacts(gap, '2021-01-01'));
    const ttm = trailingTwelveMonths(quarters);
    // Windows ending 2019 Q4 … 2020 Q4; the three holding 2019 Q3 have no revenue.
    expect(ttm.map((t) => [t.end, t.values.revenue?.value])).toEqual([
      ['2019-12-31', undefined],
      ['2020-03-31', undefined],
      ['2020-06-30', undefined],
      ['2020-09-30', 103 + 200 + 201 + 202],
      ['2020-12-31', 200 + 201 + 202 + 203],
    ]);
    const last = ttm.at(-1);
    expect(last?.values.eps_diluted?.value).toBeCloseTo(0.25 * 4 + 0.06, 12);
    expect(last?.values.equity?.value).toBe(53);
    expect(last?.values.shares_diluted).toBeUndefined();
  });

  it('margins, ROE, free cash flow and price ratios from their definitions; null where a denominator is not positive', () => {
    const facts = [
      fact('revenue', 2020, 'FY', 1000, '2021-02-01'),
      fact('gross_profit', 2020, 'FY', 400, '2021-02-01'),
      fact('operating_income', 2020, 'FY', 150, '2021-02-01'),
      fact('net_income', 2020, 'FY', 100, '2021-02-01'),
      fact('operating_cash_flow', 2020, 'FY', 180, '2021-02-01'),
      fact('capex', 2020, 'FY', 60, '2021-02-01'),
      fact('eps_diluted', 2020, 'FY', 2, '2021-02-01'),
      fact('equity', 2020, 'Q4', 800, '2021-02-01', { start: null }),
      fact('shares_outstanding', 2020, 'Q4', 50, '2021-02-01', { start: null }),
    ];
    const year = fiscalYears(knownFacts(facts, '2021-03-01'))[0];
    if (year === undefined) throw new Error('no year');
    expect(fundamentalRatios(year)).toEqual({
      gross_margin: 0.4,
      operating_margin: 0.15,
      net_margin: 0.1,
      return_on_equity: 0.125,
      free_cash_flow: 120,
    });
    expect(priceRatios(30, year)).toEqual({
      pe: 15,
      ps: 1.5,
      pb: 1.5 / 0.8,
      earnings_yield: 2 / 30,
      fcf_yield: 120 / 1500,
    });
    const loss = {
      ...year,
      values: {
        ...year.values,
        eps_diluted: {
          ...(year.values.eps_diluted as NonNullable<typeof year.values.eps_diluted>),
          value: -1,
        },
      },
    };
    expect(priceRatios(30, loss)).toMatchObject({ pe: null, earnings_yield: -1 / 30 });
  });
});
