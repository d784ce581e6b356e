/**
 * /corporate-actions on real data (Pooksoft's splits and dividends), both modes: what is served is the
 * source files' actions with an ex-date known at as_of, in (ex-date, ticker) order, filtered and paged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';
import { AS_OF, KNOWN_THROUGH, pooksoftRows, seedDiscoveryMarket } from './support/discovery-market.js';

const TICKERS = ['AAPL', 'JNJ', 'PFE', 'KO'];

interface Action {
  ticker: string;
  ex_date: string;
  kind: string;
  value: number;
  currency: string | null;
  source: string;
}

/** The actions of the source files: split_coefficient ≠ 1 and dividend_amount > 0, by (ex-date, ticker, kind). */
function fileActions(tickers: readonly string[]): Action[] {
  return tickers
    .flatMap((t) =>
      pooksoftRows(t).flatMap((r) => [
        ...(r.dividend > 0
          ? [{ ticker: t, ex_date: r.date, kind: 'dividend', value: r.dividend, currency: 'USD' }]
          : []),
        ...(r.split !== 1
          ? [{ ticker: t, ex_date: r.date, kind: 'split', value: r.split, currency: null }]
          : []),
      ]),
    )
    .map((a) => ({ ...a, source: `csv:DA-${a.ticker}-T-2021-04-21.csv` }))
    .sort((a, b) =>
      a.ex_date !== b.ex_date
        ? a.ex_date < b.ex_date
          ? -1
          : 1
        : a.ticker !== b.ticker
          ? a.ticker < b.ticker
            ? -1
            : 1
          : a.kind < b.kind
            ? -1
            : 1,
    );
}

describe.each(MODES)('/corporate-actions (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  const page = async (query: string) => {
    const res = await server.get(`/api/v1/corporate-actions?${query}`, key);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { count: number; has_more: boolean; next_cursor: string | null; data: Action[] };
  };
  const all = async (query: string, limit: number) => {
    const rows: Action[] = [];
    let cursor: string | null = null;
    for (let n = 0; n < 10_000; n++) {
      const p = await page(`${query}&limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`);
      rows.push(...p.data);
      if (!p.has_more) return rows;
      cursor = p.next_cursor;
    }
    throw new Error('does not end');
  };

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: AS_OF });
    server = await deployment.start();
    await seedDiscoveryMarket(server.platform.market, TICKERS);
    key = (await server.account('growth', { burst: 1000, quota: 100_000 })).key as string;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('serves every stored action with an ex-date known at as_of, and none after', async () => {
    const served = await all('', 10_000);
    const expected = fileActions(TICKERS).filter((a) => a.ex_date <= KNOWN_THROUGH);
    expect(served).toEqual(expected);
    expect(fileActions(TICKERS).some((a) => a.ex_date > KNOWN_THROUGH)).toBe(true);
    // Apple's 7-for-1 split is dated the last known session itself.
    expect(served.at(-1)).toMatchObject({ ticker: 'AAPL', ex_date: KNOWN_THROUGH, kind: 'split' });
  });

  it('pages through the same actions whatever the page size', async () => {
    const one = await all('', 10_000);
    expect(await all('', 7)).toEqual(one);
  });

  it('filters by ticker, kind and ex-dates', async () => {
    const ko = await all('ticker=ko&kind=dividend&from=2010-01-01&to=2012-12-31', 100);
    expect(ko).toEqual(
      fileActions(['KO']).filter(
        (a) => a.kind === 'dividend' && a.ex_date >= '2010-01-01' && a.ex_date <= '2012-12-31',
      ),
    );
    expect(ko).toHaveLength(12);
    const splits = await all('tickers=AAPL,JNJ&kind=split', 100);
    expect(splits.map((a) => `${a.ticker} ${a.ex_date} ${a.value}`)).toEqual(
      fileActions(['AAPL', 'JNJ'])
        .filter((a) => a.kind === 'split' && a.ex_date <= KNOWN_THROUGH)
        .map((a) => `${a.ticker} ${a.ex_date} ${a.value}`),
    );
  });

  it('bad input is a 422 naming the parameter; an unknown ticker names a close match', async () => {
    for (const [query, pointer] of [
      ['from=2014-05-01&to=2014-04-01', '/query/from'],
      ['to=2014-13-01', '/query/to'],
      ['kind=merger', '/query/kind'],
      ['limit=10001', '/query/limit'],
      ['tickers=,', '/query/tickers'],
      ['ticker=A%00', '/query/ticker'],
      ['cursor=WyIyMDE0LTAxLTAxIl0', '/query/cursor'],
    ] as const) {
      const body = expectProblem(
        await server.get(`/api/v1/corporate-actions?${query}`, key),
        422,
        'validation_failed',
      );
      expect(JSON.stringify(body.errors), query).toContain(pointer);
    }
    const unknown = expectProblem(
      await server.get('/api/v1/corporate-actions?ticker=APPL', key),
      422,
      'unknown_ticker',
    );
    expect(unknown.suggestion).toBe('AAPL');
  });
});
