/**
 * /fundamentals, both modes: Tesla's recorded companyfacts synced from the EDGAR stand-in into the store,
 * then served per quarter, year and TTM as known at `as_of`, with each value's provenance; a restated
 * figure is the first filing's until the restating filing's date; bad requests are problem+json 422s.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EdgarCompanyFacts } from '../../src/market/fundamentals/edgar-company-facts.js';
import { syncFundamentals } from '../../src/market/fundamentals/sync-fundamentals.js';
import { ProviderBudget } from '../../src/market/providers/provider-budget.js';
import { SEC_BUDGET } from '../../src/market/providers/sec-edgar/sec-fair-access.js';
import { EdgarStandIn } from '../market/fundamentals/edgar-stand-in.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

const fixture = (name: string) => new URL(`../market/fundamentals/fixtures/${name}`, import.meta.url);
const GOLDEN = JSON.parse(readFileSync(fixture('tsla-golden.json'), 'utf8')) as {
  revenue: { fiscal_year: number; fiscal_period: string; value: number; accession: string; form: string }[];
  restated: {
    first: { value: number; accession: string };
    later: { value: number; accession: string; filed: string };
  };
};

interface Value {
  value: number;
  concept: string;
  filed: string;
  form: string;
  accession: string;
  derived: string | null;
  accessions: string[];
}
interface Figures {
  fiscal_year: number;
  fiscal_period: string;
  start: string | null;
  end: string;
  values: Record<string, Value>;
  ratios: Record<string, number | null>;
}

describe.each(MODES)('/fundamentals (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let edgar: EdgarStandIn;
  let key: string;
  const get = async (query: string) => server.get(`/api/v1/fundamentals?${query}`, key);
  const ok = async (query: string) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      as_of: string;
      known_at: string;
      ticker: string;
      period: string;
      count: number;
      data: Figures[];
    };
  };

  beforeAll(async () => {
    edgar = await EdgarStandIn.start();
    edgar.documents.set(
      '/files/company_tickers.json',
      JSON.stringify({ '0': { cik_str: 1318605, ticker: 'TSLA', title: 'Tesla, Inc.' } }),
    );
    edgar.documents.set(
      '/api/xbrl/companyfacts/CIK0001318605.json',
      readFileSync(fixture('tsla-companyfacts-excerpt.json'), 'utf8'),
    );
    deployment = await Deployment.create(mode, { asOf: new Date('2021-06-01T12:00:00Z') });
    server = await deployment.start();
    const sync = () =>
      syncFundamentals(['TSLA'], {
        source: new EdgarCompanyFacts('Bellwether tests ops@example.test', {
          www: edgar.baseUrl,
          data: edgar.baseUrl,
        }),
        budget: new ProviderBudget(SEC_BUDGET),
        store: server.platform.storage.fundamentalFacts,
      });
    const [first] = await sync();
    expect(first).toMatchObject({ ticker: 'TSLA', added: 61 });
    // A second read of the same document adds nothing: versions are kept, never duplicated or overwritten.
    const [again] = await sync();
    expect(again).toMatchObject({ ticker: 'TSLA', added: 0 });
    key = (await server.account('growth', { burst: 1000, quota: 100_000 })).key as string;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
    await edgar?.close();
  });

  it('serves each quarter of 2017–2018 as filed, with its concept and filing', async () => {
    const body = await ok('ticker=tsla&period=quarter&as_of=2019-03-01&limit=200');
    expect(body).toMatchObject({ ticker: 'TSLA', period: 'quarter', known_at: '2019-03-01' });
    expect(body.as_of.startsWith('2021-06-01T12:')).toBe(true);
    for (const g of GOLDEN.revenue.filter((r) => r.fiscal_period !== 'FY')) {
      const q = body.data.find((d) => d.fiscal_year === g.fiscal_year && d.fiscal_period === g.fiscal_period);
      expect(q?.values.revenue, `${g.fiscal_year} ${g.fiscal_period}`).toMatchObject({
        value: g.value,
        concept: 'us-gaap:Revenues',
        accession: g.accession,
        form: g.form,
        derived: null,
      });
    }
    expect(body.data.map((d) => `${d.fiscal_year} ${d.fiscal_period}`)).toEqual([
      '2017 Q1',
      '2017 Q2',
      '2017 Q3',
      '2017 Q4',
      '2018 Q1',
      '2018 Q2',
      '2018 Q3',
      '2018 Q4',
    ]);
  });

  it('as_of cuts what is known: a restated year is the first filing’s until the restating 10-K', async () => {
    const { first, later } = GOLDEN.restated;
    const fy2018 = async (asOf: string) =>
      (await ok(`ticker=TSLA&period=annual&as_of=${asOf}`)).data.find((d) => d.fiscal_year === 2018)?.values
        .revenue;
    expect(await fy2018('2019-02-18')).toBeUndefined();
    expect(await fy2018('2019-06-28')).toMatchObject({ value: first.value, accession: first.accession });
    expect(await fy2018(later.filed)).toMatchObject({ value: later.value, accession: later.accession });
    // Without as_of: the service's as_of (2021-06-01), after the restatement.
    const latest = await ok('ticker=TSLA&period=annual');
    expect(latest.known_at).toBe('2021-06-01');
    expect(latest.data.find((d) => d.fiscal_year === 2018)?.values.revenue?.value).toBe(later.value);
  });

  it('TTM sums the four quarters before, recomputed from the golden figures', async () => {
    const body = await ok('ticker=TSLA&period=ttm&as_of=2019-03-01');
    const q = GOLDEN.revenue.filter((r) => r.fiscal_period !== 'FY');
    const at2018q3 = body.data.find((d) => d.end === '2018-09-30');
    expect(at2018q3?.values.revenue?.value).toBe(q.slice(3, 7).reduce((s, r) => s + r.value, 0));
    expect(at2018q3?.values.revenue?.derived).toBe('sum_of_quarters');
    expect(at2018q3?.values.shares_outstanding?.value).toBe(171732775);
  });

  it('limit keeps the latest periods; nothing stored, a bad date or a future as_of are 422s', async () => {
    const two = await ok('ticker=TSLA&as_of=2019-03-01&limit=2');
    expect(two.data.map((d) => `${d.fiscal_year} ${d.fiscal_period}`)).toEqual(['2018 Q3', '2018 Q4']);
    expectProblem(await get('ticker=AAPL'), 422, 'no_data');
    expectProblem(await get('ticker=TSLA&as_of=2019-13-01'), 422, 'validation_failed');
    expectProblem(await get('ticker=TSLA&as_of=2030-01-01'), 422, 'validation_failed');
    expectProblem(await get('ticker=TSLA&period=monthly'), 422, 'validation_failed');
    expectProblem(await get('ticker=a%20b'), 422, 'validation_failed');
    expectProblem(await get(''), 422, 'validation_failed');
  });
});
