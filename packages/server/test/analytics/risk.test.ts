/**
 * /analytics/risk on real data (Pooksoft JNJ, pandas-ta SPY as the benchmark), both modes: the served
 * values are the engine's own for the same returns, benchmark metrics use the date-aligned benchmark, and
 * nulls carry a reason.
 */
import { computeRiskMetrics, RISK_METRICS, simpleReturns } from '@bellwether/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';
import { ingestRealBars } from '../support/real-bars.js';

const AS_OF = new Date('2016-01-04T12:00:00Z');

describe.each(MODES)('GET /api/v1/analytics/risk (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: AS_OF });
    server = await deployment.start();
    await ingestRealBars(server.platform.market, ['JNJ']);
    key = (await server.account('enterprise', { burst: 1000 })).key as string;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('serves the engine’s metrics for the window, against SPY by default', async () => {
    const res = await server.get(
      '/api/v1/analytics/risk?ticker=JNJ&from=2014-01-02&to=2015-12-31&confidence=0.99&risk_free=0.02',
      key,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const r = body.results[0];
    expect(r).toMatchObject({ ticker: 'JNJ', benchmark: 'SPY', from: '2014-01-02', to: '2015-12-31' });
    expect(r.metrics).toHaveLength(36);

    const q = { asOf: AS_OF, adjustment: 'split_div' as const, from: '2014-01-02', to: '2015-12-31' };
    const jnj = await server.platform.market.getDailySeries('JNJ', q);
    const spy = await server.platform.market.getDailySeries('SPY', q);
    expect(jnj?.dates).toEqual(spy?.dates);
    const expected = computeRiskMetrics(
      {
        returns: simpleReturns(jnj?.close as Float64Array).subarray(1),
        benchmark: simpleReturns(spy?.close as Float64Array).subarray(1),
        riskFree: 0.02 / 252,
      },
      { confidence: 0.99, periods_per_year: 252, method: 'historical' },
    );
    expect(r.observations).toBe((jnj?.close.length as number) - 1);
    for (const m of r.metrics) {
      const want = expected[m.code] as number;
      if (Number.isFinite(want)) expect(m.value, m.code).toBe(want);
      else expect([m.value, typeof m.reason], m.code).toEqual([null, 'string']);
    }
  });

  it('names the drawdown peak, trough and recovery by their sessions, which the closes confirm (issue #26)', async () => {
    const res = await server.get(
      '/api/v1/analytics/risk?ticker=JNJ&from=2014-01-02&to=2015-12-31&metrics=max_drawdown,max_drawdown_peak,max_drawdown_trough,max_drawdown_recovery',
      key,
    );
    expect(res.statusCode, res.body).toBe(200);
    const byCode = Object.fromEntries(
      (res.json().results[0].metrics as { code: string; value: number; date?: string | null }[]).map((m) => [
        m.code,
        m,
      ]),
    );
    const { max_drawdown: depth, max_drawdown_peak: peak, max_drawdown_trough: trough } = byCode;
    expect(depth?.date).toBeUndefined();
    expect(peak?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(trough?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((peak?.date as string) < (trough?.date as string)).toBe(true);
    const jnj = await server.platform.market.getDailySeries('JNJ', {
      asOf: AS_OF,
      adjustment: 'split_div',
      from: '2014-01-02',
      to: '2015-12-31',
    });
    const dates = jnj?.dates as string[];
    const close = jnj?.close as Float64Array;
    const at = (d: string) => close[dates.indexOf(d)] as number;
    // The fall from the peak's close to the trough's close is the maximum drawdown, and no close between
    // them is above the peak's.
    expect(at(trough?.date as string) / at(peak?.date as string) - 1).toBeCloseTo(depth?.value as number, 12);
    const between = dates.filter((d) => d > (peak?.date as string) && d <= (trough?.date as string));
    expect(between.every((d) => at(d) <= at(peak?.date as string))).toBe(true);
    // Recovered: the first close back at the peak's after the trough; not recovered: no day.
    const recovery = byCode.max_drawdown_recovery;
    const back = dates.find((d) => d > (trough?.date as string) && at(d) >= at(peak?.date as string));
    expect(recovery?.date ?? null).toBe(back ?? null);
  });

  it('benchmark=none leaves the benchmark metrics null with a reason; unknown metrics are 422s with pointers', async () => {
    const res = await server.get('/api/v1/analytics/risk?ticker=JNJ&benchmark=none&metrics=sharpe,beta', key);
    expect(res.statusCode, res.body).toBe(200);
    const [sharpe, beta] = res.json().results[0].metrics;
    expect(typeof sharpe.value).toBe('number');
    expect(beta).toMatchObject({
      code: 'beta',
      value: null,
      reason: expect.stringMatching(/needs a benchmark/),
    });

    // The ticker as its own benchmark: the reason says so, not that a benchmark is missing.
    const self = await server.get('/api/v1/analytics/risk?ticker=JNJ&benchmark=JNJ&metrics=beta', key);
    expect(self.json().results[0].metrics[0]).toMatchObject({
      value: null,
      reason: 'the ticker is the benchmark (JNJ); name another with benchmark=',
    });

    const bad = await server.get('/api/v1/analytics/risk?ticker=JNJ&metrics=sharpe,sharp', key);
    expectProblem(bad, 422, 'validation_failed');
    expect(bad.json().errors).toEqual([
      { pointer: '/query/metrics/1', detail: 'unknown metric "sharp"; did you mean "sharpe"?' },
    ]);
    expectProblem(
      await server.get('/api/v1/analytics/risk?ticker=JNJ&confidence=2', key),
      422,
      'validation_failed',
    );
    expectProblem(
      await server.get('/api/v1/analytics/risk?ticker=JNJ&benchmark=SPYY', key),
      422,
      'unknown_ticker',
    );
  });

  it('asks "did you mean" for a misspelt metric, names the metrics when none is close, and bills nothing (issue #26)', async () => {
    const used = async () => (await server.get('/api/v1/account', key)).json().limits.quota.used as number;
    const before = await used();
    const typo = await server.get('/api/v1/analytics/risk?ticker=JNJ&metrics=sortino,Sharp,max_drawdwn', key);
    const problem = expectProblem(typo, 422, 'validation_failed');
    expect(problem.errors).toEqual([
      { pointer: '/query/metrics/1', detail: 'unknown metric "sharp"; did you mean "sharpe"?' },
      { pointer: '/query/metrics/2', detail: 'unknown metric "max_drawdwn"; did you mean "max_drawdown"?' },
    ]);
    expect(problem.suggestion).toBe('sharpe');
    expect(problem.detail).toContain('/query/metrics/1 unknown metric "sharp"; did you mean "sharpe"?');

    const far = expectProblem(
      await server.get('/api/v1/analytics/risk?ticker=JNJ&metrics=volatility_of_luck', key),
      422,
      'validation_failed',
    );
    expect(far.errors).toEqual([
      {
        pointer: '/query/metrics/0',
        detail: `unknown metric "volatility_of_luck" (one of ${RISK_METRICS.map((m) => m.code).join(', ')})`,
      },
    ]);
    expect(far.suggestion).toBeUndefined();
    expect(await used()).toBe(before);
  });
});
