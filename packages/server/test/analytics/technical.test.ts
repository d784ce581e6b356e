/**
 * /analytics/technical and its catalogue on real data (Pooksoft JNJ and XOM, ingested through the store
 * as `bellwether ingest` does), in both modes: the values served are the engine's own output for the same
 * bars, the window has no avoidable nulls, and every parameter error is a 422 naming the parameter.
 */
import { bbands, CATALOG, macd, rsi, sma } from '@bellwether/analytics';
import { sharedDataPath } from '@bellwether/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFile } from '../../src/market/store/index.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

const FILE = (t: string) =>
  sharedDataPath('Pooksoft__PooksoftSP500EquityPriceDataSet', 'daily_adjusted', `DA-${t}-T-2021-04-21.csv`);

const nulls = (x: Float64Array) => Array.from(x, (v) => (Number.isFinite(v) ? v : null));

describe.each(MODES)('GET /api/v1/analytics/technical (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: new Date('2016-01-04T12:00:00Z') });
    server = await deployment.start();
    for (const t of ['JNJ', 'XOM']) {
      const r = await ingestFile(server.platform.market, {
        kind: 'bars',
        file: FILE(t),
        format: 'alphavantage',
        skipBadRows: false,
        calendar: 'XNYS',
      });
      expect(r.status).toBe('imported');
    }
    key = (await server.account('enterprise', { burst: 1000 })).key as string;
  }, 120_000);
  const validInstrument = async (ticker: string) => {
    const found = await server.platform.market.findTicker(ticker);
    if (!found.ok) throw new Error(`${ticker} is not stored`);
    return found.instrument;
  };
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('serves the engine’s own values for the window, warmed up on earlier bars (no nulls)', async () => {
    const res = await server.get(
      '/api/v1/analytics/technical?ticker=jnj&indicators=rsi(14),macd(12,26,9),bbands(20,2,2)&from=2015-01-02&to=2015-06-30',
      key,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      adjustment: 'split_div',
      parameters: { indicators: ['rsi(14)', 'macd(12,26,9)', 'bbands(20,2,2,sma)'] },
    });
    const r = body.results[0];
    expect(r).toMatchObject({
      ticker: 'JNJ',
      from: '2015-01-02',
      to: '2015-06-30',
      known_through: '2015-12-31',
      // The data reach the last closed session, whatever window was asked.
      last_bar: '2015-12-31',
      stale: false,
    });
    expect(r.source).toMatch(/^csv:/);
    // A ticker whose provider has not delivered the last closed session is served, and flagged stale.
    const jnj = await server.platform.market.getDailySeries('JNJ', {
      asOf: new Date('2016-01-04T12:00:00Z'),
      adjustment: 'raw',
      from: '2015-10-01',
    });
    const lateBars = (jnj?.dates.length ?? 0) - 1;
    await server.platform.market.write({
      source: 'test',
      ensureInstruments: [{ ...(await validInstrument('JNJ')), ticker: 'LATE' }],
      bars: [
        {
          ticker: 'LATE',
          bars: Array.from({ length: lateBars }, (_, i) => ({
            date: jnj?.dates[i] as string,
            open: jnj?.open[i] as number,
            high: jnj?.high[i] as number,
            low: jnj?.low[i] as number,
            close: jnj?.close[i] as number,
            volume: jnj?.volume[i] as number,
          })),
        },
      ],
    });
    const late = await server.get('/api/v1/analytics/technical?ticker=LATE&indicators=sma(5)&limit=5', key);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().results[0]).toMatchObject({
      known_through: '2015-12-31',
      last_bar: '2015-12-30',
      stale: true,
    });

    const full = await server.platform.market.getDailySeries('JNJ', {
      asOf: new Date('2016-01-04T12:00:00Z'),
      adjustment: 'split_div',
      to: '2015-06-30',
    });
    const n = full?.close.length as number;
    const start = n - r.count;
    expect(full?.dates.slice(start)).toEqual(r.dates);
    const close = full?.close as Float64Array;
    const window = (x: Float64Array) => nulls(x.slice(start));
    expect(r.series['rsi(14)'].rsi).toEqual(window(rsi(close, 14)));
    const m = macd(close, 12, 26, 9);
    expect(r.series['macd(12,26,9)']).toEqual({
      macd: window(m.macd),
      signal: window(m.signal),
      hist: window(m.hist),
    });
    const b = bbands(close, 20, 2, 2);
    expect(r.series['bbands(20,2,2,sma)']).toEqual({
      upper: window(b.upper),
      middle: window(b.middle),
      lower: window(b.lower),
    });
    for (const ind of r.indicators) expect(ind.nulls_in_window).toBe(0);
  });

  // Issue #26: on daily bars the default VWAP cumulated every bar since the first stored one (years).
  it('serves vwap over a rolling 20-session window by default, as documented; vwap(0,0) is the cumulative one', async () => {
    const res = await server.get(
      '/api/v1/analytics/technical?ticker=JNJ&indicators=vwap,vwap(0,0)&from=2015-06-01&to=2015-06-30',
      key,
    );
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().results[0];
    expect(res.json().parameters.indicators).toEqual(['vwap(0,20)', 'vwap(0,0)']);
    expect(r.indicators[0]).toMatchObject({ params: { reset_every: 0, period: 20 }, lookback: 19 });
    const s = await server.platform.market.getDailySeries('JNJ', {
      asOf: new Date('2016-01-04T12:00:00Z'),
      adjustment: 'split_div',
      to: '2015-06-30',
    });
    if (s === undefined) throw new Error('no JNJ');
    const vwapOver = (from: number, to: number) => {
      let pv = 0;
      let v = 0;
      for (let k = from; k <= to; k++) {
        pv += ((s.high[k]! + s.low[k]! + s.close[k]!) / 3) * s.volume[k]!;
        v += s.volume[k]!;
      }
      return pv / v;
    };
    const start = s.close.length - r.count;
    r.series['vwap(0,20)'].vwap.forEach((x: number, i: number) => {
      expect(x).toBeCloseTo(vwapOver(start + i - 19, start + i), 9);
    });
    // The cumulative one averages the whole stored history (JNJ from 1999): far from June 2015's prices.
    expect(r.series['vwap(0,0)'].vwap.at(-1)).toBeCloseTo(vwapOver(0, s.close.length - 1), 6);
    expect(r.series['vwap(0,0)'].vwap.at(-1)).toBeLessThan(0.8 * s.close[s.close.length - 1]!);
  });

  it('batches tickers and defaults to the last 252 bars', async () => {
    const res = await server.get('/api/v1/analytics/technical?tickers=JNJ,XOM&indicators=sma(50),atr', key);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(
      body.results.map((x: { ticker: string; count: number; to: string }) => [x.ticker, x.count, x.to]),
    ).toEqual([
      ['JNJ', 252, '2015-12-31'],
      ['XOM', 252, '2015-12-31'],
    ]);
    expect(body.parameters.indicators).toEqual(['sma(50)', 'atr(14)']);
  });

  it('answers every parameter error with a 422 problem naming the parameter, and changes nothing', async () => {
    const cases: [string, string, string?][] = [
      ['ticker=JNJ&indicators=nope(3)', '/query/indicators/0'],
      ['ticker=JNJ&indicators=rsi(1)', '/query/indicators/0/period'],
      ['ticker=JNJ&indicators=rsi(14,3)', '/query/indicators/0'],
      ['ticker=JNJ&indicators=rsi(14', '/query/indicators'],
      ['indicators=rsi', '/query/ticker'],
      ['ticker=JNJ&indicators=rsi&from=2015-02-30', '/query/from'],
      ['ticker=JNJ&indicators=rsi&from=2015-06-01&to=2015-01-01', '/query/from'],
      ['ticker=JNJ&indicators=rsi&limit=0', '/query/limit'],
      ['ticker=JNJ&indicators=rsi&adjust=dividends', '/query/adjust'],
      // Fast and slow swapped: refused, not silently swapped back as TA-Lib does (issue #26).
      ['ticker=JNJ&indicators=macd(26,12,9)', '/query/indicators/0/fast_period'],
      ['ticker=JNJ&indicators=ppo(12,12)', '/query/indicators/0/fast_period'],
    ];
    for (const [query, pointer] of cases) {
      const res = await server.get(`/api/v1/analytics/technical?${query}`, key);
      expectProblem(res, 422, 'validation_failed');
      const errors = (res.json().errors ?? []) as { pointer: string }[];
      expect(
        errors.some((e) => e.pointer === pointer || e.pointer === pointer.replace('/query', '/querystring')),
        `${query}: ${res.body}`,
      ).toBe(true);
    }
    const typo = (
      await server.get('/api/v1/analytics/technical?ticker=JNJ&indicators=macdd(12,26,9)', key)
    ).json();
    expect(typo.errors).toEqual([
      {
        pointer: '/query/indicators/0',
        detail: 'unknown indicator "macdd"; did you mean "macd"? (see /api/v1/analytics/technical/catalog)',
      },
    ]);
    expect(typo.suggestion).toBe('macd');
    const unknown = await server.get('/api/v1/analytics/technical?ticker=JNK&indicators=rsi', key);
    expectProblem(unknown, 422, 'unknown_ticker');
    expect(unknown.json().suggestion).toBe('JNJ');
  });

  it('serves a repeated request from its result cache, and a corrected bar invalidates it', async () => {
    const url = '/api/v1/analytics/technical?ticker=XOM&indicators=sma(20)&from=2015-06-01&to=2015-12-31';
    const first = await server.get(url, key);
    // as_of is the request's instant (to the second): two requests may straddle a second.
    expect((await server.get(url, key)).json().results).toEqual(first.json().results);
    const q = { asOf: new Date('2016-01-04T12:00:00Z'), adjustment: 'split_div' as const, to: '2015-12-31' };
    const before = await server.platform.market.getDailySeries('XOM', { ...q, adjustment: 'raw' });
    const i = before?.dates.indexOf('2015-09-01') as number;
    // A vendor correction of one bar inside the 20-day window of the served values, from the same source:
    // only the bars' fingerprint tells the cache the result changed.
    await server.platform.market.write({
      source: before?.source as string,
      bars: [
        {
          ticker: 'XOM',
          bars: [
            {
              date: '2015-09-01',
              open: before?.open[i] as number,
              high: (before?.high[i] as number) + 5,
              low: before?.low[i] as number,
              close: (before?.close[i] as number) + 5,
              volume: before?.volume[i] as number,
            },
          ],
        },
      ],
    });
    const after = await server.get(url, key);
    expect(after.json().results[0].source).toBe(first.json().results[0].source);
    expect(after.json().results).not.toEqual(first.json().results);
    const series = await server.platform.market.getDailySeries('XOM', q);
    const start = series?.dates.indexOf('2015-06-01') as number;
    const want = nulls(sma(series?.close as Float64Array, 20).subarray(start));
    expect(Object.values(after.json().results[0].series['sma(20)'])[0]).toEqual(want);
  });

  it('/analytics/technical/catalog lists every catalogue entry, with an ETag', async () => {
    const res = await server.get('/api/v1/analytics/technical/catalog', key);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(CATALOG.length);
    expect(body.indicators.map((e: { code: string }) => e.code)).toEqual(CATALOG.map((e) => e.code));
    const again = await server.get('/api/v1/analytics/technical/catalog', key, {
      'if-none-match': String(res.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });
});
