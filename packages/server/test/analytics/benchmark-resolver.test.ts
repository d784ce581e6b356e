/**
 * One benchmark, resolved by data (issue #41, ADR 0081). The default benchmark was picked by name: with SPY
 * in the universe but without bars, /analytics/risk answered 36 of 36 metrics null ("fewer than two
 * returns in the window"), Sharpe and drawdown included; on the demo, risk used SYNX while the Full report
 * and the feed's `analytics` dataset said "no benchmark"; the cards' market filter read SPY only. One
 * resolver now serves them all — the operator's setting, else SPY when it has bars through the window,
 * else the market's index — and every answer names it with why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReportInput } from '../../src/analysis/load-report-input.js';
import { buildReport } from '../../src/analysis/report/build-report.js';
import { runBacktest } from '../../src/cards/backtest.js';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { bareInstrument } from '../../src/market/store/bare-instrument.js';
import { BenchmarkResolver } from '../../src/market/store/benchmark-resolver.js';
import { DataIssueError } from '../../src/market/store/data-issue-error.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import type { DailySeries, Instrument, TickerLookup } from '../../src/market/store/types.js';
import { BENCHMARK_TICKER } from '../../src/market/synthetic/index.js';
import { sessionDates } from '../market/sync/fake-tiingo.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { publishOnTime } from '../support/publish-on-time.js';

const NOW = new Date('2026-11-25T17:00:00Z');

const instrument = (ticker: string, asset_class: string, active = true): Instrument => ({
  ...bareInstrument(ticker, 'test'),
  asset_class,
  active,
});

/**
 * A market of these instruments and the last bar date of each (none: no bars), for the choice alone;
 * the tickers in `quarantined` have a data issue (their reads throw, as the stores' do).
 */
const market = (
  instruments: Instrument[],
  lastBar: Record<string, string> = {},
  quarantined: readonly string[] = [],
) => ({
  async findTicker(ticker: string): Promise<TickerLookup> {
    const found = instruments.find((i) => i.ticker === ticker);
    return found === undefined ? { ok: false } : { ok: true, instrument: found };
  },
  async listInstruments() {
    return instruments;
  },
  async getDailySeries(ticker: string): Promise<DailySeries | undefined> {
    if (!instruments.some((i) => i.ticker === ticker)) return undefined;
    if (quarantined.includes(ticker))
      throw new DataIssueError(ticker, [
        {
          date: '2026-06-01',
          subject: 'split',
          value: 0,
          severity: 'error',
          message: 'split ratio 0 on 2026-06-01',
        },
      ]);
    const last = lastBar[ticker];
    const dates = last === undefined ? [] : ['2026-11-20', last];
    const col = () => new Float64Array(dates.length).fill(100);
    return {
      ticker,
      adjustment: 'split_div',
      as_of: '2026-11-25T17:00:00Z',
      known_through: '2026-11-24',
      last_bar: last ?? null,
      source: 'test',
      dates,
      open: col(),
      high: col(),
      low: col(),
      close: col(),
      volume: col(),
    };
  },
});

const QUERY = { asOf: NOW, adjustment: 'split_div' as const };

