/**
 * The dashboard's bars route as the report viewer calls it: the report's adjustment and as-of select the
 * bars its levels were computed on (never beyond the service clock); bad parameters are 422 problems.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

const AS_OF = new Date('2026-11-20T22:00:00Z');
const PASSWORD = 'a long enough password';
/** Two weeks of ACME at 100, split 2-for-1 on 2026-11-09 (the same company then trades at 50). */
const DATES = ['02', '03', '04', '05', '06', '09', '10', '11', '12', '13'].map((d) => `2026-11-${d}`);

describe.each(MODES)('dashboard bars for the report chart (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let cookie: string;
  const bars = (query: string) =>
    server.app.inject({ url: `/dashboard/api/bars/ACME${query}`, headers: { cookie } });

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: AS_OF });
    server = await deployment.start();
    await server.platform.market.write({
      source: 'test',
      instruments: [
        {
          ticker: 'ACME',
          name: 'Acme',
          exchange: 'XNYS',
          asset_class: 'equity',
          currency: 'USD',
          sector: null,
          calendar: 'XNYS',
          active: true,
          source: 'test',
        },
      ],
      bars: [
        {
          ticker: 'ACME',
          bars: DATES.map((date) => {
            const p = date < '2026-11-09' ? 100 : 50;
            return { date, open: p, high: p + 1, low: p - 1, close: p, volume: 1000 };
          }),
        },
      ],
      actions: [{ ticker: 'ACME', actions: [{ date: '2026-11-09', kind: 'split', value: 2 }] }],
    });
    await server.account('growth', { email: 'bars@example.test', password: PASSWORD });
    const res = await server.app.inject({
      method: 'POST',
      url: '/dashboard/api/session',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'bars@example.test', password: PASSWORD }),
    });
    cookie = String(res.headers['set-cookie']).split(';')[0] as string;
  });
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('answers raw bars by default and the adjustment asked for', async () => {
    const raw = (await bars('')).json();
    expect(raw.bars.map((b: { time: string }) => b.time)).toEqual(DATES);
    expect(raw.bars[0]).toEqual({
      time: '2026-11-02',
      open: 100,
      high: 101,
      low: 99,
      close: 100,
      volume: 1000,
    });
    const split = (await bars('?adjustment=split')).json();
    expect(split.bars[0]).toMatchObject({ time: '2026-11-02', close: 50, volume: 2000 });
    expect(split.bars.at(-1)).toMatchObject({ time: '2026-11-13', close: 50, volume: 1000 });
  });

  it('answers the bars known at as_of, never beyond the service clock', async () => {
    const then = (await bars('?adjustment=split&as_of=2026-11-06T22:00:00Z')).json();
    expect(then.bars.map((b: { time: string }) => b.time)).toEqual(DATES.slice(0, 5));
    // As of before the split, nothing is adjusted yet: the report saw 100s.
    expect(then.bars[0]).toMatchObject({ close: 100 });
    const future = (await bars('?as_of=2030-01-01T00:00:00Z')).json();
    expect(future.bars.map((b: { time: string }) => b.time)).toEqual(DATES);
  });

  it('refuses an unknown adjustment or an unreadable as_of with a problem naming the parameter', async () => {
    const adjustment = expectProblem(await bars('?adjustment=dividends'), 422, 'validation_failed');
    expect(adjustment.errors).toEqual([
      { pointer: '/query/adjustment', detail: 'must be raw, split or split_div' },
    ]);
    const detail = 'must be an ISO-8601 instant with Z or an offset, from 1800 on';
    // Extended years and rolled-over dates are refused like words (the first was a 500: calendar arithmetic).
    for (const odd of ['yesterday', '-271821-04-20T00:00:00Z', '2026-02-30T00:00:00Z', '2026-01-05T10:00:00'])
      expect(expectProblem(await bars(`?as_of=${odd}`), 422, 'validation_failed').errors).toEqual([
        { pointer: '/query/as_of', detail },
      ]);
    expectProblem(
      await server.app.inject({ url: '/dashboard/api/bars/ACME?adjustment=split' }),
      401,
      'sign_in_required',
    );
  });
});
