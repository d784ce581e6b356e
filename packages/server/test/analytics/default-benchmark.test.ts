/**
 * The benchmark of a request that names none (issue #26: on the demo, which has no SPY, beta and alpha
 * were null for every ticker): SPY when the universe has it, else the market's own index — the synthetic
 * demo's SYNX — and the answer names the one it used.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBenchmark } from '../../src/market/store/default-benchmark.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import type { Instrument, TickerLookup } from '../../src/market/store/types.js';
import { BENCHMARK_TICKER } from '../../src/market/synthetic/index.js';
import { Deployment, type Instance } from '../support/harness.js';

const NOW = new Date('2026-11-25T17:00:00Z');

const instrument = (ticker: string, asset_class: string, active = true): Instrument => ({
  ticker,
  name: ticker,
  exchange: 'XNYS',
  asset_class,
  currency: 'USD',
  sector: null,
  calendar: 'XNYS',
  active,
  source: 'test',
});

/** A market of these instruments, for the choice alone. */
const market = (instruments: Instrument[]) => ({
  async findTicker(ticker: string): Promise<TickerLookup> {
    const found = instruments.find((i) => i.ticker === ticker);
    return found === undefined ? { ok: false } : { ok: true, instrument: found };
  },
  async listInstruments() {
    return instruments;
  },
});

describe('the default benchmark', () => {
  it('is SPY when the universe has it, else the first active index by ticker, else none', async () => {
    const equities = [instrument('VZN', 'equity'), instrument('PLST', 'equity')];
    expect(
      await defaultBenchmark(market([...equities, instrument('SYNX', 'index'), instrument('SPY', 'etf')])),
    ).toBe('SPY');
    expect(
      await defaultBenchmark(market([...equities, instrument('ZIDX', 'index'), instrument('SYNX', 'index')])),
    ).toBe('SYNX');
    // A retired demo's index (real data took over) is no benchmark.
    expect(await defaultBenchmark(market([...equities, instrument('SYNX', 'index', false)]))).toBeUndefined();
    expect(await defaultBenchmark(market(equities))).toBeUndefined();
  });
});

describe('risk and portfolio on the demo market, without benchmark=', () => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let tickers: string[];

  beforeAll(async () => {
    deployment = await Deployment.create('embedded', { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW, { tickers: 4, years: 2 });
    tickers = (await server.platform.market.listInstruments())
      .filter((i) => i.asset_class === 'equity')
      .map((i) => i.ticker);
    key = (await server.account('enterprise', { burst: 10_000 })).key as string;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('measures every demo ticker against the demo index, says so, and gives beta and alpha', async () => {
    for (const ticker of tickers) {
      const res = await server.get(`/api/v1/analytics/risk?ticker=${ticker}&metrics=beta,alpha,sharpe`, key);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.parameters.benchmark).toBe(BENCHMARK_TICKER);
      expect(body.results[0].benchmark).toBe(BENCHMARK_TICKER);
      for (const m of body.results[0].metrics)
        expect(m.value, `${ticker} ${m.code}: ${m.reason}`).toEqual(expect.any(Number));
    }
    // The index itself is not its own benchmark: the reason says so.
    const self = (
      await server.get(`/api/v1/analytics/risk?ticker=${BENCHMARK_TICKER}&metrics=beta`, key)
    ).json();
    expect(self.results[0].metrics[0]).toMatchObject({
      value: null,
      reason: `the ticker is the benchmark (${BENCHMARK_TICKER}); name another with benchmark=`,
    });
    // benchmark=none still means none.
    const none = (
      await server.get(`/api/v1/analytics/risk?ticker=${tickers[0]}&metrics=beta&benchmark=none`, key)
    ).json();
    expect(none.parameters.benchmark).toBeNull();
    expect(none.results[0].metrics[0].reason).toBe(
      'needs a benchmark (benchmark=, or SPY or an index in the universe)',
    );
  });

  it("a portfolio's benchmark metrics use the demo index too", async () => {
    const [a, b] = tickers as [string, string];
    const res = await server.get(`/api/v1/analytics/portfolio?holdings=${a}:0.5,${b}:0.5`, key);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.parameters.benchmark).toBe(BENCHMARK_TICKER);
    const beta = body.metrics.find((m: { code: string }) => m.code === 'beta');
    expect(beta.value).toEqual(expect.any(Number));
  });
});
