/**
 * /analytics/patterns, /microstructure, /portfolio and /sentiment on real data (Pooksoft JNJ and XOM,
 * pandas-ta SPY, Twitter financial-news texts as news), both modes: what is served equals the engine's own
 * output for the same inputs read back from the store, nulls carry reasons, and every parameter error is
 * a 422 naming the parameter.
 */
import {
  amihudIlliquidity,
  analyzePortfolio,
  CANDLESTICK_PATTERNS,
  chartPatternsAsOf,
  corwinSchultzSpread,
  DEFAULT_SENTIMENT_MODEL_INFO,
  detectChartPatterns,
  edgeSpread,
  leeReady,
  MICROSTRUCTURE_FAMILY,
  orderImbalance,
  PORTFOLIO_OPTIMISERS,
  scoreSentiment,
  supportResistanceAt,
  vwap,
} from '@bellwether/analytics';
import { readCsv, sharedDataPath } from '@bellwether/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XNYS } from '../../src/market/calendar/xnys.js';
import type { NewsRow, QuoteRow, TradeRow } from '../../src/market/store/types.js';
import { Prng } from '../../src/market/synthetic/index.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';
import { ingestRealBars } from '../support/real-bars.js';

const AS_OF = new Date('2016-01-04T12:00:00Z');
const TICK_DAY = '2015-12-30';
const nulls = (x: Float64Array) => Array.from(x, (v) => (Number.isFinite(v) ? v : null));

/** A session of JNJ ticks: a random walk of trades around 103 and quotes one cent either side of it. */
function ticks(): { trades: TradeRow[]; quotes: QuoteRow[] } {
  const session = XNYS.sessionOn(TICK_DAY);
  if (session === undefined) throw new Error('no session');
  const rng = Prng.stream(7, 'ticks');
  const trades: TradeRow[] = [];
  const quotes: QuoteRow[] = [];
  let mid = 103;
  const open = session.opens_at.getTime();
  const step = (session.closes_at.getTime() - open) / 3000;
  for (let i = 0; i < 3000; i++) {
    const ts = Math.round(open + i * step);
    mid = Math.max(1, mid + (rng.uniform() - 0.5) * 0.04);
    quotes.push({ ts, bid: mid - 0.01, ask: mid + 0.01, bid_size: 300, ask_size: 300 });
    const side = rng.uniform() < 0.5 ? -1 : 1;
    trades.push({ ts: ts + 500, price: mid + side * 0.01, size: 100 * (1 + Math.floor(rng.uniform() * 20)) });
  }
  return { trades, quotes };
}

/** Thirty real financial-news texts as JNJ news: ten in the week before as_of, twenty in the thirty weeks before. */
function news(): NewsRow[] {
  const texts = readCsv(
    sharedDataPath('umaima-aman__Twee_Sentiment_Analysis-DeepLearning', 'sent_valid.csv'),
  ).rows.slice(0, 30);
  return texts.map((row, i) => {
    const ageMs = i < 10 ? (i + 1) * 12 * 3_600_000 : 7 * 86_400_000 + (i - 9) * 9 * 86_400_000;
    return {
      id: `tw_${i}`,
      published_at: new Date(AS_OF.getTime() - ageMs).toISOString(),
      source: 'twitter-financial-news',
      headline: row[0] as string,
      tickers: ['JNJ'],
    };
  });
}