describe('the benchmark resolver', () => {
  const equities = [instrument('VZN', 'equity'), instrument('PLST', 'equity')];

  it('takes SPY when it has bars through the window, else the first active index by ticker, else none', async () => {
    const all = [
      ...equities,
      instrument('SYNX', 'index'),
      instrument('ZIDX', 'index'),
      instrument('SPY', 'etf'),
    ];
    const bars = { SPY: '2026-11-24', SYNX: '2026-11-24', ZIDX: '2026-11-24' };
    expect((await new BenchmarkResolver(market(all, bars), undefined).resolve(QUERY)).choice).toEqual({
      ticker: 'SPY',
      reason: 'spy_has_bars',
      detail: 'SPY has bars through the window',
    });
    // SPY without bars (a provider that does not know it): the index, and why.
    expect(
      (await new BenchmarkResolver(market(all, { SYNX: '2026-11-24' }), undefined).resolve(QUERY)).choice,
    ).toEqual({ ticker: 'SYNX', reason: 'market_index', detail: "SPY has no bars: the market's index SYNX" });
    // SPY's bars stop before the window's end.
    const stale = await new BenchmarkResolver(market(all, { ...bars, SPY: '2026-11-21' }), undefined).resolve(
      QUERY,
      '2026-11-24',
    );
    expect(stale.choice).toMatchObject({ ticker: 'SYNX', reason: 'market_index' });
    expect(stale.choice.detail).toContain("SPY's bars end 2026-11-21, before the window's end 2026-11-24");
    // …but covers a window that ends earlier.
    expect(
      (
        await new BenchmarkResolver(market(all, { ...bars, SPY: '2026-11-21' }), undefined).resolve(
          QUERY,
          '2026-11-20',
        )
      ).choice.ticker,
    ).toBe('SPY');
    // A retired demo's index (real data took over) is no benchmark; nothing at all says so.
    const none = await new BenchmarkResolver(
      market([...equities, instrument('SYNX', 'index', false), instrument('SPY', 'etf')]),
      undefined,
    ).resolve(QUERY);
    expect(none).toEqual({
      choice: {
        ticker: null,
        reason: 'none',
        detail: 'no market series: SPY has no bars; no index in the universe',
      },
      series: undefined,
    });
  });

  it('passes over a candidate with a data issue like one without bars, and says why (ADR 0091)', async () => {
    const all = [
      ...equities,
      instrument('SYNX', 'index'),
      instrument('SPY', 'etf'),
      instrument('QQQ', 'etf'),
    ];
    const bars = { SPY: '2026-11-24', SYNX: '2026-11-24', QQQ: '2026-11-24' };
    // SPY quarantined: the index, with SPY's issue named.
    expect(
      (await new BenchmarkResolver(market(all, bars, ['SPY']), undefined).resolve(QUERY)).choice,
    ).toEqual({
      ticker: 'SYNX',
      reason: 'market_index',
      detail: "SPY has a data issue (split ratio 0 on 2026-06-01): the market's index SYNX",
    });
    // The operator's setting quarantined: SPY, and the answer says why the setting was passed over.
    const r = await new BenchmarkResolver(market(all, bars, ['QQQ']), 'QQQ').resolve(QUERY);
    expect(r.choice).toEqual({
      ticker: 'SPY',
      reason: 'spy_has_bars',
      detail:
        'BELLWETHER_MARKET_TICKER=QQQ: QQQ has a data issue (split ratio 0 on 2026-06-01): SPY has bars through the window',
    });
    expect(r.series?.ticker).toBe('SPY');
    // Every candidate quarantined: none, each named.
    expect(
      await new BenchmarkResolver(market(all, bars, ['QQQ', 'SPY', 'SYNX']), 'QQQ').resolve(QUERY),
    ).toEqual({
      choice: {
        ticker: null,
        reason: 'none',
        detail:
          'no market series: BELLWETHER_MARKET_TICKER=QQQ: QQQ has a data issue (split ratio 0 on 2026-06-01); SPY has a data issue (split ratio 0 on 2026-06-01); SYNX has a data issue (split ratio 0 on 2026-06-01)',
      },
      series: undefined,
    });
  });

  it("puts the operator's setting first, as named, and passes over a setting that is no instrument", async () => {
    const all = [
      ...equities,
      instrument('SYNX', 'index'),
      instrument('SPY', 'etf'),
      instrument('QQQ', 'etf'),
    ];
    const bars = { SPY: '2026-11-24', SYNX: '2026-11-24', QQQ: '2026-11-24' };
    const r = await new BenchmarkResolver(market(all, bars), 'QQQ').resolve(QUERY);
    expect(r.choice).toEqual({
      ticker: 'QQQ',
      reason: 'operator_setting',
      detail: 'BELLWETHER_MARKET_TICKER=QQQ',
    });
    expect(r.series?.ticker).toBe('QQQ');
    expect((await new BenchmarkResolver(market(all, bars), 'NOPE').resolve(QUERY)).choice).toMatchObject({
      ticker: 'SPY',
      reason: 'spy_has_bars',
    });
    // Set but without bars: still the operator's, and the answer says it has none.
    expect(
      (await new BenchmarkResolver(market(all, { SPY: '2026-11-24' }), 'QQQ').resolve(QUERY)).choice,
    ).toEqual({
      ticker: 'QQQ',
      reason: 'operator_setting',
      detail: 'BELLWETHER_MARKET_TICKER=QQQ; QQQ has no bars',
    });
  });
});

/** Closes that wander deterministically (a ticker's own walk), on the sessions of `dates`. */
function bars(dates: readonly string[], seed: number) {
  let c = 100;
  return dates.map((date, i) => {
    c *= 1 + 0.01 * Math.sin(i * 0.7 + seed) + 0.002 * Math.cos(i * 1.3 + seed);
    return { date, open: c, high: c * 1.01, low: c * 0.99, close: c, volume: 1_000_000 };
  });
}

