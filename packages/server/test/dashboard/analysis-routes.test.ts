/**
 * The dashboard's analysis routes for the reports page (issue #26), both modes: the account's past jobs
 * (GET /dashboard/api/analysis) are the API's list behind the dashboard's door — newest first, paged by
 * cursor, only the account's own, entitled like GET /api/v1/analysis and, like it, never billed — and a
 * finished job says when its report was computed and whether it was reused, on a service clock that runs
 * "as of" a past instant while the storage stamps real time.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportProvenance } from '../../src/dashboard/report-provenance.js';
import { newId } from '../../src/db/ids.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

const PASSWORD = 'a long enough password';
/** Two days before the machine's time at least: the service clock and the storage's real time differ. */
const AS_OF = new Date('2026-11-25T15:00:00Z');

describe('report provenance', () => {
  const created_at = '2026-11-27T10:00:00.000Z';
  const real = Date.parse('2026-11-27T10:00:05.000Z');

  it('calls a report computed after its job was asked for fresh, on one clock', () => {
    expect(reportProvenance({ as_of: '2026-11-27T10:00:00.200Z' }, { created_at }, real, real)).toEqual({
      computed_at: '2026-11-27T10:00:00.200Z',
      reused: false,
    });
  });

  it('calls a report computed an hour before its job was asked for reused', () => {
    expect(reportProvenance({ as_of: '2026-11-27T09:00:00.000Z' }, { created_at }, real, real)).toEqual({
      computed_at: '2026-11-27T09:00:00.000Z',
      reused: true,
    });
  });

  it('moves the job onto a service clock two days behind real time before comparing', () => {
    const service = real - 2 * 86_400_000;
    expect(
      reportProvenance({ as_of: '2026-11-25T10:00:00.300Z' }, { created_at }, service, real)?.reused,
    ).toBe(false);
    expect(
      reportProvenance({ as_of: '2026-11-25T09:59:50.000Z' }, { created_at }, service, real)?.reused,
    ).toBe(true);
  });

  it('does not call a report reused within the clocks’ margin of a second, nor one without an instant', () => {
    expect(reportProvenance({ as_of: '2026-11-27T09:59:59.500Z' }, { created_at }, real, real)?.reused).toBe(
      false,
    );
    expect(reportProvenance({ sections: {} }, { created_at }, real, real)).toBeUndefined();
    expect(reportProvenance('not a report', { created_at }, real, real)).toBeUndefined();
  });
});

describe.each(MODES)('dashboard analysis routes (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let addresses = 0;

  /** A signed-in user of a new account on `plan` (from an address of its own: sign-ins are throttled). */
  const signedIn = async (plan: string) => {
    const email = `an-${randomBytes(4).toString('hex')}@example.test`;
    const made = await server.account(plan, { burst: 1_000, email, password: PASSWORD });
    const res = await server.app.inject({
      method: 'POST',
      url: '/dashboard/api/session',
      remoteAddress: `10.9.0.${++addresses}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = String(res.headers['set-cookie']).split(';')[0] as string;
    const get = (url: string) => server.app.inject({ url: `/dashboard/api${url}`, headers: { cookie } });
    return { account: made.account.id, get };
  };

  /** A job of `account` that finished with a report computed at `as_of` (the runner never sees it). */
  const finishedJob = async (account: string, as_of: string) => {
    const a = server.platform.storage.analysis;
    const job = await a.create({
      id: newId('job'),
      account_id: account,
      key_id: 'test',
      ticker: 'ACME',
      tier: 'Light',
    });
    const claimed = await a.claim(job.id, new Date(Date.now() + 3_600_000).toISOString());
    expect(claimed).toBeDefined();
    const report = { ticker: 'ACME', tier: 'Light', as_of, sections: {} };
    expect(
      await a.succeed(
        job.id,
        claimed?.attempts ?? 1,
        `rpt_${randomBytes(16).toString('hex')}`,
        JSON.stringify(report),
      ),
    ).toBe(true);
    return job.id;
  };

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: AS_OF });
    server = await deployment.start();
  });
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('lists the account’s own jobs newest first, a page at a time, and refuses a cursor it did not issue', async () => {
    const me = await signedIn('growth');
    const other = await signedIn('growth');
    const now = () => server.platform.clock.now().toISOString();
    const mine = [];
    for (let i = 0; i < 3; i++) mine.push(await finishedJob(me.account, now()));
    await finishedJob(other.account, now());
    const expected = (await server.platform.storage.analysis.list(me.account, { limit: 10 })).map(
      (j) => j.id,
    );
    expect([...expected].sort()).toEqual([...mine].sort());

    const first = await me.get('/analysis?limit=2');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const page1 = first.json() as { data: { job_id: string; report?: unknown }[]; next_cursor: string };
    expect(page1.data.map((j) => j.job_id)).toEqual(expected.slice(0, 2));
    expect(page1.data.every((j) => j.report === undefined)).toBe(true);
    const second = await me.get(`/analysis?limit=2&cursor=${encodeURIComponent(page1.next_cursor)}`);
    expect(second.json()).toMatchObject({ data: [{ job_id: expected[2] }], next_cursor: null });

    expectProblem(await me.get('/analysis?cursor=bm90LWEtY3Vyc29y'), 422, 'validation_failed');
    expectProblem(await me.get('/analysis?limit=0'), 422, 'validation_failed');
  });

  it('lists jobs entitled like GET /api/v1/analysis and, like it, unbilled', async () => {
    const me = await signedIn('growth');
    const used = async () => ((await me.get('/usage')).json() as { used: number }).used;
    const before = await used();
    for (let i = 0; i < 3; i++) expect((await me.get('/analysis')).statusCode).toBe(200);
    expect(await used()).toBe(before);
    // The meter does count: a billed dashboard call (the cards) adds one.
    expect((await me.get('/cards')).statusCode).toBe(200);
    expect(await used()).toBe(before + 1);
    expectProblem(await (await signedIn('starter')).get('/analysis'), 403, 'plan_required');
    expectProblem(await server.app.inject({ url: '/dashboard/api/analysis' }), 401, 'sign_in_required');
  });

  it('says when a finished job’s report was computed, and whether before the job was asked for', async () => {
    const me = await signedIn('growth');
    const service = server.platform.clock.now().getTime();
    const fresh = await finishedJob(me.account, new Date(service + 100).toISOString());
    const earlier = new Date(service - 3_600_000).toISOString();
    const reused = await finishedJob(me.account, earlier);
    expect((await me.get(`/analysis/${fresh}`)).json()).toMatchObject({ status: 'succeeded', reused: false });
    expect((await me.get(`/analysis/${reused}`)).json()).toMatchObject({
      status: 'succeeded',
      computed_at: earlier,
      reused: true,
    });
  });
});