describe.each(MODES)('analytics endpoints on real data (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  const series = (ticker: string, to = '2015-12-31') =>
    server.platform.market.getDailySeries(ticker, { asOf: AS_OF, adjustment: 'split_div', to }).then((s) => {
      if (s === undefined) throw new Error(`no ${ticker}`);
      return s;
    });

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: AS_OF });
    server = await deployment.start();
    await ingestRealBars(server.platform.market, ['JNJ', 'XOM']);
    const t = ticks();
    await server.platform.market.write({
      source: 'test',
      trades: [{ ticker: 'JNJ', trades: t.trades }],
      quotes: [{ ticker: 'JNJ', quotes: t.quotes }],
      news: news(),
    });
    key = (await server.account('enterprise', { burst: 1000 })).key as string;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  describe('/analytics/patterns', () => {
    it('serves every candlestick signal of the window, chart patterns as known at its end, and levels', async () => {
      const res = await server.get(
        '/api/v1/analytics/patterns?ticker=JNJ&from=2015-07-01&to=2015-12-31&limit=500&levels=4',
        key,
      );
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json().results[0];
      expect(r).toMatchObject({ ticker: 'JNJ', from: '2015-07-01', to: '2015-12-31' });
      const s = await series('JNJ');
      const start = s.dates.indexOf('2015-07-01');
      const expected: string[] = [];
      for (const meta of CANDLESTICK_PATTERNS) {
        const out = meta.compute(s, Object.fromEntries(meta.params.map((p) => [p.name, p.default])));
        for (let i = start; i < s.dates.length; i++) {
          const v = out.signal?.[i] as number;
          if (v !== 0 && Number.isFinite(v))
            expected.push(`${s.dates[i]} ${meta.code} ${v} ${out.confidence?.[i]}`);
        }
      }
      expect(expected.length).toBeGreaterThan(20);
      const served = r.candlesticks.map(
        (c: { date: string; code: string; signal: number; confidence: number }) =>
          `${c.date} ${c.code} ${c.signal} ${c.confidence}`,
      );
      expect([...served].sort()).toEqual([...expected].sort());
      expect(served).toEqual(
        [...served].sort((a: string, b: string) =>
          a.slice(0, 10) < b.slice(0, 10) ? 1 : a.slice(0, 10) > b.slice(0, 10) ? -1 : 0,
        ),
      );

      const last = s.dates.length - 1;
      const known = chartPatternsAsOf(detectChartPatterns(s), last).patterns.filter(
        (p) => p.detectedAt >= start,
      );
      expect(
        r.chart_patterns
          .map((p: { type: string; detected_on: string; state: string }) => [p.type, p.detected_on, p.state])
          .sort(),
      ).toEqual(known.map((p) => [p.type, s.dates[p.detectedAt], p.state]).sort());
      const levels = supportResistanceAt(s, last).levels;
      const support = levels
        .filter((l) => l.kind === 'support')
        .sort((a, b) => b.price - a.price)
        .slice(0, 4);
      // Levels are prices: written in whole cents (issue #26), each within half a cent of the engine's.
      const supportServed = r.levels.support.map((l: { price: number }) => l.price) as number[];
      expect(supportServed).toHaveLength(support.length);
      supportServed.forEach((p, i) => {
        expect(String(p)).toMatch(/^\d+(\.\d{1,2})?$/);
        expect(Math.abs(p - (support[i]?.price as number))).toBeLessThanOrEqual(0.005 + 1e-9);
      });
      for (const p of r.chart_patterns as { target: number; breakout: { level: number } }[])
        for (const level of [p.target, p.breakout.level])
          expect(String(level)).toMatch(/^-?\d+(\.\d{1,2})?$/);
      expect(r.levels.close).toBe(s.close[last]);
    });

    it('filters by pattern and confidence, and names bad parameters', async () => {
      const res = await server.get(
        '/api/v1/analytics/patterns?ticker=JNJ&to=2015-12-31&limit=250&include=candlesticks&candlesticks=engulfing,cdlharami&min_confidence=0.3',
        key,
      );
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json().results[0];
      expect(r.chart_patterns).toBeUndefined();
      expect(r.candlesticks.length).toBeGreaterThan(0);
      for (const c of r.candlesticks) {
        expect(['cdlengulfing', 'cdlharami']).toContain(c.code);
        expect(c.confidence).toBeGreaterThanOrEqual(0.3);
      }
      const bad = await server.get(
        '/api/v1/analytics/patterns?ticker=JNJ&candlesticks=cdlhammer,cdlnope',
        key,
      );
      expectProblem(bad, 422, 'validation_failed');
      expect(bad.json().errors).toEqual([
        { pointer: '/query/candlesticks/1', detail: 'unknown candlestick pattern "cdlnope"' },
      ]);
      const badInclude = await server.get('/api/v1/analytics/patterns?ticker=JNJ&include=candles', key);
      expect(badInclude.json().errors[0]).toMatchObject({ pointer: '/query/include/0' });
      expectProblem(
        await server.get('/api/v1/analytics/patterns?ticker=JNJ&min_confidence=2', key),
        422,
        'validation_failed',
      );
    });
  });

  describe('/analytics/microstructure', () => {
    it('serves the daily estimators of the window, warmed up on earlier bars', async () => {
      const res = await server.get(
        '/api/v1/analytics/microstructure?tickers=JNJ,XOM&from=2015-10-01&to=2015-12-31&window=10',
        key,
      );
      expect(res.statusCode, res.body).toBe(200);
      const [jnj, xom] = res.json().results;
      expect(xom.ticker).toBe('XOM');
      const s = await series('JNJ');
      const start = s.dates.indexOf('2015-10-01');
      expect(jnj.dates).toEqual(s.dates.slice(start));
      expect(jnj.daily.corwin_schultz).toEqual(
        nulls(corwinSchultzSpread(s.high, s.low, s.close, { window: 10 }).subarray(start)),
      );
      expect(jnj.daily.amihud).toEqual(
        nulls(amihudIlliquidity(s.close, s.volume, { window: 10 }).subarray(start)),
      );
      expect(jnj.daily.edge).toEqual(
        nulls(edgeSpread(s.open, s.high, s.low, s.close, { window: 10 }).subarray(start)),
      );
      expect(jnj.daily.corwin_schultz.every((v: number | null) => v !== null)).toBe(true);
      expect(jnj.latest.amihud).toBe(jnj.daily.amihud.at(-1));
      expect(jnj.intraday).toBeUndefined();
      // Every daily estimator the catalogue registers is served, described and computed over the window.
      const codes = MICROSTRUCTURE_FAMILY.members.map((m) => m.code);
      expect(Object.keys(res.json().estimators)).toEqual(codes);
      expect(Object.keys(jnj.daily)).toEqual(codes);
      for (const code of codes) expect(jnj.daily[code], code).toHaveLength(jnj.dates.length);
    });

    it('serves intraday measures for a session with ticks, and says why when there are none', async () => {
      const res = await server.get(
        `/api/v1/analytics/microstructure?ticker=JNJ&to=2015-12-31&limit=5&date=${TICK_DAY}`,
        key,
      );
      expect(res.statusCode, res.body).toBe(200);
      const intra = res.json().results[0].intraday;
      const session = XNYS.sessionOn(TICK_DAY)!;
      const trades = await server.platform.market.getTrades(
        'JNJ',
        session.opens_at.getTime(),
        session.closes_at.getTime(),
        AS_OF,
      );
      const quotes = await server.platform.market.getQuotes(
        'JNJ',
        session.opens_at.getTime() - 60_000,
        session.closes_at.getTime() + 300_000,
        AS_OF,
      );
      const time = Float64Array.from(trades, (t) => t.ts);
      const price = Float64Array.from(trades, (t) => t.price);
      const size = Float64Array.from(trades, (t) => t.size);
      const sign = leeReady(
        time,
        price,
        Float64Array.from(quotes, (q) => q.ts),
        Float64Array.from(quotes, (q) => q.bid),
        Float64Array.from(quotes, (q) => q.ask),
      );
      const imb = orderImbalance(sign, size);
      expect(intra).toMatchObject({
        available: true,
        trades: 3000,
        quotes: 3000,
        signing: 'lee_ready',
        vwap: vwap(price, size),
        order_imbalance: { buy_volume: imb.buyVolume, sell_volume: imb.sellVolume, imbalance: imb.imbalance },
      });
      // Every trade prints one cent from a mid with a two-cent quote: effective spread = quoted spread.
      expect(intra.spreads.effective).toBeCloseTo(intra.spreads.quoted, 6);
      expect(intra.spreads.effective).toBeCloseTo(intra.spreads.realised + intra.spreads.impact, 10);
      expect(
        intra.profile.bins.reduce((a: number, b: { volume_share: number }) => a + b.volume_share, 0),
      ).toBeCloseTo(1, 10);
      expect(intra.profile.bins[0].start).toBe('09:30');

      const none = await server.get(
        '/api/v1/analytics/microstructure?ticker=JNJ&limit=5&date=2015-12-29',
        key,
      );
      expect(none.json().results[0].intraday).toEqual({
        date: '2015-12-29',
        available: false,
        reason: 'no trades of JNJ are stored for 2015-12-29',
      });
      const holiday = await server.get(
        '/api/v1/analytics/microstructure?ticker=JNJ&limit=5&date=2015-12-25',
        key,
      );
      expect(holiday.json().results[0].intraday.reason).toMatch(/not a trading session/);
      const bad = await server.get('/api/v1/analytics/microstructure?ticker=JNJ&date=2015-02-30', key);
      expectProblem(bad, 422, 'validation_failed');
      expect(bad.json().errors).toEqual([{ pointer: '/query/date', detail: 'must be a date YYYY-MM-DD' }]);
    });
  });

  describe('/analytics/portfolio', () => {
    it('serves the engine’s analysis of the holdings on their common dates, against SPY', async () => {
      const res = await server.get(
        '/api/v1/analytics/portfolio?holdings=JNJ:0.6,XOM:0.4&from=2015-01-02&to=2015-12-31&covariance=ledoit_wolf&confidence=0.99',
        key,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      const [jnj, xom, spy] = await Promise.all(['JNJ', 'XOM', 'SPY'].map((t) => series(t)));
      expect(jnj.dates).toEqual(xom.dates);
      expect(jnj.dates).toEqual(spy.dates);
      const start = jnj.dates.indexOf('2015-01-02');
      const ret = (c: Float64Array) => {
        const w = c.slice(start);
        return Float64Array.from(w.subarray(1), (v, i) => v / (w[i] as number) - 1);
      };
      const expected = analyzePortfolio({
        holdings: { kind: 'weights', weights: [0.6, 0.4], assetReturns: [ret(jnj.close), ret(xom.close)] },
        benchmark: ret(spy.close),
        riskFree: 0,
        params: { confidence: 0.99, periods_per_year: 252 },
        covariance: 'constant_correlation',
      });
      expect(body).toMatchObject({
        from: '2015-01-02',
        to: '2015-12-31',
        observations: expected.returns.length,
      });
      expect(body.parameters.benchmark).toBe('SPY');
      expect(body.metrics).toHaveLength(36);
      for (const m of body.metrics) {
        const want = expected.metrics[m.code] as number;
        if (Number.isFinite(want)) expect(m.value, m.code).toBe(want);
        else expect([m.value, typeof m.reason], m.code).toEqual([null, 'string']);
      }
      expect(body.covariance.matrix).toEqual(expected.covariance.map((r) => Array.from(r)));
      const shares = body.holdings.map((h: { risk_contribution: number }) => h.risk_contribution);
      expect(shares[0] + shares[1]).toBeCloseTo(1, 12);
    });

    it('runs the optimisers within the bounds and traces the frontier', async () => {
      const res = await server.get(
        '/api/v1/analytics/portfolio?holdings=JNJ:0.5,XOM:0.3,SPY:0.2&from=2013-01-02&to=2015-12-31&optimize=min_variance,max_sharpe,min_cvar,hrp,equal_risk&max_weight=0.6&frontier=6',
        key,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      const byMethod = Object.fromEntries(body.optimized.map((o: { method: string }) => [o.method, o]));
      for (const m of ['min_variance', 'min_cvar', 'hrp', 'equal_risk']) {
        expect(byMethod[m].available, m).toBe(true);
        const w = Object.values(byMethod[m].weights) as number[];
        expect(w.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 8);
      }
      for (const m of ['min_variance', 'min_cvar'])
        for (const w of Object.values(byMethod[m].weights) as number[]) {
          expect(w).toBeGreaterThanOrEqual(-1e-9);
          expect(w).toBeLessThanOrEqual(0.6 + 1e-9);
        }
      expect(byMethod.max_sharpe.available || typeof byMethod.max_sharpe.reason === 'string').toBe(true);
      expect(body.frontier).toHaveLength(6);
      for (const pt of body.frontier)
        expect(pt.annual_volatility).toBeGreaterThanOrEqual(byMethod.min_variance.annual_volatility - 1e-9);
      const returns = body.frontier.map((p: { expected_annual_return: number }) => p.expected_annual_return);
      expect(returns).toEqual([...returns].sort((a, b) => a - b));
    });

    it('names bad holdings, bounds and tickers', async () => {
      const sum = await server.get('/api/v1/analytics/portfolio?holdings=JNJ:0.5,XOM:0.4', key);
      expectProblem(sum, 422, 'validation_failed');
      expect(sum.json().errors[0]).toMatchObject({
        pointer: '/query/holdings',
        detail: expect.stringMatching(/sum to 0.9/),
      });
      const shape = await server.get('/api/v1/analytics/portfolio?holdings=JNJ:0.5,XOM', key);
      expect(shape.json().errors).toEqual([
        { pointer: '/query/holdings/1', detail: 'must be TICKER:number, e.g. AAPL:0.4' },
      ]);
      const bounds = await server.get(
        '/api/v1/analytics/portfolio?holdings=JNJ:0.5,XOM:0.5&max_weight=0.4',
        key,
      );
      expect(bounds.json().errors[0].pointer).toBe('/query/max_weight');
      expectProblem(
        await server.get('/api/v1/analytics/portfolio?holdings=JNJ:0.5,XOMM:0.5', key),
        422,
        'unknown_ticker',
      );
      expectProblem(
        await server.get('/api/v1/analytics/portfolio?holdings=JNJ:1&optimize=magic', key),
        422,
        'validation_failed',
      );
      const q = await server.get(
        '/api/v1/analytics/portfolio?holdings=JNJ:100,XOM:50&units=quantities&to=2015-12-31',
        key,
      );
      expect(q.statusCode, q.body).toBe(200);
      const [jnj, xom] = await Promise.all(['JNJ', 'XOM'].map((t) => series(t)));
      const v1 = 100 * (jnj.close.at(-1) as number);
      const v2 = 50 * (xom.close.at(-1) as number);
      expect(q.json().holdings[0].weight).toBeCloseTo(v1 / (v1 + v2), 12);
    });

    it('asks "did you mean" for a misspelt optimiser, names the optimisers when none is close, and bills nothing (issue #26)', async () => {
      const used = async () => (await server.get('/api/v1/account', key)).json().limits.quota.used as number;
      const before = await used();
      const typo = expectProblem(
        await server.get(
          '/api/v1/analytics/portfolio?holdings=JNJ:0.5,XOM:0.5&optimize=hrp,min_varience',
          key,
        ),
        422,
        'validation_failed',
      );
      expect(typo.errors).toEqual([
        {
          pointer: '/query/optimize/1',
          detail: 'unknown optimiser "min_varience"; did you mean "min_variance"?',
        },
      ]);
      expect(typo.suggestion).toBe('min_variance');
      expect(typo.detail).toContain('did you mean "min_variance"?');
      const far = expectProblem(
        await server.get('/api/v1/analytics/portfolio?holdings=JNJ:1&optimize=magic', key),
        422,
        'validation_failed',
      );
      expect(far.errors).toEqual([
        {
          pointer: '/query/optimize/0',
          detail: `unknown optimiser "magic" (one of ${PORTFOLIO_OPTIMISERS.join(', ')})`,
        },
      ]);
      expect(far.suggestion).toBeUndefined();
      expect(await used()).toBe(before);
    });
  });

  describe('/analytics/sentiment', () => {
    it('aggregates the window’s scored news with buzz against the baseline, and discloses the model', async () => {
      const res = await server.get('/api/v1/analytics/sentiment?ticker=JNJ&days=7&items=50', key);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.model.version).toBe(DEFAULT_SENTIMENT_MODEL_INFO.version);
      const r = body.results[0];
      const inWindow = news().slice(0, 10);
      const scores = inWindow.map((n) => scoreSentiment(n.headline));
      expect(r.count).toBe(10);
      expect(r.mean_score).toBeCloseTo(scores.reduce((a, s) => a + s.score, 0) / 10, 12);
      // Twenty items in the thirty weeks before: 20/30 a week on average, ten this week.
      expect(r.buzz).toBeCloseTo(10 / (20 / 30), 12);
      expect(r.items.map((x: { id: string }) => x.id)).toEqual(inWindow.map((n) => n.id));
      expect(r.items.map((x: { score: number }) => x.score)).toEqual(scores.map((s) => s.score));
      const counts = { bearish: 0, neutral: 0, bullish: 0 };
      for (const s of scores) counts[s.label]++;
      expect(r.counts).toEqual(counts);
      for (const x of r.top_positive) expect(x.score).toBeGreaterThan(0);
      for (const x of r.top_negative) expect(x.score).toBeLessThan(0);
    });

    it('scores a text directly, and says why a ticker without news has no buzz', async () => {
      const text = 'Shares jump after the company beats estimates and raises full-year guidance';
      const res = await server.get(`/api/v1/analytics/sentiment?text=${encodeURIComponent(text)}`, key);
      expect(res.statusCode, res.body).toBe(200);
      const s = scoreSentiment(text);
      expect(res.json().text).toMatchObject({ label: s.label, score: s.score, confidence: s.confidence });
      expect(res.json().text.drivers.length).toBeGreaterThan(0);

      const quiet = await server.get('/api/v1/analytics/sentiment?ticker=XOM', key);
      expect(quiet.json().results[0]).toMatchObject({
        count: 0,
        mean_score: null,
        tone: 'none',
        buzz: null,
        buzz_reason: expect.any(String),
      });

      expectProblem(await server.get('/api/v1/analytics/sentiment', key), 422, 'validation_failed');
      expectProblem(
        await server.get(`/api/v1/analytics/sentiment?text=${'a'.repeat(2001)}`, key),
        422,
        'validation_failed',
      );
      const late = await server.get('/api/v1/analytics/sentiment?ticker=JNJ&from=2016-02-01', key);
      expect(late.json().errors[0].pointer).toBe('/query/from');
    });
  });
});
