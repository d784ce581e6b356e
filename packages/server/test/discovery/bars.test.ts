/**
 * /bars on real data (Pooksoft's 70 stocks with their splits and dividends), both modes: raw bars are the
 * source file's, adjusted ones follow the backward (CRSP-style) convention computed here from the file
 * itself, nothing after as_of is served, the three formats carry the same bars, and bad or oversized
 * requests are refused with the cap and how to split them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';
import {
  AS_OF,
  KNOWN_THROUGH,
  POOKSOFT_TICKERS,
  pooksoftRows,
  seedDiscoveryMarket,
} from './support/discovery-market.js';

type Row = ReturnType<typeof pooksoftRows>[number];

interface Result {
  ticker: string;
  source: string;
  adjustment: string;
  known_through: string;
  last_bar: string;
  stale: boolean;
  from: string | null;
  to: string | null;
  count: number;
  dates: string[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
}

/**
 * Backward (CRSP-style) adjustment factors from the file's own splits and dividends, written here from the
 * convention DESIGN §5 and ADR 0031 state: a split r on ex-date t scales earlier prices by 1/r and volumes by
 * r; a dividend D scales earlier prices by 1 − D / C, C the raw close before t in that day's share terms.
 */
function factors(rows: readonly Row[], adjustment: 'split' | 'split_div') {
  const price = rows.map(() => 1);
  const volume = rows.map(() => 1);
  let p = 1;
  let v = 1;
  for (let i = rows.length - 1; i >= 0; i--) {
    price[i] = p;
    volume[i] = v;
    const r = rows[i] as Row;
    // ADR 0080: a coefficient within float noise of a whole ratio is that ratio (AAPL's 7.00000700001)…
    const split = Math.abs(r.split - Math.round(r.split)) < 1e-4 ? Math.round(r.split) : r.split;
    if (split !== 1) {
      p /= split;
      v *= split;
    }
    // …and a dividend is read against the ex-date's own close.
    if (adjustment === 'split_div' && r.dividend > 0 && i > 0) p *= r.close / (r.close + r.dividend);
  }
  return { price, volume };
}

const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
/** An adjusted price as served: `b` rounded to 4 decimals, as providers publish them (#49). */
const rounded = (a: number, b: number) =>
  Math.abs(a * 1e4 - Math.round(a * 1e4)) < 1e-6 && Math.abs(a - b) <= 0.5e-4 + 1e-9 * Math.abs(b);

