/**
 * Analysis jobs end to end, in both modes, on real data (Pooksoft JNJ/PFE/MRK, pandas-ta SPY): the state
 * machine, the report of every tier against docs/analysis/report.schema.json, idempotency, long-poll,
 * pagination, cancel, account isolation, billing, reuse of reports, and recovery from a worker thread
 * killed mid-job and from a process that died with a job running.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ANALYSIS_CONFIG } from '../../src/config/config.js';
import type { KyselyStorage } from '../../src/db/kysely-storage.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';
import { ingestRealBars } from '../support/real-bars.js';
import { validateReport } from './report-schema.js';

const AS_OF = new Date('2016-01-04T12:00:00Z');

describe.each(MODES)('analysis jobs (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let otherKey: string;

  const post = (body: unknown, headers: Record<string, string> = {}, k = key) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/analysis',
      headers: { authorization: `Bearer ${k}`, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
  const del = (id: string, k = key) =>
    server.app.inject({
      method: 'DELETE',
      url: `/api/v1/analysis/${id}`,
      headers: { authorization: `Bearer ${k}` },
    });
  const finished = async (id: string) => {
    for (let i = 0; i < 10; i++) {
      const res = await server.get(`/api/v1/analysis/${id}?wait=20`, key);
      expect(res.statusCode, res.body).toBe(200);
      const job = res.json();
      if (['succeeded', 'failed', 'canceled'].includes(job.status)) return job;
    }
    throw new Error(`job ${id} did not finish`);
  };

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: AS_OF });
    server = await deployment.start();
    await ingestRealBars(server.platform.market);
    // Sectors (for peers), news (for sentiment) and a ticker with too little history.
    const instruments = await server.platform.market.listInstruments();
    const short = Array.from({ length: 40 }, (_, i) => {
      const d = new Date(Date.UTC(2015, 9, 1) + i * 86_400_000);
      return { date: d.toISOString().slice(0, 10), open: 10, high: 11, low: 9, close: 10, volume: 1000 };
    }).filter((b) => ![0, 6].includes(new Date(`${b.date}T00:00:00Z`).getUTCDay()));
    await server.platform.market.write({
      source: 'test',
      instruments: [
        ...instruments
          .filter((i) => ['JNJ', 'PFE', 'MRK'].includes(i.ticker))
          .map((i) => ({ ...i, sector: 'Health Care' })),
        {
          ticker: 'NEWCO',
          name: 'New Co',
          exchange: 'XNYS',
          asset_class: 'equity',
          currency: 'USD',
          sector: null,
          calendar: 'XNYS',
          active: true,
          source: 'test',
        },
      ],
      bars: [{ ticker: 'NEWCO', bars: short }],
      news: [
        {
          id: 'n1',
          published_at: '2015-12-28T14:00:00Z',
          source: 'Wire',
          headline: 'Johnson & Johnson beats estimates and raises full-year guidance',
          tickers: ['JNJ'],
        },
        {
          id: 'n2',
          published_at: '2015-12-30T14:00:00Z',
          source: 'Wire',
          headline: 'Johnson & Johnson shares fall after a product recall',
          tickers: ['JNJ'],
        },
      ],
    });
    key = (await server.account('enterprise', { burst: 1000 })).key as string;
    otherKey = (await server.account('enterprise', { burst: 1000 })).key as string;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it.each(['Light', 'Medium', 'Full'])(
    'runs a %s analysis to a report that matches the schema',
    async (tier) => {
      const res = await post({ ticker: 'jnj', tier });
      expect(res.statusCode, res.body).toBe(202);
      const job = res.json();
      expect(job).toMatchObject({ status: 'queued', ticker: 'JNJ', tier, attempts: 0 });
      expect(job.job_id).toMatch(/^job_/);
      expect(res.headers.location).toBe(`/api/v1/analysis/${job.job_id}`);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      const done = await finished(job.job_id);
      expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
      expect(done.attempts).toBe(1);
      const ok = validateReport(done.report);
      expect(ok, JSON.stringify(validateReport.errors?.slice(0, 5))).toBe(true);
      expect(done.report.data_through).toBe('2015-12-31');
      expect(done.report).toMatchObject({
        report_version: '1.3.0',
        known_through: '2015-12-31',
        stale: false,
      });
      expect(done.report.sections.snapshot.last_date).toBe('2015-12-31');
      if (tier === 'Full') {
        expect(done.report.sections.sentiment.items).toBe(2);
        expect(done.report.sections.peers.peers.map((p: { ticker: string }) => p.ticker).sort()).toEqual([
          'MRK',
          'PFE',
        ]);
        expect(done.report.sections.risk.parameters.benchmark).toBe('SPY');
      }
    },
  );

  it('computes a report once per ticker, tier and data as-of and reuses it; Full reproduces', async () => {
    const a = await finished((await post({ ticker: 'JNJ', tier: 'Full' })).json().job_id);
    const b = await finished((await post({ ticker: 'JNJ', tier: 'Full' })).json().job_id);
    expect(a.job_id).not.toBe(b.job_id);
    expect(b.report).toEqual(a.report);
    expect(b.report.sections.scenarios.parameters.seed).toBe(a.report.sections.scenarios.parameters.seed);
  });

  it('refuses bad input with 422 problems and creates no job', async () => {
    const before = (await server.get('/api/v1/analysis?limit=100', key)).json().data.length;
    const tier = expectProblem(await post({ ticker: 'JNJ', tier: 'Deep' }), 422, 'validation_failed');
    expect(String(tier.detail)).toContain('Light, Medium, Full');
    const unknown = expectProblem(await post({ ticker: 'JNK', tier: 'Light' }), 422, 'unknown_ticker');
    expect(unknown.suggestion).toBe('JNJ');
    const short = expectProblem(await post({ ticker: 'NEWCO', tier: 'Light' }), 422, 'insufficient_history');
    expect(String(short.detail)).toMatch(/at least 260/);
    expectProblem(await post({ ticker: 'JNJ' }), 422, 'validation_failed');
    expectProblem(await post({ ticker: 'JNJ', tier: 'Light', extra: 1 }), 422, 'validation_failed');
    expect((await server.get('/api/v1/analysis?limit=100', key)).json().data.length).toBe(before);
  });

  it('matches the tier without regard to case (issue #26): `full` is Full, the same job for the same key', async () => {
    const k = `case-${mode}-${Date.now()}`;
    const lower = await post({ ticker: 'JNJ', tier: 'full' }, { 'idempotency-key': k });
    expect(lower.statusCode, lower.body).toBe(202);
    expect(lower.json().tier).toBe('Full');
    const upper = await post({ ticker: 'JNJ', tier: ' FULL ' }, { 'idempotency-key': k });
    expect(upper.statusCode, upper.body).toBe(202);
    expect(upper.json().job_id).toBe(lower.json().job_id);
    expect(upper.headers['idempotent-replayed']).toBe('true');
  });

  it('Idempotency-Key: same body → same job unbilled; other body → 422; racing duplicates → one job', async () => {
    const k = `idem-${mode}-${Date.now()}`;
    const first = await post({ ticker: 'PFE', tier: 'Light' }, { 'idempotency-key': k });
    expect(first.statusCode, first.body).toBe(202);
    const remaining = Number(first.headers['x-ratelimit-remaining']);
    const again = await post({ ticker: 'PFE', tier: 'Light' }, { 'idempotency-key': k });
    expect(again.statusCode).toBe(202);
    expect(again.json().job_id).toBe(first.json().job_id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(Number(again.headers['x-ratelimit-remaining'])).toBe(remaining);
    expectProblem(
      await post({ ticker: 'PFE', tier: 'Full' }, { 'idempotency-key': k }),
      422,
      'idempotency_key_reused',
    );
    // The key is the account's: another account may use the same string for its own job.
    const other = await post({ ticker: 'PFE', tier: 'Light' }, { 'idempotency-key': k }, otherKey);
    expect(other.statusCode).toBe(202);
    expect(other.json().job_id).not.toBe(first.json().job_id);

    // A reservation whose request (with another body) died before creating its job: the key counts as
    // reused while that request may still be in flight, and is taken over once it is a minute old.
    const auth = await server.platform.keys.authenticate(`Bearer ${key}`);
    if (!auth.ok) throw new Error('key');
    const orphaned = `orphaned-${mode}-${Date.now()}`;
    const a = server.platform.storage.analysis;
    expect(
      await a.reserveIdempotencyKey(auth.principal.account.id, orphaned, 'hash-of-a-lost-request'),
    ).toEqual({
      kind: 'reserved',
    });
    expectProblem(
      await post({ ticker: 'PFE', tier: 'Light' }, { 'idempotency-key': orphaned }),
      422,
      'idempotency_key_reused',
    );
    await (server.platform.storage as KyselyStorage).db
      .updateTable('idempotency_keys')
      .set({ created_at: '2000-01-01T00:00:00.000Z' })
      .where('key', '=', orphaned)
      .execute();
    const resumed = await post({ ticker: 'PFE', tier: 'Light' }, { 'idempotency-key': orphaned });
    expect(resumed.statusCode, resumed.body).toBe(202);
    const replayed = await post({ ticker: 'PFE', tier: 'Light' }, { 'idempotency-key': orphaned });
    expect(replayed.json().job_id).toBe(resumed.json().job_id);

    const race = `race-${mode}-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post({ ticker: 'MRK', tier: 'Light' }, { 'idempotency-key': race })),
    );
    for (const a of answers) expect([202, 409], a.body).toContain(a.statusCode);
    const ids = new Set(answers.filter((a) => a.statusCode === 202).map((a) => a.json().job_id));
    expect(ids.size).toBe(1);
    const mrk = (await server.get('/api/v1/analysis?limit=100', key))
      .json()
      .data.filter((j: { job_id: string }) => ids.has(j.job_id));
    expect(mrk).toHaveLength(1);
  });

  it('bills the submission, not the polls, the list or a cancel', async () => {
    const res = await post({ ticker: 'MRK', tier: 'Light' });
    const after = Number(res.headers['x-ratelimit-remaining']);
    const id = res.json().job_id;
    await finished(id);
    const poll = await server.get(`/api/v1/analysis/${id}`, key);
    expect(Number(poll.headers['x-ratelimit-remaining'])).toBe(after);
    const list = await server.get('/api/v1/analysis', key);
    expect(Number(list.headers['x-ratelimit-remaining'])).toBe(after);
    const next = await post({ ticker: 'MRK', tier: 'Light' });
    expect(Number(next.headers['x-ratelimit-remaining'])).toBe(after - 1);
  });

  it('lists the caller’s jobs newest first with a cursor and a status filter', async () => {
    const all = [];
    let cursor: string | null = null;
    do {
      const res = await server.get(
        `/api/v1/analysis?limit=3${cursor === null ? '' : `&cursor=${cursor}`}`,
        key,
      );
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      expect(page.data.length).toBeLessThanOrEqual(3);
      for (const j of page.data) expect(j.report).toBeUndefined();
      all.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(all.length).toBeGreaterThanOrEqual(8);
    expect(new Set(all.map((j) => j.job_id)).size).toBe(all.length);
    const created = all.map((j) => j.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    const succeeded = (await server.get('/api/v1/analysis?status=succeeded&limit=100', key)).json().data;
    expect(succeeded.length).toBeGreaterThan(0);
    for (const j of succeeded) expect(j.status).toBe('succeeded');
    expectProblem(await server.get('/api/v1/analysis?cursor=nonsense', key), 422, 'validation_failed');
    expectProblem(await server.get('/api/v1/analysis?status=done', key), 422, 'validation_failed');
  });

  it('cancels a queued job, refuses to cancel a finished one, and hides jobs from other accounts', async () => {
    const principal = await server.platform.keys.authenticate(`Bearer ${key}`);
    expect(principal.ok).toBe(true);
    if (!principal.ok) return;
    // A queued job that no runner has picked up yet (created without enqueueing).
    const queued = await server.platform.storage.analysis.create({
      id: `job_cancel${mode}${Date.now()}`,
      account_id: principal.principal.account.id,
      key_id: principal.principal.key_id,
      ticker: 'JNJ',
      tier: 'Light',
    });
    const res = await del(queued.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('canceled');
    expect((await del(queued.id)).json().status).toBe('canceled');
    expect((await server.get(`/api/v1/analysis/${queued.id}?wait=1`, key)).json().status).toBe('canceled');

    const done = await finished((await post({ ticker: 'JNJ', tier: 'Light' })).json().job_id);
    expectProblem(await del(done.job_id), 409, 'conflict');
    expectProblem(await server.get(`/api/v1/analysis/${done.job_id}`, otherKey), 404, 'not_found');
    expectProblem(await del(done.job_id, otherKey), 404, 'not_found');
    const theirs = (await server.get('/api/v1/analysis?limit=100', otherKey)).json().data;
    expect(theirs.some((j: { job_id: string }) => j.job_id === done.job_id)).toBe(false);
  });

  it('long-polls: wait returns as soon as the job ends', async () => {
    const id = (await post({ ticker: 'PFE', tier: 'Medium' })).json().job_id;
    const t0 = Date.now();
    const res = await server.get(`/api/v1/analysis/${id}?wait=20`, key);
    expect(res.json().status).toBe('succeeded');
    expect(Date.now() - t0).toBeLessThan(15_000);
    expectProblem(await server.get(`/api/v1/analysis/${id}?wait=21`, key), 422, 'validation_failed');
  });

  it('fences every write of an attempt by its number: an attempt whose lease was taken over changes nothing', async () => {
    // A deployment of its own without a runner, so nothing but this test moves the job.
    const quiet = await Deployment.create(mode);
    const platform = await quiet.openPlatform();
    try {
      const a = platform.storage.analysis;
      const job = await a.create({
        id: 'job_fence',
        account_id: 'acc_fence',
        key_id: 'key_fence',
        ticker: 'JNJ',
        tier: 'Light',
      });
      // Attempt 1's lease runs out; attempt 2 claims the job.
      expect((await a.claim(job.id, '2000-01-01T00:00:00.000Z'))?.attempts).toBe(1);
      const error = { code: 'interrupted' };
      expect(await a.recoverExpired('2000-01-01T00:00:01.000Z', 3, error)).toEqual({
        requeued: [job.id],
        failed: [],
      });
      expect((await a.claim(job.id, '2999-01-01T00:00:00.000Z'))?.attempts).toBe(2);
      expect(await a.renewLease(job.id, 1, '2999-01-02T00:00:00.000Z')).toBe(false);
      expect(await a.requeue(job.id, 1)).toBe(false);
      expect(await a.fail(job.id, 1, { code: 'stale' })).toBe(false);
      expect(await a.succeed(job.id, 1, 'rpt_stale', '{}')).toBe(false);
      expect(await a.renewLease(job.id, 2, '2999-01-02T00:00:00.000Z')).toBe(true);
      expect(await a.fail(job.id, 2, { code: 'done' })).toBe(true);
      expect(await a.get('acc_fence', job.id)).toMatchObject({
        status: 'failed',
        attempts: 2,
        error: { code: 'done' },
      });
    } finally {
      await platform.close();
      await quiet.destroy();
    }
  });

  it('purges finished jobs after the retention period and keeps the rest', async () => {
    const quiet = await Deployment.create(mode);
    const platform = await quiet.openPlatform();
    try {
      const a = platform.storage.analysis;
      const make = (id: string) =>
        a.create({ id, account_id: 'acc_purge', key_id: 'key_purge', ticker: 'JNJ', tier: 'Light' });
      await make('job_done');
      await make('job_waiting');
      const claimed = await a.claim('job_done', '2999-01-01T00:00:00.000Z');
      expect(await a.fail('job_done', claimed?.attempts as number, { code: 'x' })).toBe(true);
      const finishedAt = (await a.get('acc_purge', 'job_done'))?.finished_at as string;
      // A cut-off before the job finished keeps it; one after it removes it, never the queued one.
      expect((await a.purge('2000-01-01T00:00:00.000Z', '2000-01-01T00:00:00.000Z')).jobs).toBe(0);
      const later = new Date(Date.parse(finishedAt) + 1000).toISOString();
      expect((await a.purge(later, '2000-01-01T00:00:00.000Z')).jobs).toBe(1);
      expect(await a.get('acc_purge', 'job_done')).toBeUndefined();
      expect(await a.get('acc_purge', 'job_waiting')).toMatchObject({ status: 'queued' });
    } finally {
      await platform.close();
      await quiet.destroy();
    }
  });

  it('recovers a job left running by a process that died, then one whose worker thread is killed mid-job', async () => {
    const principal = await server.platform.keys.authenticate(`Bearer ${key}`);
    if (!principal.ok) throw new Error('key');
    let a = server.platform.storage.analysis;
    const orphan = await a.create({
      id: `job_orphan${mode}${Date.now()}`,
      account_id: principal.principal.account.id,
      key_id: principal.principal.key_id,
      ticker: 'SPY',
      tier: 'Light',
    });
    const expiredLease = new Date(AS_OF.getTime() - 1000).toISOString();
    // Claimed by a "process" whose lease has already run out, which then died.
    expect(await a.claim(orphan.id, expiredLease)).toBeDefined();
    await server.close();
    // While no runner is up: a job whose process died on each of its three attempts (the last one
    // still marked running).
    const offline = await deployment.openPlatform();
    const poison = { ...orphan, id: `job_poison${mode}${Date.now()}` };
    try {
      const o = offline.storage.analysis;
      await o.create(poison);
      for (let attempt = 1; attempt <= 3; attempt++) {
        // Leases that ran out before the orphan's, recovered by a cut-off the orphan's lease is past.
        expect((await o.claim(poison.id, new Date(AS_OF.getTime() - 10_000).toISOString()))?.attempts).toBe(
          attempt,
        );
        if (attempt < 3)
          expect(await o.recoverExpired(new Date(AS_OF.getTime() - 5000).toISOString(), 3, {})).toEqual({
            requeued: [poison.id],
            failed: [],
          });
      }
    } finally {
      await offline.close();
    }
    server = await deployment.start();
    a = server.platform.storage.analysis;
    const recovered = await finished(orphan.id);
    expect(recovered.status).toBe('succeeded');
    expect(recovered.attempts).toBe(2);
    // Not a fourth time: it fails with a problem that says why.
    const gaveUp = await server.get(`/api/v1/analysis/${poison.id}`, key);
    expect(gaveUp.json()).toMatchObject({ status: 'failed', error: { code: 'internal_error', status: 500 } });
    expect(gaveUp.json().error.detail).toMatch(/interrupted 3 times/);
    expect((await a.get(poison.account_id, poison.id))?.attempts).toBe(3);

    // Kill the worker threads while a job is running its first attempt, until one attempt dies with them.
    let crashed = false;
    for (const [ticker, tier] of [
      ['SPY', 'Full'],
      ['PFE', 'Full'],
      ['MRK', 'Full'],
      ['SPY', 'Medium'],
    ]) {
      const id = (await post({ ticker, tier })).json().job_id;
      for (;;) {
        const job = await a.get(principal.principal.account.id, id);
        if (job === undefined || job.status === 'succeeded' || job.status === 'failed' || job.attempts >= 2)
          break;
        if (job.status === 'running') await Promise.all(server.app.jobs.threads.map((t) => t.terminate()));
        await new Promise((r) => setTimeout(r, 2));
      }
      const done = await finished(id);
      expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
      expect(validateReport(done.report)).toBe(true);
      if (done.attempts >= 2) {
        crashed = true;
        break;
      }
    }
    expect(crashed, 'no attempt was interrupted by killing its worker').toBe(true);
  }, 120_000);
});

describe.each(MODES)('analysis queue limit (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let others: string[];

  beforeAll(async () => {
    // No threads: nothing takes jobs off the queue, so it fills.
    deployment = await Deployment.create(mode, {
      asOf: AS_OF,
      analysis: { ...DEFAULT_ANALYSIS_CONFIG, threads: 0, queueLimit: 2 },
    });
    server = await deployment.start();
    await ingestRealBars(server.platform.market);
    key = (await server.account('enterprise', { burst: 1000 })).key as string;
    // One account may hold a fifth of the queue (here 1 of 2), so filling it takes several accounts.
    others = [
      (await server.account('enterprise')).key as string,
      (await server.account('enterprise')).key as string,
    ];
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('answers 503 with Retry-After when the queue is full, and creates no job', async () => {
    const post = (ticker: string, as = key) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/analysis',
        headers: { authorization: `Bearer ${as}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ ticker, tier: 'Light' }),
      });
    expect((await post('JNJ')).statusCode).toBe(202);
    expect((await post('PFE', others[0])).statusCode).toBe(202);
    const full = await post('MRK', others[1]);
    expectProblem(full, 503, 'service_unavailable');
    expect(Number(full.headers['retry-after'])).toBeGreaterThan(0);
    const listed = async (as: string) =>
      (await server.get('/api/v1/analysis', as))
        .json()
        .data.map((j: { ticker: string; status: string }) => [j.ticker, j.status]);
    expect(await listed(key)).toEqual([['JNJ', 'queued']]);
    expect(await listed(others[0] as string)).toEqual([['PFE', 'queued']]);
    expect(await listed(others[1] as string)).toEqual([]);
  });
});