describe.each(MODES)('SPY in the universe without bars (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: NOW });
    server = await deployment.start();
    const dates = sessionDates('2025-06-02', '2026-11-24');
    await server.platform.market.write({
      source: 'test',
      instruments: [instrument('AAPL', 'equity'), instrument('MSFT', 'equity'), instrument('SPY', 'etf')],
      bars: [
        { ticker: 'AAPL', bars: bars(dates, 1) },
        { ticker: 'MSFT', bars: bars(dates, 2) },
      ],
    });
    key = (await server.account('enterprise', { burst: 10_000 })).key as string;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('computes every metric that needs no benchmark, and names the fallback (none) with why', async () => {
    const res = await server.get('/api/v1/analytics/risk?ticker=AAPL', key);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.benchmark_choice).toEqual({
      ticker: null,
      reason: 'none',
      detail: 'no market series: SPY has no bars; no index in the universe',
    });
    expect(body.parameters.benchmark).toBeNull();
    const [result] = body.results;
    expect(result.observations).toBe(252);
    const by = new Map(result.metrics.map((m: { code: string }) => [m.code, m]));
    for (const code of ['sharpe', 'max_drawdown', 'annual_volatility', 'sortino', 'var'])
      expect((by.get(code) as { value: unknown }).value, code).toEqual(expect.any(Number));
    // Beta needs one, and says which is missing and why.
    expect(by.get('beta')).toMatchObject({ value: null, reason: expect.stringContaining('SPY has no bars') });
    // Same Sharpe as without any benchmark.
    const none = (
      await server.get('/api/v1/analytics/risk?ticker=AAPL&benchmark=none&metrics=sharpe', key)
    ).json();
    expect((by.get('sharpe') as { value: number }).value).toBe(none.results[0].metrics[0].value);
  });

  it('asked for SPY by name, still computes the metrics that need no benchmark', async () => {
    const body = (
      await server.get('/api/v1/analytics/risk?ticker=AAPL&benchmark=SPY&metrics=sharpe,beta', key)
    ).json();
    expect(body.benchmark_choice).toMatchObject({ ticker: 'SPY', reason: 'requested' });
    const [sharpe, beta] = body.results[0].metrics;
    expect(sharpe.value).toEqual(expect.any(Number));
    expect(beta).toMatchObject({ value: null, reason: expect.stringContaining('SPY') });
  });

  it("an operator's BELLWETHER_MARKET_TICKER is the benchmark of risk, the report and the cards", async () => {
    const { market } = server.platform;
    const resolver = new BenchmarkResolver(market, 'MSFT');
    const r = await resolver.resolve({ asOf: NOW, adjustment: 'split_div' });
    expect(r.choice).toMatchObject({ ticker: 'MSFT', reason: 'operator_setting' });
    const input = await loadReportInput({ market, benchmarks: resolver }, 'AAPL', 'Medium', NOW);
    expect(input.benchmark?.ticker).toBe('MSFT');
    const risk = buildReport(input).sections.risk as { parameters: Record<string, unknown> };
    expect(risk.parameters.benchmark_choice).toMatchObject({ ticker: 'MSFT', reason: 'operator_setting' });
  });
});

describe.each(MODES)('SPY in the universe with a data issue (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  const SPLIT = '2026-03-02';

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: NOW });
    server = await deployment.start();
    const dates = sessionDates('2025-06-02', '2026-11-24');
    // SPY has bars through the window but a split of ratio 0 (its data cannot be served, ADR 0080);
    // IDX, the market's index, has clean bars.
    await server.platform.market.write({
      source: 'test',
      instruments: [
        instrument('AAPL', 'equity'),
        instrument('MSFT', 'equity'),
        instrument('SPY', 'etf'),
        instrument('IDX', 'index'),
      ],
      bars: [
        { ticker: 'AAPL', bars: bars(dates, 1) },
        { ticker: 'MSFT', bars: bars(dates, 2) },
        { ticker: 'SPY', bars: bars(dates, 3) },
        { ticker: 'IDX', bars: bars(dates, 4) },
      ],
      actions: [{ ticker: 'SPY', actions: [{ date: SPLIT, kind: 'split', value: 0 }] }],
    });
    key = (await server.account('enterprise', { burst: 10_000 })).key as string;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  const want = {
    ticker: 'IDX',
    reason: 'market_index',
    detail: `SPY has a data issue (split ratio 0 on ${SPLIT} is not a positive number; not applied): the market's index IDX`,
  };

  it('risk answers 200 against the index and names why SPY was passed over', async () => {
    const res = await server.get('/api/v1/analytics/risk?ticker=AAPL&metrics=sharpe,beta', key);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.benchmark_choice).toEqual(want);
    expect(body.results[0].benchmark).toBe('IDX');
    expect(body.results[0].metrics.map((m: { value: unknown }) => m.value)).toEqual([
      expect.any(Number),
      expect.any(Number),
    ]);
    // Named by the request, SPY itself is still a 422 that says what is wrong.
    const named = await server.get('/api/v1/analytics/risk?ticker=AAPL&benchmark=SPY', key);
    expect(named.statusCode, named.body).toBe(422);
  });

  it('the report, the publication and the backtest complete with the index as the market series', async () => {
    const input = await loadReportInput(server.platform, 'AAPL', 'Medium', NOW);
    expect(input.benchmark_choice).toEqual(want);
    const deps = publicationDeps(server.platform);
    const pub = await publishOnTime(deps, '2026-11-24');
    if (!pub.ok) throw new Error(pub.message);
    expect(pub.market).toEqual(want);
    expect(pub.market_filter).toBe('on');
    const bt = await runBacktest(deps, { from: '2026-10-01', to: '2026-11-20', tickers: ['AAPL', 'MSFT'] });
    expect(bt.market).toEqual(want);
    expect(bt.rules.market_filter).toBe('on');
  }, 120_000);
});

