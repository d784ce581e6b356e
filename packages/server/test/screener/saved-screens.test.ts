/**
 * Saved screens, both storage modes: managing them (validation as /screener, account scoping, the cap,
 * entitlement, not billed), running one (the same answer as /screener, billed), and the evaluation after
 * each session close: the first sets the members without events, the next tells exactly the tickers that
 * entered and left — the difference between /screener's matches on the two sessions — once, however many
 * evaluations run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateSavedScreens } from '../../src/screens/evaluate-saved-screens.js';
import { savedScreensDeps } from '../../src/screens/saved-screens-deps.js';
import { AS_OF, seedDiscoveryMarket } from '../discovery/support/discovery-market.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

const TICKERS = ['AAPL', 'AMD', 'BA', 'CAT', 'JNJ', 'KO', 'MSFT', 'NVDA', 'PFE', 'T', 'WMT', 'XOM'];
const enc = encodeURIComponent;
const WHERE = 'close > sma(5)';
/** Changes from one session to the next for some of the twelve: a test of a real difference. */
const UP_DAY = 'close > open';

describe.each(MODES)('saved screens (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let accountId: string;
  const send = (method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, body?: unknown, k = key) =>
    server.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${k}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: AS_OF });
    server = await deployment.start();
    await seedDiscoveryMarket(server.platform.market, TICKERS);
    const made = await server.account('growth', { quota: 10_000, burst: 1000 });
    key = made.key as string;
    accountId = (made.account as { id: string }).id;
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('are created, read, renamed, changed and deleted, checked as /screener checks a screen', async () => {
    const created = await send('POST', '/api/v1/screens', { name: ' Dips ', where: WHERE, tickers: TICKERS });
    expect(created.statusCode, created.body).toBe(201);
    const s = created.json();
    expect(created.headers.location).toBe(`/api/v1/screens/${s.id}`);
    expect(s).toMatchObject({
      name: 'Dips',
      where: WHERE,
      sort: null,
      adjust: 'split_div',
      tickers: TICKERS,
      members: null,
    });
    expect((await send('GET', '/api/v1/screens')).json().data.map((x: { id: string }) => x.id)).toContain(
      s.id,
    );
    expect((await send('GET', `/api/v1/screens/${s.id}`)).json()).toEqual(s);
    const renamed = await send('PATCH', `/api/v1/screens/${s.id}`, { name: 'Dips 2' });
    expect(renamed.json()).toMatchObject({ name: 'Dips 2', where: WHERE });
    const changed = await send('PATCH', `/api/v1/screens/${s.id}`, { sort: '-rsi(14)' });
    expect(changed.json()).toMatchObject({ where: WHERE, sort: '-rsi(14)' });

    const bad = await send('POST', '/api/v1/screens', { name: 'x', where: 'rsx(14) < 30' });
    expect(expectProblem(bad, 422, 'validation_failed').errors).toEqual([
      expect.objectContaining({ pointer: '/body/where', token: 'rsx', suggestion: 'rsi' }),
    ]);
    const badPatch = await send('PATCH', `/api/v1/screens/${s.id}`, { sort: '-smaa(3)' });
    expect(expectProblem(badPatch, 422, 'validation_failed').errors).toEqual([
      expect.objectContaining({ pointer: '/body/sort', token: 'smaa' }),
    ]);
    expectProblem(
      await send('POST', '/api/v1/screens', { name: 'x', where: WHERE, tickers: ['APPL'] }),
      422,
      'unknown_ticker',
    );
    expectProblem(
      await send('POST', '/api/v1/screens', { name: 'x', where: WHERE, extra: 1 }),
      422,
      'validation_failed',
    );

    // Another account sees none of it.
    const other = (await server.account('growth')).key as string;
    expectProblem(await send('GET', `/api/v1/screens/${s.id}`, undefined, other), 404, 'not_found');
    expectProblem(await send('DELETE', `/api/v1/screens/${s.id}`, undefined, other), 404, 'not_found');
    expect((await send('GET', '/api/v1/screens', undefined, other)).json().data).toEqual([]);

    expect((await send('DELETE', `/api/v1/screens/${s.id}`)).json()).toEqual({ id: s.id, deleted: true });
    expectProblem(await send('GET', `/api/v1/screens/${s.id}`), 404, 'not_found');
  });

  it('are kept at most 50 per account, and need the screener in the plan', async () => {
    const k = (await server.account('pro_api', { quota: 10_000, burst: 1000 })).key as string;
    for (let i = 0; i < 50; i++)
      expect(
        (await send('POST', '/api/v1/screens', { name: `s${i}`, where: 'close > 0' }, k)).statusCode,
      ).toBe(201);
    expectProblem(
      await send('POST', '/api/v1/screens', { name: 'one more', where: 'close > 0' }, k),
      409,
      'conflict',
    );
    const starter = (await server.account('starter')).key as string;
    expectProblem(await send('GET', '/api/v1/screens', undefined, starter), 403, 'plan_required');
  });

  it('run on request as /screener runs them; running is billed, managing is not', async () => {
    const k = (await server.account('growth', { quota: 100, burst: 1000 })).key as string;
    const left = (res: { headers: Record<string, unknown> }) => Number(res.headers['x-ratelimit-remaining']);
    const made = await send(
      'POST',
      '/api/v1/screens',
      { name: 'm', where: WHERE, sort: '-roc(20)', tickers: TICKERS },
      k,
    );
    expect(left(made)).toBe(100);
    const run = await send('GET', `/api/v1/screens/${made.json().id}/results?limit=5`, undefined, k);
    expect(run.statusCode, run.body).toBe(200);
    expect(left(run)).toBe(99);
    const direct = await send(
      'GET',
      `/api/v1/screener?where=${enc(WHERE)}&sort=${enc('-roc(20)')}&tickers=${TICKERS.join(',')}&limit=5`,
      undefined,
      k,
    );
    const { as_of: _a, screen_id, name, ...fromSaved } = run.json();
    const { as_of: _b, ...fromScreener } = direct.json();
    expect(screen_id).toBe(made.json().id);
    expect(name).toBe('m');
    expect(fromSaved).toEqual(fromScreener);
  });

  it('take the limit /screener takes: a run without one returns the saved limit, a run with one its own (#49)', async () => {
    const where = 'close > 0';
    const made = await send('POST', '/api/v1/screens', { name: 'top3', where, tickers: TICKERS, limit: 3 });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().limit).toBe(3);
    const run = (q = '') => send('GET', `/api/v1/screens/${made.json().id}/results${q}`);
    expect((await run()).json().count).toBe(3);
    expect((await run('?limit=5')).json().count).toBe(5);
    const cleared = await send('PATCH', `/api/v1/screens/${made.json().id}`, { limit: null });
    expect(cleared.json().limit).toBeNull();
    expect((await run()).json().count).toBe(TICKERS.length);
    expectProblem(
      await send('POST', '/api/v1/screens', { name: 'x', where, limit: 501 }),
      422,
      'validation_failed',
    );
  });

  it('tell the tickers that entered and left between two sessions, once', async () => {
    const made = await send('POST', '/api/v1/screens', { name: 'trend', where: UP_DAY, tickers: TICKERS });
    const id = made.json().id as string;
    const deps = savedScreensDeps(server.platform);
    const head = await server.platform.storage.events.head();

    // First evaluation, as of Tuesday noon (last close Monday 2014-06-09): members, no events.
    const first = await evaluateSavedScreens({ ...deps, now: () => AS_OF });
    expect(first.session).toBe('2014-06-09');
    const matchesOn = async (date: string) =>
      (
        await send(
          'GET',
          `/api/v1/screener?where=${enc(UP_DAY)}&tickers=${TICKERS.join(',')}&date=${date}&limit=500`,
        )
      )
        .json()
        .data.map((m: { ticker: string }) => m.ticker) as string[];
    const monday = await matchesOn('2014-06-09');
    expect((await send('GET', `/api/v1/screens/${id}`)).json()).toMatchObject({
      members: [...monday].sort(),
      members_session: '2014-06-09',
    });
    const mine = async () =>
      (await server.platform.storage.events.listForAccount(accountId, head, 1000)).filter(
        (e) => (e.data as { screen_id?: string }).screen_id === id,
      );
    expect(await mine()).toEqual([]);

    // After Tuesday's close: an instance over the same stores whose clock stands on Wednesday. Evaluated
    // twice at once (two instances): recorded once.
    const later = new Date('2014-06-11T12:00:00Z');
    const wednesday = await deployment.start(later);
    try {
      const laterDeps = savedScreensDeps(wednesday.platform);
      const [a, b] = await Promise.all([
        evaluateSavedScreens(laterDeps),
        evaluateSavedScreens({ ...deps, now: () => later }),
      ]);
      expect(a.session).toBe('2014-06-10');
      const tuesdayRes = await wednesday.get(
        `/api/v1/screener?where=${enc(UP_DAY)}&tickers=${TICKERS.join(',')}&limit=500`,
        key,
      );
      const tuesday = tuesdayRes.json().data.map((m: { ticker: string }) => m.ticker) as string[];
      expect(tuesdayRes.json().data.every((m: { date: string }) => m.date === '2014-06-10')).toBe(true);
      const entered = tuesday.filter((t) => !monday.includes(t)).sort();
      const leftTickers = monday.filter((t) => !tuesday.includes(t)).sort();
      // The data move: this is not a test of an empty difference.
      expect(entered.length + leftTickers.length).toBeGreaterThan(0);
      const events = await mine();
      expect(
        events.filter((e) => e.type === 'screen.entered').map((e) => (e.data as { ticker: string }).ticker),
      ).toEqual(entered);
      expect(
        events.filter((e) => e.type === 'screen.left').map((e) => (e.data as { ticker: string }).ticker),
      ).toEqual(leftTickers);
      for (const e of events) {
        expect(e.account_id).toBe(accountId);
        expect(e.data).toMatchObject({ screen_id: id, screen_name: 'trend', session: '2014-06-10' });
        if (e.type === 'screen.left') expect(e.data).toMatchObject({ reason: 'condition_false' });
        const values = (e.data as { values: Record<string, number> }).values;
        expect(Object.keys(values).sort()).toEqual(['close', 'open']);
        expect(values.close > values.open).toBe(e.type === 'screen.entered');
      }
      expect(a.events + b.events).toBe(events.length);
      expect(a.recorded + b.recorded).toBeGreaterThanOrEqual(1);
      // Once more for the same session: nothing new.
      await evaluateSavedScreens(laterDeps);
      expect(await mine()).toHaveLength(events.length);
      expect((await send('GET', `/api/v1/screens/${id}`)).json()).toMatchObject({
        members: [...tuesday].sort(),
        members_session: '2014-06-10',
      });
    } finally {
      await wednesday.close();
    }
  });
});
