/**
 * Tail reads (a screen asks for the last N bars of hundreds of tickers): a ticker not in the cache loads
 * only its tail, and what the store answers from it — adjusted prices included — equals the same bars read
 * from the whole history, whether a split or dividend falls inside the tail, on its first bar, on its
 * last, or before it. Real data (Apple: splits 2005 and 2014, dividends from 2012), both storage modes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyMarketDataRepo } from '../../src/market/store/kysely-market-data-repo.js';
import type { Adjustment, DailySeries } from '../../src/market/store/types.js';
import { AS_OF, seedDiscoveryMarket } from '../discovery/support/discovery-market.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';

const COLUMNS = ['open', 'high', 'low', 'close', 'volume'] as const;

function lastBars(s: DailySeries, n: number) {
  const from = Math.max(0, s.dates.length - n);
  return {
    dates: s.dates.slice(from),
    ...Object.fromEntries(COLUMNS.map((c) => [c, Array.from(s[c].subarray(from))])),
    known_through: s.known_through,
    last_bar: s.last_bar,
    adjustment: s.adjustment,
  };
}

function asRead(s: DailySeries) {
  return {
    dates: s.dates,
    ...Object.fromEntries(COLUMNS.map((c) => [c, Array.from(s[c])])),
    known_through: s.known_through,
    last_bar: s.last_bar,
    adjustment: s.adjustment,
  };
}

describe.each(MODES)('tail reads of an uncached ticker (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let market: KyselyMarketDataRepo;

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: AS_OF });
    server = await deployment.start();
    await seedDiscoveryMarket(server.platform.market, ['AAPL']);
    market = server.platform.market as KyselyMarketDataRepo;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('equal the whole history’s last bars, wherever the actions fall', async () => {
    market.cache.clear();
    const whole = await market.getDailySeries('AAPL', { asOf: AS_OF, adjustment: 'raw' });
    if (whole === undefined) throw new Error('no AAPL');
    const at = (d: string) => whole.dates.indexOf(d);
    // The first dividend (ex 2012-08-09) as a tail's first bar, inside it, and before it.
    const firstDividend = at('2012-08-09');
    expect(firstDividend).toBeGreaterThan(0);
    const cases: { to?: string; tail: number; asOf: Date }[] = [
      { tail: 1, asOf: AS_OF }, // the 2014-06-09 split is the last (only) bar
      { tail: 5, asOf: AS_OF },
      { tail: 576, asOf: AS_OF },
      { tail: 20_000, asOf: AS_OF }, // longer than the history: all of it
      { to: whole.dates[firstDividend + 9], tail: 10, asOf: AS_OF }, // dividend on the first bar
      { to: whole.dates[firstDividend + 9], tail: 11, asOf: AS_OF }, // … on the second
      { to: whole.dates[firstDividend - 1], tail: 30, asOf: AS_OF }, // … after the tail
      { to: '2005-03-04', tail: 20, asOf: AS_OF }, // the 2005 split inside
      { tail: 40, asOf: new Date('2013-01-02T12:00:00Z') }, // an earlier as_of: bars after it exist
    ];
    for (const adjustment of ['raw', 'split', 'split_div'] as Adjustment[])
      for (const c of cases) {
        const query = { asOf: c.asOf, adjustment, ...(c.to === undefined ? {} : { to: c.to }) };
        market.cache.clear();
        const full = await market.getDailySeries('AAPL', query);
        market.cache.clear();
        const tail = await market.getDailySeries('AAPL', { ...query, tail: c.tail });
        if (full === undefined || tail === undefined) throw new Error('no series');
        const label = `${adjustment} ${JSON.stringify(c)}`;
        expect(tail.dates.length, label).toBe(Math.min(c.tail, full.dates.length));
        expect(asRead(tail), label).toEqual(lastBars(full, c.tail));
      }
  });

  it('never serves a tail where the whole history is asked for, nor replaces a whole history with one', async () => {
    market.cache.clear();
    const tail = await market.getDailySeries('AAPL', { asOf: AS_OF, adjustment: 'split_div', tail: 50 });
    const whole = await market.getDailySeries('AAPL', { asOf: AS_OF, adjustment: 'split_div' });
    expect(tail?.dates).toHaveLength(50);
    expect(whole?.dates.length).toBeGreaterThan(3600);
    expect(whole?.dates[0]).toBe('1999-11-01');
    // The whole history is cached now; a tail read after it is served from it, unchanged.
    const again = await market.getDailySeries('AAPL', { asOf: AS_OF, adjustment: 'split_div', tail: 50 });
    expect(again && asRead(again)).toEqual(whole && lastBars(whole, 50));
    // A longer tail than the cached one loads again and still agrees.
    market.cache.clear();
    await market.getDailySeries('AAPL', { asOf: AS_OF, adjustment: 'split_div', tail: 50 });
    const longer = await market.getDailySeries('AAPL', { asOf: AS_OF, adjustment: 'split_div', tail: 500 });
    expect(longer && asRead(longer)).toEqual(whole && lastBars(whole, 500));
  });
});
