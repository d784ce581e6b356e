/**
 * A request for a range in which nothing is stored says so, with what is stored, instead of an empty 200
 * (issue #26: `from=2015-01-02` on a demo that starts in 2024 answered `count: 0` with success). Both
 * modes: the daily-bar routes, sentiment's news window, the feed's sessions and the cards' track record
 * answer 422 `no_data` with `data_covers`; a range that touches the data, an incremental feed sync, and
 * the routes' own checks (unknown tickers, malformed dates) are unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';
import { publishOnTime } from '../support/publish-on-time.js';

const NOW = new Date('2026-11-25T17:00:00Z');
const BEFORE = 'from=2015-01-02&to=2015-12-31';

describe.each(MODES)('ranges without data (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let tickers: string[];
  /** The first and last bar of the demo's equities (all share the sessions). */
  let covers: { from: string; to: string };

  const get = (url: string) => server.get(url, key);

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW, { tickers: 4, years: 2 });
    expect(await publishOnTime(publicationDeps(server.platform), '2026-11-24')).toMatchObject({ ok: true });
    tickers = (await server.platform.market.listInstruments())
      .filter((i) => i.asset_class === 'equity')
      .map((i) => i.ticker);
    const dates =
      (await server.platform.market.getDailySeries(tickers[0] as string, { asOf: NOW, adjustment: 'raw' }))
        ?.dates ?? [];
    covers = { from: dates[0] as string, to: dates.at(-1) as string };
    key = (await server.account('enterprise', { burst: 10_000 })).key as string;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('on every daily-bar route, names each ticker without a bar in the range and the dates its bars cover', async () => {
    const [a, b] = tickers as [string, string];
    const urls = [
      `/api/v1/analytics/technical?ticker=${a}&indicators=rsi(14)&${BEFORE}`,
      `/api/v1/analytics/risk?ticker=${a}&${BEFORE}`,
      `/api/v1/analytics/patterns?ticker=${a}&${BEFORE}`,
      `/api/v1/analytics/microstructure?ticker=${a}&${BEFORE}`,
      `/api/v1/analytics/portfolio?holdings=${a}:1&${BEFORE}`,
    ];
    for (const url of urls) {
      const body = expectProblem(await get(url), 422, 'no_data');
      expect(body.data_covers, url).toEqual([{ ticker: a, ...covers }]);
      expect(body.detail, url).toBe(
        `${a} has no bar in 2015-01-02 … 2015-12-31: its bars cover ${covers.from} … ${covers.to}. Ask for dates within what is stored.`,
      );
    }
    // After the last bar, for a batch: every ticker is named.
    const after = expectProblem(
      await get(`/api/v1/analytics/technical?tickers=${a},${b}&indicators=sma&from=2030-01-02`),
      422,
      'no_data',
    );
    expect(after.data_covers).toEqual([
      { ticker: a, ...covers },
      { ticker: b, ...covers },
    ]);
    expect(after.detail).toMatch(/^2 tickers have no bar in from 2030-01-02 on: /);
    expectProblem(
      await get(`/api/v1/analytics/portfolio?holdings=${a}:0.5,${b}:0.5&to=2020-01-31`),
      422,
      'no_data',
    );
  });

  it('answers a range that touches the data as before, and leaves unknown tickers and bad dates to the route', async () => {
    const [a] = tickers as [string];
    const inside = await get(
      `/api/v1/analytics/technical?ticker=${a}&indicators=sma&from=2015-01-02&to=${covers.from}`,
    );
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json().results[0].count).toBe(1);
    expect((await get(`/api/v1/analytics/risk?ticker=${a}&from=${covers.to}`)).statusCode).toBe(200);
    expectProblem(await get(`/api/v1/analytics/risk?ticker=NOPE&${BEFORE}`), 422, 'unknown_ticker');
    expectProblem(await get(`/api/v1/analytics/risk?ticker=${a}&from=2015-13-01`), 422, 'validation_failed');
    expectProblem(
      await get(`/api/v1/analytics/risk?ticker=${a}&tickers=${a}&${BEFORE}`),
      422,
      'validation_failed',
    );
  });

  it('sentiment: a window that ends before the first stored news item of a ticker, with what is stored', async () => {
    const [a] = tickers as [string];
    const span = await server.platform.market.newsSpan(a, NOW);
    if (span === undefined) throw new Error(`the demo stores no news of ${a}`);
    const body = expectProblem(
      await get(`/api/v1/analytics/sentiment?ticker=${a}&${BEFORE}`),
      422,
      'no_data',
    );
    expect(body.data_covers).toEqual([
      {
        ticker: a,
        from: new Date(span.first).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        to: new Date(span.last).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      },
    ]);
    // A window reaching the stored news, and the default window, are answered.
    const last = span.last.slice(0, 10);
    expect((await get(`/api/v1/analytics/sentiment?ticker=${a}&from=${last}&to=${last}`)).statusCode).toBe(
      200,
    );
    expect((await get(`/api/v1/analytics/sentiment?ticker=${a}`)).statusCode).toBe(200);
  });

  it('the feed: a full read of sessions it does not hold names those it does; an incremental sync is never refused', async () => {
    for (const dataset of ['cards', 'signals', 'analytics']) {
      const body = expectProblem(
        await get(`/api/v1/hedge-fund?dataset=${dataset}&${BEFORE}`),
        422,
        'no_data',
      );
      expect(body.data_covers, dataset).toEqual([{ from: '2026-11-24', to: '2026-11-24' }]);
      expect(body.detail).toBe(
        `The ${dataset} dataset holds no session in 2015-01-02 … 2015-12-31: its sessions run 2026-11-24 … 2026-11-24.`,
      );
    }
    const streamed = await server.app.inject({
      method: 'GET',
      url: `/api/v1/hedge-fund?dataset=signals&format=ndjson&from=2026-12-01`,
      headers: { authorization: `Bearer ${key}` },
    });
    expectProblem(streamed, 422, 'no_data');
    const synced = await get(`/api/v1/hedge-fund?dataset=signals&since=1&${BEFORE}`);
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json()).toMatchObject({ count: 0, data: [] });
    const held = await get('/api/v1/hedge-fund?dataset=signals&from=2026-11-24&to=2026-11-24&limit=1');
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().count).toBe(1);
    // Nothing recorded yet at the instant asked: said as such.
    const early = expectProblem(
      await get(`/api/v1/hedge-fund?dataset=cards&as_of=2026-11-01&${BEFORE}`),
      422,
      'no_data',
    );
    expect(early.data_covers).toEqual([{ from: null, to: null }]);
  });

  it("the cards' track record: a range outside it names where it runs; one inside it is answered", async () => {
    const body = expectProblem(await get(`/api/v1/cards/performance?${BEFORE}`), 422, 'no_data');
    expect(body.data_covers).toEqual([{ from: '2026-11-24', to: '2026-11-25' }]);
    expect(body.detail).toBe(
      'The track record runs from 2026-11-24 (the first session published on time) to 2026-11-25; 2015-01-02 … 2015-12-31 lies outside it.',
    );
    expectProblem(await get('/api/v1/cards/performance?from=2026-12-01&to=2026-12-31'), 422, 'no_data');
    expect((await get('/api/v1/cards/performance?from=2026-01-01')).statusCode).toBe(200);
    expect((await get('/api/v1/cards/performance')).statusCode).toBe(200);
  });
});
