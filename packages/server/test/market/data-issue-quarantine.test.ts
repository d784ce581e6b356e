/**
 * Quarantine, not failure (issue #41, ADR 0080), both storage modes, on the synthetic demo market plus
 * three tickers written through the repository as a provider could send them: BADBAR (one bar closing at
 * 0), BADACT (a split of ratio 0) and SPUN (a spin-off written as a cash "dividend" five times the previous
 * close, as KSU's 2000 row is). Publication, the backtest and the screener complete for everyone else and
 * name the two bad tickers with what is wrong and where; SPUN is served (its action read from the
 * ex-date's price) with a warning; a request for a bad ticker answers 422 `data_issue`, never 500.
 */

import { sharedDataPath } from '@bellwether/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBacktest } from '../../src/cards/backtest.js';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { publishSession } from '../../src/cards/publish-session.js';
import { ingestFile, seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import type { Instrument } from '../../src/market/store/types.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

// Wednesday 2026-11-25, 12:00 New York: the session is open, data through Tuesday's close.
const NOW = new Date('2026-11-25T17:00:00Z');

describe.each(MODES)('one ticker’s bad data costs only that ticker (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let zeroDate: string;
  let splitDate: string;

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: NOW });
    server = await deployment.start();
    const market = server.platform.market;
    await seedDemoMarketIfEmpty(market, NOW);
    const model = (await market.listInstruments()).find(
      (i) => i.active && i.asset_class === 'equity',
    ) as Instrument;
    const raw = await market.getDailySeries(model.ticker, { asOf: NOW, adjustment: 'raw' });
    if (raw === undefined) throw new Error('the demo market has no bars');
    const bars = raw.dates.map((date, i) => ({
      date,
      open: raw.open[i] as number,
      high: raw.high[i] as number,
      low: raw.low[i] as number,
      close: raw.close[i] as number,
      volume: raw.volume[i] as number,
    }));
    const n = bars.length;
    zeroDate = bars[n - 100]?.date as string;
    splitDate = bars[n - 200]?.date as string;
    const spinDate = bars[n - 150]?.date as string;
    const as = (ticker: string): Instrument => ({
      ...model,
      ticker,
      name: `${ticker} Test Co`,
      source: 'test',
    });
    await market.write({
      source: 'test',
      instruments: [as('BADBAR'), as('BADACT'), as('SPUN')],
      bars: [
        { ticker: 'BADBAR', bars: bars.map((b) => (b.date === zeroDate ? { ...b, close: 0 } : b)) },
        { ticker: 'BADACT', bars },
        { ticker: 'SPUN', bars },
      ],
      actions: [
        { ticker: 'BADACT', actions: [{ date: splitDate, kind: 'split', value: 0 }] },
        {
          ticker: 'SPUN',
          actions: [{ date: spinDate, kind: 'dividend', value: 5 * (bars[n - 151]?.close as number) }],
        },
      ],
    });
    key = (await server.account('enterprise', { quota: 10_000, burst: 1000 })).key as string;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('publication completes for the others and names each bad ticker with the date and what is wrong', async () => {
    const r = await publishSession(publicationDeps(server.platform));
    if (!r.ok) throw new Error(r.message);
    expect(r.published).toBe(true);
    expect(r.data_issues.map((d) => d.ticker).sort()).toEqual(['BADACT', 'BADBAR']);
    const reason = (t: string) => r.data_issues.find((d) => d.ticker === t)?.reason ?? '';
    expect(reason('BADBAR')).toContain(zeroDate);
    expect(reason('BADBAR')).toContain('close 0');
    expect(reason('BADACT')).toContain(`split ratio 0 on ${splitDate}`);
    const universe = (await server.platform.market.listInstruments()).filter(
      (i) => i.active && i.asset_class !== 'index',
    );
    expect(r.tickers_scanned + r.stale.length + r.data_issues.length).toBe(universe.length);
    expect(r.stale).not.toContain('SPUN');
  }, 120_000);

  it('the backtest completes over the universe with the bad tickers left out by name', async () => {
    const deps = publicationDeps(server.platform);
    const tickers = ['BADBAR', 'BADACT', 'SPUN'];
    const r = await runBacktest(deps, { from: '2026-10-01', to: '2026-10-30', tickers });
    expect(r.tickers).toBe(1);
    expect(r.sessions).toBeGreaterThan(0);
    expect(r.data_issues.map((d) => d.ticker).sort()).toEqual(['BADACT', 'BADBAR']);
  }, 120_000);

  it('the screener answers 200, the bad tickers left out under data_issue with their reasons', async () => {
    const res = await server.get(`/api/v1/screener?where=${encodeURIComponent('close > 0')}`, key);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.left_out.data_issue.count).toBe(2);
    expect(body.left_out.data_issue.tickers.sort()).toEqual(['BADACT', 'BADBAR']);
    const reasons = body.left_out.data_issue.reasons as { ticker: string; reason: string }[];
    expect(reasons.find((x) => x.ticker === 'BADACT')?.reason).toContain(splitDate);
    expect(body.data.map((m: { ticker: string }) => m.ticker)).toContain('SPUN');
    expect(body.evaluated).toBe(body.universe - 2 - body.left_out.stale.count - body.left_out.no_data.count);
  });

  it.each([
    '/api/v1/analytics/technical?ticker=BADBAR&indicators=rsi',
    '/api/v1/analytics/risk?ticker=BADBAR',
    '/api/v1/analytics/risk?ticker=BADACT&benchmark=none',
    '/api/v1/analytics/patterns?ticker=BADACT',
    '/api/v1/bars?ticker=BADACT',
    '/api/v1/bars?ticker=BADBAR&adjust=raw',
  ])('%s answers 422 data_issue naming the ticker, the date and what is wrong', async (url) => {
    const body = expectProblem(await server.get(url, key), 422, 'data_issue');
    const ticker = url.includes('BADBAR') ? 'BADBAR' : 'BADACT';
    expect(body.ticker).toBe(ticker);
    const [issue] = body.data_issues as { date: string; subject: string; severity: string }[];
    expect(issue).toMatchObject(
      ticker === 'BADBAR'
        ? { date: zeroDate, subject: 'bar', severity: 'error' }
        : { date: splitDate, subject: 'split', severity: 'error' },
    );
    expect(body.detail).toContain(ticker);
  });

  it('a raw read of a ticker whose only problem is an action is served: the action is not read on raw prices', async () => {
    const res = await server.get('/api/v1/bars?ticker=BADACT&adjust=raw', key);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('an analysis of a bad ticker is refused at submission with 422 data_issue', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/analysis',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ ticker: 'BADBAR', tier: 'Light' }),
    });
    expectProblem(res, 422, 'data_issue');
  });

  it('/instruments/{ticker} lists data_issues: the error of a bad ticker, the warning of the spin-off, none for a clean one', async () => {
    const bad = await server.get('/api/v1/instruments/BADACT', key);
    expect(bad.statusCode, bad.body).toBe(200);
    expect(bad.json().data.data_issues).toEqual([
      expect.objectContaining({ date: splitDate, subject: 'split', value: 0, severity: 'error' }),
    ]);
    const spun = (await server.get('/api/v1/instruments/SPUN', key)).json().data;
    expect(spun.data_issues).toEqual([expect.objectContaining({ subject: 'dividend', severity: 'warning' })]);
    expect(spun.bar_count).toBeGreaterThan(200);
    const zero = (await server.get('/api/v1/instruments/BADBAR', key)).json().data;
    expect(zero.data_issues).toEqual([expect.objectContaining({ date: zeroDate, subject: 'bar' })]);
    expect(zero.bar_count).toBe(spun.bar_count);
  });

  it('ingest stores KSU’s real file and reports its 2000 spin-off row as a warning with file line and column', async () => {
    const r = await ingestFile(server.platform.market, {
      kind: 'bars',
      file: sharedDataPath('Pooksoft__PooksoftSP500EquityPriceDataSet', 'sp500', 'DA-KSU-T-2021-04-21.csv'),
      skipBadRows: false,
      calendar: 'XNYS',
    });
    if (r.status !== 'imported') throw new Error(JSON.stringify(r.errors));
    expect(r.warnings).toEqual([
      {
        line: 178,
        column: 'dividend_amount',
        message: expect.stringMatching(
          /^warning: dividend 181 on 2000-07-13: the close goes from 93\.75 to 6\.25/,
        ),
      },
    ]);
    const res = await server.get('/api/v1/analytics/technical?ticker=KSU&indicators=rsi&limit=5', key);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('the spin-off written as a dividend is served, adjusted from the ex-date price', async () => {
    const res = await server.get('/api/v1/analytics/risk?ticker=SPUN&benchmark=none&metrics=sharpe', key);
    expect(res.statusCode, res.body).toBe(200);
  });
});
