/**
 * Backtests as jobs (issue #47, ADR 0101) in both modes on the synthetic demo market: the API's report is
 * `bellwether backtest --json`'s field for field (one engine), progress reaches the row, a quote creates
 * nothing and costs nothing, the plan bounds a job's tickers × sessions, billing takes one unit per
 * started 50,000 ticker-sessions (all or none), idempotency, account isolation, events, and bad input
 * refused with the field named and nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XNYS } from '../../src/market/calendar/xnys.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';
import { runCli } from '../support/serve-process.js';

const AS_OF = '2026-11-25T17:00:00Z';
const FROM = '2026-03-02';
const TO = '2026-08-31';
const SETUP = 'trend_pullback';

describe.each(MODES)('backtest jobs (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let env: Record<string, string>;
  let key: string;
  let accountId: string;
  let tickers: string[];

  const post = (body: unknown, k = key, query = '', headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url: `/api/v1/backtests${query}`,
      headers: { authorization: `Bearer ${k}`, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
  const finished = async (id: string, k = key) => {
    for (let i = 0; i < 30; i++) {
      const res = await server.get(`/api/v1/backtests/${id}?wait=20`, k);
      expect(res.statusCode, res.body).toBe(200);
      const job = res.json();
      if (['succeeded', 'failed', 'canceled'].includes(job.status)) return job;
    }
    throw new Error(`backtest ${id} did not finish`);
  };
  const backtestRows = async () =>
    (await server.platform.storage.backtests.list(accountId, { limit: 100 })).length;

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: new Date(AS_OF) });
    env = { ...deployment.env(), BELLWETHER_AS_OF: AS_OF };
    const demo = await runCli(['demo', '--tickers', '12', '--years', '3', '--json'], env);
    expect(demo.code, demo.stderr).toBe(0);
    server = await deployment.start();
    const account = await server.account('enterprise', { burst: 1000 });
    key = account.key as string;
    accountId = account.account.id;
    tickers = (await server.platform.market.listInstruments())
      .filter((i) => i.active && i.asset_class !== 'index')
      .map((i) => i.ticker)
      .sort();
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('reports what `bellwether backtest --json` prints, field for field, with progress to the last session', async () => {
    const chosen = tickers.slice(0, 8);
    const [cli, res] = await Promise.all([
      runCli(
        [
          'backtest',
          '--from',
          FROM,
          '--to',
          TO,
          '--setup',
          SETUP,
          '--tickers',
          chosen.join(','),
          '--cost-bps',
          '7',
          '--json',
        ],
        env,
      ),
      post({
        setup: SETUP,
        universe: { tickers: chosen.map((t) => t.toLowerCase()) },
        from: FROM,
        to: TO,
        costs: { bps_per_side: 7 },
      }),
    ]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(res.statusCode, res.body).toBe(202);
    const job = res.json();
    expect(job).toMatchObject({ status: 'queued', attempts: 0, progress: null });
    expect(res.headers.location).toBe(`/api/v1/backtests/${job.job_id}`);
    expect(job.request).toMatchObject({ setup: SETUP, from: FROM, to: TO, tickers: chosen });
    const done = await finished(job.job_id);
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    const { seconds, ...printed } = JSON.parse(cli.stdout) as { seconds: number } & Record<string, unknown>;
    expect(seconds).toBeGreaterThan(0);
    expect(done.report).toEqual(printed);
    // The replay is of the one setup asked for, and did replay cards (the comparison is not of empties).
    expect(done.report.cards).toBeGreaterThan(0);
    expect(done.report.by_setup.map((g: { key: string }) => g.key)).toEqual([SETUP]);
    expect(done.report.rules.cost_bps_per_side).toBe(7);
    expect(done.progress).toEqual({
      percent: 100,
      sessions_done: done.report.sessions,
      sessions: done.report.sessions,
    });
    // The job's events: backtest.succeeded through the outbox, naming the setup and the report.
    const events = await server.platform.storage.events.listForAccount(accountId, 0, 100, [
      'backtest.succeeded',
    ]);
    expect(events.map((e) => (e.data as { job_id: string }).job_id)).toContain(job.job_id);
    const event = events.find((e) => (e.data as { job_id: string }).job_id === job.job_id);
    expect(event?.data).toMatchObject({ setup: SETUP, report_id: expect.any(String) });
  }, 300_000);

  it('quotes size and cost with dry_run=true: nothing created, nothing billed, even with the quota used up', async () => {
    const poor = await server.account('enterprise', { burst: 1000, quota: 1 });
    const body = { setup: SETUP, universe: { tickers }, from: '2000-01-03', to: TO };
    const quote = async () => {
      const res = await post(body, poor.key as string, '?dry_run=true');
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const q = await quote();
    let sessions = 0;
    for (let d = Date.parse('2000-01-03'); d <= Date.parse(TO); d += 86_400_000)
      if (XNYS.sessionOn(new Date(d).toISOString().slice(0, 10)) !== undefined) sessions++;
    expect(q).toEqual({
      setup: SETUP,
      tickers: tickers.length,
      sessions,
      ticker_sessions: tickers.length * sessions,
      units: Math.ceil((tickers.length * sessions) / 50_000),
      max_ticker_sessions: 20_000_000,
      within_plan: true,
    });
    expect(q.units).toBeGreaterThan(1);
    // The quota of 1 is untouched by any number of quotes, and the account has no job.
    expect((await quote()).units).toBe(q.units);
    expect((await server.platform.storage.backtests.list(poor.account.id, { limit: 10 })).length).toBe(0);
    const ok = await post({ ...body, from: FROM }, poor.key as string);
    expect(ok.statusCode, ok.body).toBe(202);
    // The quota is used up now: a quote is still answered, a backtest is not.
    expect((await quote()).units).toBe(q.units);
    await expectProblem(await post({ ...body, from: TO }, poor.key as string), 429, 'quota_exceeded');
  });

  it('bills one unit per started 50,000 ticker-sessions, all or none', async () => {
    const k = (await server.account('enterprise', { burst: 1000, quota: 3 })).key as string;
    const big = { setup: SETUP, universe: { tickers }, from: '2000-01-03', to: '2000-12-29' };
    // 12 tickers × 2000's 252 sessions = 3,024: 1 unit. From 2000 to TO: more than 50,000: 2 units.
    const two = { ...big, to: TO };
    const cost = (await post(two, k, '?dry_run=true')).json().units as number;
    expect(cost).toBe(2);
    expect((await post(two, k)).statusCode).toBe(202); // 2 of 3 used
    const refused = await post({ ...two, costs: { bps_per_side: 1 } }, k);
    await expectProblem(refused, 429, 'quota_exceeded');
    expect(refused.json()).toMatchObject({ units: 2, remaining: 1 });
    expect(refused.json().detail).toMatch(/costs 2 units and this key has 1 left of its 3/);
    // The refused one took nothing: the last unit still buys a one-unit backtest, and then none is left.
    expect((await post(big, k)).statusCode).toBe(202);
    await expectProblem(await post({ ...big, costs: { bps_per_side: 2 } }, k), 429, 'quota_exceeded');
  });

  it("refuses a backtest over the plan's tickers × sessions with the figures, and creates nothing", async () => {
    const analyst = await server.account('analyst', { burst: 1000 });
    const res = await post(
      { setup: SETUP, universe: { tickers }, from: '1980-01-02', to: TO },
      analyst.key as string,
    );
    await expectProblem(res, 422, 'backtest_too_large');
    const p = res.json();
    expect(p.max_ticker_sessions).toBe(100_000);
    expect(p.ticker_sessions).toBe(p.tickers * p.sessions);
    expect(p.ticker_sessions).toBeGreaterThan(100_000);
    expect((await server.platform.storage.backtests.list(analyst.account.id, { limit: 10 })).length).toBe(0);
  });

  it('names the field of bad input, and writes nothing', async () => {
    const before = await backtestRows();
    const base = { setup: SETUP, universe: { tickers: tickers.slice(0, 2) }, from: FROM, to: TO };
    const setup = await post({ ...base, setup: 'astrology' });
    await expectProblem(setup, 422, 'validation_failed');
    expect(setup.json().errors[0].pointer).toBe('/body/setup');
    expect(setup.json().detail).toContain('trend_pullback');
    const unknown = await post({ ...base, universe: { tickers: ['NOPE1'] } });
    await expectProblem(unknown, 422, 'unknown_ticker');
    expect(unknown.json().unknown).toEqual(['NOPE1']);
    const order = await post({ ...base, from: TO, to: FROM });
    await expectProblem(order, 422, 'validation_failed');
    expect(order.json().errors[0].pointer).toBe('/body/from');
    await expectProblem(await post({ ...base, from: '2026-02-30x' }), 422, 'validation_failed');
    await expectProblem(await post({ ...base, universe: { sector: 'Astrology' } }), 422, 'validation_failed');
    const index = await post({ ...base, universe: { index: 'point_in_time' } });
    await expectProblem(index, 422, 'validation_failed');
    expect(index.json().detail).toMatch(/no point-in-time index membership is stored/);
    await expectProblem(await post({ ...base, costs: { bps_per_side: 500 } }), 422, 'validation_failed');
    await expectProblem(await post({ ...base, extra: 1 }), 422, 'validation_failed');
    expect(await backtestRows()).toBe(before);
  });

  it('replays a sector: its instruments, sized before the job runs', async () => {
    const instruments = await server.platform.market.listInstruments();
    const sector = instruments.find((i) => i.sector !== null && i.active && i.asset_class !== 'index')
      ?.sector as string;
    const members = instruments.filter((i) => i.sector === sector && i.active && i.asset_class !== 'index');
    const res = await post({ setup: SETUP, universe: { sector: sector.toUpperCase() }, from: FROM, to: TO });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().request.tickers).toEqual(members.map((i) => i.ticker).sort());
    expect(res.json().quote.tickers).toBe(members.length);
  });

  it('same Idempotency-Key and body: the same job, unbilled; another body: 422; another account: 404', async () => {
    const body = { setup: 'breakout_volume', universe: { tickers: tickers.slice(0, 3) }, from: FROM, to: TO };
    const headers = { 'idempotency-key': `bt-${mode}` };
    const first = await post(body, key, '', headers);
    expect(first.statusCode, first.body).toBe(202);
    const again = await post(body, key, '', headers);
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().job_id).toBe(first.json().job_id);
    await expectProblem(
      await post({ ...body, to: '2026-08-28' }, key, '', headers),
      422,
      'idempotency_key_reused',
    );
    const other = (await server.account('enterprise', { burst: 1000 })).key as string;
    await expectProblem(
      await server.get(`/api/v1/backtests/${first.json().job_id}`, other),
      404,
      'not_found',
    );
    // An analysis job's id is not a backtest's (and the reverse): each route sees its own kind only.
    await expectProblem(await server.get(`/api/v1/analysis/${first.json().job_id}`, key), 404, 'not_found');
  });

  it('analyses still run on the runner and threads backtests share (one pool, one queue)', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/analysis',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ ticker: tickers[0], tier: 'Light' }),
    });
    expect(res.statusCode, res.body).toBe(202);
    let job = res.json();
    for (let i = 0; i < 10 && !['succeeded', 'failed'].includes(job.status); i++)
      job = (await server.get(`/api/v1/analysis/${job.job_id}?wait=20`, key)).json();
    expect(job.status, JSON.stringify(job.error)).toBe('succeeded');
    expect(job.report.ticker).toBe(tickers[0]);
    // Not a backtest: the backtest route does not know it.
    await expectProblem(await server.get(`/api/v1/backtests/${job.job_id}`, key), 404, 'not_found');
  }, 180_000);
});