describe.each(MODES)('/bars (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  const bars = async (query: string, headers: Record<string, string> = {}) => {
    const res = await server.get(`/api/v1/bars?${query}`, key, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const results = async (query: string) => (await bars(query)).json().results as Result[];

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: AS_OF });
    server = await deployment.start();
    await seedDiscoveryMarket(server.platform.market);
    key = (await server.account('growth', { burst: 1000, quota: 100_000 })).key as string;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('raw bars are the source file’s, with the window’s source, adjustment and freshness', async () => {
    const [r] = await results('ticker=jnj&adjust=raw&from=2013-01-01&to=2013-12-31');
    const file = pooksoftRows('JNJ').filter((x) => x.date >= '2013-01-01' && x.date <= '2013-12-31');
    expect(r).toMatchObject({
      ticker: 'JNJ',
      source: 'csv:DA-JNJ-T-2021-04-21.csv',
      adjustment: 'raw',
      known_through: KNOWN_THROUGH,
      last_bar: KNOWN_THROUGH,
      stale: false,
      from: '2013-01-02',
      to: '2013-12-31',
      count: file.length,
    });
    expect(r?.dates).toEqual(file.map((x) => x.date));
    for (const c of ['open', 'high', 'low', 'close', 'volume'] as const)
      expect(r?.[c], c).toEqual(file.map((x) => x[c]));
  });

  it('split and split_div follow the backward convention, across Apple’s 7-for-1 split on the last known session', async () => {
    const known = pooksoftRows('AAPL').filter((x) => x.date <= KNOWN_THROUGH);
    for (const adjustment of ['split', 'split_div'] as const) {
      const f = factors(known, adjustment);
      const [r] = await results(`ticker=AAPL&adjust=${adjustment}&from=2014-01-02`);
      const start = known.findIndex((x) => x.date === '2014-01-02');
      expect(r?.dates).toEqual(known.slice(start).map((x) => x.date));
      expect(r?.adjustment).toBe(adjustment);
      r?.dates.forEach((d, i) => {
        const raw = known[start + i] as Row;
        for (const c of ['open', 'high', 'low', 'close'] as const)
          expect(
            rounded(r[c][i] as number, raw[c] * (f.price[start + i] as number)),
            `${adjustment} ${d} ${c}`,
          ).toBe(true);
        expect(near(r.volume[i] as number, raw.volume * (f.volume[start + i] as number)), `${d} volume`).toBe(
          true,
        );
      });
      // The last known session (the split's ex-date) is as traded.
      expect(r?.close.at(-1)).toBe(known.at(-1)?.close);
    }
    // The default is split_div, the prices the analytics compute on.
    expect((await results('ticker=AAPL&from=2014-06-02'))[0]?.adjustment).toBe('split_div');
  });

  it('serves nothing after as_of, whatever the window asks', async () => {
    const known = pooksoftRows('PFE').filter((x) => x.date <= KNOWN_THROUGH);
    const [all] = await results('ticker=PFE&adjust=raw');
    expect(all).toMatchObject({ count: known.length, from: known[0]?.date, to: KNOWN_THROUGH });
    const [late] = await results('ticker=PFE&adjust=raw&from=2014-06-01&to=2015-12-31');
    expect(late?.dates.at(-1)).toBe(KNOWN_THROUGH);
    // Stored, but not known yet: a range holding only later bars has no data at as_of.
    const body = expectProblem(
      await server.get('/api/v1/bars?ticker=PFE&from=2014-07-01&to=2014-12-31', key),
      422,
      'no_data',
    );
    expect(body.detail).toContain(KNOWN_THROUGH);
    // Adjusted prices use only the actions known then: PFE's later dividends leave these untouched.
    const [adjusted] = await results('ticker=PFE&from=2014-06-02');
    const f = factors(known, 'split_div');
    expect(
      rounded(adjusted?.close[0] as number, (known.at(-6)?.close as number) * (f.price.at(-6) as number)),
    ).toBe(true);
  });

  it('several tickers in the order asked; limit keeps the most recent bars of each window', async () => {
    const r = await results('tickers=PFE,jnj,PFE&adjust=raw&to=2014-05-30&limit=5');
    expect(r.map((x) => x.ticker)).toEqual(['PFE', 'JNJ']);
    for (const x of r) {
      expect(x.count).toBe(5);
      expect(x.dates).toEqual(['2014-05-23', '2014-05-27', '2014-05-28', '2014-05-29', '2014-05-30']);
    }
  });

  it('NDJSON and CSV stream the same bars, one per line, by Accept or format=', async () => {
    const query = 'tickers=JNJ,PFE&adjust=split_div&from=2014-03-01';
    const json = await results(query);
    const nd = await bars(query, { accept: 'application/x-ndjson' });
    expect(nd.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(String(nd.headers['bellwether-as-of'])).toMatch(/^2014-06-10T12:/);
    const lines = nd.body
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual(
      json.flatMap((r) =>
        r.dates.map((date, i) => ({
          ticker: r.ticker,
          date,
          open: r.open[i],
          high: r.high[i],
          low: r.low[i],
          close: r.close[i],
          volume: r.volume[i],
          adjustment: 'split_div',
          source: r.source,
        })),
      ),
    );
    const csv = await bars(`${query}&format=csv`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = csv.body.trimEnd().split('\r\n');
    expect(header).toBe('ticker,date,open,high,low,close,volume,adjustment,source');
    expect(rows.map((l) => l.split(','))).toEqual(
      lines.map((l) => [
        l.ticker,
        l.date,
        ...[l.open, l.high, l.low, l.close, l.volume].map(String),
        l.adjustment,
        l.source,
      ]),
    );
    expectProblem(
      await server.get(`/api/v1/bars?${query}`, key, { accept: 'text/html' }),
      406,
      'not_acceptable',
    );
  });

  it('refuses a request over its cap before sending anything, naming the cap and how to split it', async () => {
    const everything = `tickers=${POOKSOFT_TICKERS.join(',')}`;
    const body = expectProblem(await server.get(`/api/v1/bars?${everything}`, key), 422, 'validation_failed');
    expect(body.detail).toMatch(
      /asks for 25\d,\d{3} bars \(70 tickers with .* bars in their windows\); one request may ask for at most 200,000/,
    );
    expect(body.detail).toContain('format=ndjson');
    expect(JSON.stringify(body.errors)).toContain('/query');
    // Streams may hold more; a shorter window fits in JSON.
    const lines = (await bars(`${everything}&format=ndjson&limit=3`)).body.trimEnd().split('\n');
    expect(lines).toHaveLength(210);
    expect((await results(`${everything}&from=2014-06-01`)).map((r) => r.ticker)).toEqual([
      ...POOKSOFT_TICKERS,
    ]);
  });

  it('bad input is a 422 naming the parameter, an unknown ticker one with a close match', async () => {
    for (const [query, pointer] of [
      ['ticker=JNJ&from=2014-05-01&to=2014-04-01', '/query/from'],
      ['ticker=JNJ&from=2014-02-30', '/query/from'],
      ['ticker=JNJ&adjust=splits', '/query/adjust'],
      ['ticker=JNJ&format=xml', '/query/format'],
      ['ticker=JNJ&limit=0', '/query/limit'],
      ['ticker=JNJ&tickers=PFE', '/query/tickers'],
      ['from=2014-01-01', '/query/ticker'],
    ] as const) {
      const body = expectProblem(await server.get(`/api/v1/bars?${query}`, key), 422, 'validation_failed');
      expect(JSON.stringify(body.errors), query).toContain(pointer);
    }
    expect(
      expectProblem(await server.get('/api/v1/bars?ticker=JNJ&adjust=splits', key), 422).suggestion,
    ).toBe('split');
    const unknown = expectProblem(
      await server.get('/api/v1/bars?tickers=JNJ,JNJX', key),
      422,
      'unknown_ticker',
    );
    expect(unknown).toMatchObject({ suggestion: 'JNJ' });
    expect(unknown.detail).toContain('Did you mean JNJ?');
  });
});