describe('on the demo market, risk, the Full report and the feed name one benchmark', () => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let ticker: string;

  beforeAll(async () => {
    deployment = await Deployment.create('embedded', { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW, { tickers: 4, years: 2 });
    ticker = (await server.platform.market.listInstruments()).find((i) => i.asset_class === 'equity')
      ?.ticker as string;
    key = (await server.account('enterprise', { burst: 10_000 })).key as string;
    expect(await publishOnTime(publicationDeps(server.platform), '2026-11-24')).toMatchObject({
      ok: true,
      published: true,
      market: { ticker: BENCHMARK_TICKER, reason: 'market_index' },
      market_filter: 'on',
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('SYNX everywhere, for the same reason', async () => {
    const want = { ticker: BENCHMARK_TICKER, reason: 'market_index' };
    const risk = (
      await server.get(`/api/v1/analytics/risk?ticker=${ticker}&metrics=beta,sharpe`, key)
    ).json();
    expect(risk.benchmark_choice).toMatchObject(want);
    expect(risk.results[0].benchmark).toBe(BENCHMARK_TICKER);
    expect(risk.results[0].metrics.map((m: { value: unknown }) => m.value)).toEqual([
      expect.any(Number),
      expect.any(Number),
    ]);

    const report = buildReport(await loadReportInput(server.platform, ticker, 'Full', NOW)) as {
      sections: Record<string, { parameters: Record<string, unknown>; benchmark?: { ticker: string } }>;
    };
    expect(report.sections.risk?.parameters.benchmark).toBe(BENCHMARK_TICKER);
    expect(report.sections.risk?.parameters.benchmark_choice).toMatchObject(want);
    expect(report.sections.peers?.benchmark?.ticker).toBe(BENCHMARK_TICKER);

    const feed = (await server.get('/api/v1/hedge-fund?dataset=analytics&since=0&limit=1000', key)).json();
    const row = feed.data.find((r: { ticker: string }) => r.ticker === ticker);
    expect(row.record.benchmark).toBe(BENCHMARK_TICKER);
    expect(row.record.benchmark_choice).toMatchObject(want);
    expect(row.record.risk.beta).toEqual(expect.any(Number));
  });
});

describe('without any market series, the cards say the market filter is off', () => {
  let deployment: Deployment;
  let server: Instance;

  beforeAll(async () => {
    deployment = await Deployment.create('embedded', { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW, { tickers: 4, years: 2 });
    // The demo's index retired, no SPY: no market series at all.
    const index = (await server.platform.market.listInstruments()).find((i) => i.ticker === BENCHMARK_TICKER);
    await server.platform.market.write({
      source: 'test',
      instruments: [{ ...(index as Instrument), active: false }],
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('in the publication and its note', async () => {
    const r = await publishOnTime(publicationDeps(server.platform), '2026-11-24');
    if (!r.ok) throw new Error(r.message);
    expect(r.market_filter).toBe('off (no market series)');
    expect(r.market).toMatchObject({ ticker: null, reason: 'none' });
    expect(r.note).toContain('Market filter off: no market series: SPY is not in the universe');
  });

  it('in the backtest', async () => {
    const r = await runBacktest(publicationDeps(server.platform), { from: '2026-10-01', to: '2026-11-20' });
    expect(r.rules.market_filter).toBe('off (no market series)');
    expect(r.market).toMatchObject({ ticker: null, reason: 'none' });
    // Turned off by the operator, it is plainly off.
    const off = await runBacktest(publicationDeps(server.platform), {
      from: '2026-11-02',
      to: '2026-11-20',
      rules: { marketFilter: false },
    });
    expect(off.rules.market_filter).toBe('off');
  });
});
