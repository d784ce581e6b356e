/**
 * Card publication on the synthetic demo market, in both modes: once per session from data through the
 * previous close, idempotent, single winner among racing publishers, no look-ahead, card invariants,
 * and /cards serving the published set.
 */
import { levelsOrdered, SETUPS } from '@bellwether/analytics';
import { Ajv } from 'ajv';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBacktest } from '../../src/cards/backtest.js';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { publishSession } from '../../src/cards/publish-session.js';
import { setupStatus } from '../../src/cards/setup-status/setup-status.js';
import { trackOutcomes } from '../../src/cards/track-outcomes.js';
import type { KyselyStorage } from '../../src/db/kysely-storage.js';
import { TradeCard } from '../../src/http/schemas/trade-card.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { startDemoMarket, stopDemoMarket } from '../support/demo-market.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';
import { publishOnTime } from '../support/publish-on-time.js';

/** The TradeCard schema of the OpenAPI document (formats checked by pattern, not by name). */
const validateCard = new Ajv({ allErrors: true, strict: false, validateFormats: false }).compile(TradeCard);

// Wednesday 2026-11-25, 12:00 New York: the session is open, its cards were due at 13:30Z.
const NOW = new Date('2026-11-25T17:00:00Z');

interface Card {
  id: string;
  session: string;
  direction: 'long' | 'short';
  entry_zone: { low: number; high: number };
  t1: number;
  t2: number;
  stop: number;
  conviction: { score: number; label: string };
  probabilities: { t1_first: number; stop_first: number; expiry: number };
  thesis: string;
  evidence: Record<string, unknown>;
  data_as_of: string;
  published_at: string;
  expires_at: string;
  asset: { ticker: string };
  setup: string;
  setup_status: { status: string; reason: string | null };
}

describe.each(MODES)('card publication (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;

  beforeAll(async () => {
    ({ deployment, server } = await startDemoMarket(mode, NOW));
  }, 120_000);
  afterAll(() => stopDemoMarket({ deployment, server }));

  it('publishes the current session once, from data through the previous close; a repeat changes nothing', async () => {
    const deps = publicationDeps(server.platform);
    const first = await publishSession(deps);
    expect(first).toMatchObject({
      ok: true,
      session: '2026-11-25',
      published: true,
      data_as_of: '2026-11-24T21:00:00Z',
    });
    const stored = await server.platform.storage.cards.listBySession('2026-11-25');
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.length).toBeLessThanOrEqual(10);
    const again = await publishSession(deps);
    expect(again).toMatchObject({ ok: true, published: false, cards: stored.length });
    expect(await server.platform.storage.cards.listBySession('2026-11-25')).toEqual(stored);

    for (const { payload } of stored) {
      expect(validateCard(payload), JSON.stringify(validateCard.errors)).toBe(true);
      const card = payload as Card;
      expect(
        levelsOrdered({
          direction: card.direction,
          entry_zone: card.entry_zone,
          t1: card.t1,
          t2: card.t2,
          stop: card.stop,
        }),
      ).toBe(true);
      expect(card.conviction.score).toBeGreaterThan(0);
      expect(card.conviction.score).toBeLessThan(1);
      expect(card.data_as_of).toBe('2026-11-24T21:00:00Z');
      expect(card.expires_at > card.published_at).toBe(true);
      expect(card.id).toMatch(/^crd_[0-9a-f]{20}$/);
      // Issue #48 (ADR 0093): the setup's status on the development years, said in the thesis when unproven.
      expect(card.setup_status).toEqual(setupStatus(card.setup, card.direction));
      if (card.setup_status.status === 'unproven')
        expect(card.thesis).toContain(`Unproven setup: ${card.setup_status.reason}.`);
      // ADR 0094: three probabilities in hundredths that sum to 1, and the thesis names the likeliest.
      const p = card.probabilities;
      const hundredths = [p.t1_first, p.stop_first, p.expiry].map((x) => x * 100);
      for (const h of hundredths) expect(Math.abs(h - Math.round(h))).toBeLessThan(1e-9);
      expect(hundredths.reduce((a, h) => a + Math.round(h), 0)).toBe(100);
      const likeliest = Math.max(p.t1_first, p.stop_first, p.expiry);
      const words =
        likeliest === p.t1_first
          ? 'T1 before the stop'
          : likeliest === p.stop_first
            ? 'the stop before T1'
            : 'expiry with neither';
      expect(card.thesis).toContain(`If the entry fills, ${words} is the`);
      expect(card.thesis).toContain(`(${Math.round(likeliest * 100)} %)`);
    }
    // The demo market has news for its last sessions: the evidence carries its sentiment and the thesis cites it.
    const withNews = stored.map((c) => c.payload as Card).filter((c) => c.evidence.sentiment !== null);
    expect(withNews.length).toBeGreaterThan(0);
    for (const c of withNews)
      expect(c.thesis).toMatch(
        /News flow is (positive|negative|mixed) \(mean score -?\d\.\d\d over \d+ items?\)/,
      );
    // At most one card per ticker.
    const tickers = stored.map((c) => (c.payload as Card).asset.ticker);
    expect(new Set(tickers).size).toBe(tickers.length);
  }, 60_000);

  it('exactly one of several racing publishers writes the session', async () => {
    const other = await deployment.start();
    try {
      const results = await Promise.all([
        publishOnTime(publicationDeps(server.platform), '2026-11-24'),
        publishOnTime(publicationDeps(other.platform), '2026-11-24'),
        publishOnTime(publicationDeps(server.platform), '2026-11-24'),
      ]);
      expect(results.filter((r) => r.ok && r.published).length).toBe(1);
      const stored = await server.platform.storage.cards.listBySession('2026-11-24');
      expect(results.every((r) => r.ok && r.cards === stored.length)).toBe(true);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('refuses a session whose data are not complete yet, and a date that is not a session', async () => {
    const deps = publicationDeps(server.platform);
    expect(await publishSession(deps, { session: '2026-11-27' })).toMatchObject({
      ok: false,
      reason: 'data_not_closed',
    });
    expect(await publishSession(deps, { session: '2026-11-26' })).toMatchObject({
      ok: false,
      reason: 'not_a_session',
    });
  });

  it('a session’s cards are the same whether or not later bars are in the database', async () => {
    // 2026-10-09 (a Friday) has a card above the expected-R floor and with the market's trend (SYNX, the
    // demo's index, ADR 0081) on the demo market.
    const withLater = await publishOnTime(publicationDeps(server.platform), '2026-10-09');
    expect(withLater).toMatchObject({ ok: true, published: true });
    const cards = await server.platform.storage.cards.listBySession('2026-10-09');
    expect(cards.length).toBeGreaterThan(0);

    const bare = await Deployment.create(mode, { asOf: NOW });
    const seeding = await bare.start();
    try {
      await seedDemoMarketIfEmpty(seeding.platform.market, NOW);
      const db = (seeding.platform.storage as KyselyStorage).db;
      await sql`delete from daily_bars where date > '2026-10-08'`.execute(db);
      // SQLite reads histories from year blocks: rebuilt from the rows left (none on PostgreSQL).
      await seeding.platform.market.rebuildBarBlocks();
      await seeding.close();
      const fresh = await bare.start();
      try {
        await publishOnTime(publicationDeps(fresh.platform), '2026-10-09');
        const without = await fresh.platform.storage.cards.listBySession('2026-10-09');
        const strip = (c: { payload: unknown }) => ({ ...(c.payload as Card), published_at: '' });
        expect(without.map(strip)).toEqual(cards.map(strip));
      } finally {
        await fresh.close();
      }
    } finally {
      await bare.destroy();
    }
  }, 120_000);

  it('/cards serves the published set with an ETag and a 304 on revalidation', async () => {
    const { key } = await server.account('starter');
    await new Promise((r) => setTimeout(r, 1100)); // the pre-serialised body is re-checked every second
    const res = await server.get('/api/v1/cards', key);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { session: string; count: number; cards: Card[] };
    expect(body.session).toBe('2026-11-25');
    expect(body.count).toBe(body.cards.length);
    expect(body.count).toBeGreaterThan(0);
    const again = await server.get('/api/v1/cards', key, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('/cards filters by ticker, direction, setup and min_conviction; unknown values are 422 problems naming the parameter', async () => {
    const { key } = await server.account('starter');
    const all = (await server.get('/api/v1/cards', key)).json() as { cards: Card[] };
    const first = all.cards[0] as Card;
    const byTicker = (
      await server.get(`/api/v1/cards?ticker=${first.asset.ticker.toLowerCase()}`, key)
    ).json() as { cards: Card[] };
    expect(byTicker.cards.map((c) => c.id)).toEqual([first.id]);
    const byDirection = (await server.get(`/api/v1/cards?direction=${first.direction}`, key)).json() as {
      cards: Card[];
    };
    expect(byDirection.cards.map((c) => c.id)).toEqual(
      all.cards.filter((c) => c.direction === first.direction).map((c) => c.id),
    );
    const threshold = first.conviction.score;
    const strong = (await server.get(`/api/v1/cards?min_conviction=${threshold}`, key)).json() as {
      cards: Card[];
    };
    expect(strong.cards.map((c) => c.id)).toEqual(
      all.cards.filter((c) => c.conviction.score >= threshold).map((c) => c.id),
    );

    for (const [query, pointer] of [
      ['direction=sideways', '/direction'],
      ['setup=head_and_shoulders', '/setup'],
      ['min_conviction=1.5', '/min_conviction'],
      ['tickr=AAPL', '/tickr'],
    ] as const) {
      const res = await server.get(`/api/v1/cards?${query}`, key);
      expect(res.statusCode, query).toBe(422);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      const problem = res.json() as { errors: { pointer: string }[] };
      expect(problem.errors.map((e) => e.pointer.replace(/^\/query/, ''))).toContain(pointer);
    }
    // A choice of values fails once, naming them (not once per value as "must be equal to constant").
    const sideways = (await server.get('/api/v1/cards?direction=sideways', key)).json();
    expect(sideways.errors).toEqual([{ pointer: '/query/direction', detail: 'must be one of long, short' }]);
  });

  it('/cards asks "did you mean" for a misspelt setup, names the setups either way, and bills nothing (issue #26)', async () => {
    const { key } = await server.account('starter');
    const setups = SETUPS.map((s) => s.id).join(', ');
    const typo = await server.get('/api/v1/cards?setup=breakot', key);
    const problem = expectProblem(typo, 422, 'validation_failed');
    expect(problem.errors).toEqual([
      { pointer: '/query/setup', detail: `must be one of ${setups}; did you mean "breakout_volume"?` },
    ]);
    expect(problem.suggestion).toBe('breakout_volume');
    expect(problem.detail).toBe(`/query/setup must be one of ${setups}; did you mean "breakout_volume"?`);
    expect(expectProblem(await server.get('/api/v1/cards?setup=Trend_Pulback', key), 422).suggestion).toBe(
      'trend_pullback',
    );
    const far = expectProblem(await server.get('/api/v1/cards?setup=head_and_shoulders', key), 422);
    expect(far.errors).toEqual([{ pointer: '/query/setup', detail: `must be one of ${setups}` }]);
    expect(far.suggestion).toBeUndefined();
    const account = (await server.get('/api/v1/account', key)).json();
    expect(account.limits.quota.used).toBe(0);
  });

  it('records outcomes once cards resolve, never rewrites them, and /cards/performance reports the record', async () => {
    const base = publicationDeps(server.platform);
    // No expected-R floor: since outcomes are judged as the broker's bracket fills them (issue #48), no
    // card of this demo session expects a positive R, and this test is about recording outcomes.
    const deps = { ...base, cards: { ...base.cards, minExpectedR: -5 } };
    // Published seven weeks earlier: every card's ten sessions have passed by now.
    const old = await publishOnTime(deps, '2026-10-02');
    expect(old).toMatchObject({ ok: true, published: true });
    const oldCards = await server.platform.storage.cards.listBySession('2026-10-02');
    expect(oldCards.length).toBeGreaterThan(0);
    const first = await trackOutcomes(deps);
    expect(first.recorded).toBeGreaterThanOrEqual(oldCards.length);
    const outcomes = await server.platform.storage.cards.outcomesInRange('2026-10-02', '2026-10-02');
    expect(outcomes.map((o) => o.card_id).sort()).toEqual(oldCards.map((c) => c.id).sort());
    for (const o of outcomes) {
      expect(['unfilled', 'stopped', 't1', 't2', 'expired']).toContain(o.status);
      expect(o.outcome_session >= '2026-10-02' && o.outcome_session <= '2026-10-15').toBe(true);
      if (o.status === 'unfilled')
        expect([o.t1_before_stop, o.fill_price, o.r_multiple]).toEqual([null, null, null]);
      if (o.status === 'stopped') expect(o.t1_before_stop).toBe(false);
      if (o.status === 't2') expect(o.t1_before_stop).toBe(true);
    }
    // Tracking again records nothing new and changes nothing.
    expect((await trackOutcomes(deps)).recorded).toBe(0);
    expect(await server.platform.storage.cards.outcomesInRange('2026-10-02', '2026-10-02')).toEqual(outcomes);

    const { key } = await server.account('starter');
    const res = await server.get('/api/v1/cards/performance?from=2026-10-02&to=2026-10-02', key);
    expect(res.statusCode).toBe(200);
    const perf = res.json() as {
      overall: { cards: number; resolved: number; filled: number; t1_hit_rate: number | null };
      by_setup: { cards: number }[];
      by_direction: { cards: number }[];
      calibration: { cards: number }[];
    };
    const filled = outcomes.filter((o) => o.t1_before_stop !== null);
    expect(perf.overall).toMatchObject({
      cards: oldCards.length,
      resolved: oldCards.length,
      filled: filled.length,
    });
    if (filled.length > 0)
      expect(perf.overall.t1_hit_rate).toBeCloseTo(
        filled.filter((o) => o.t1_before_stop).length / filled.length,
        4,
      );
    expect(perf.by_setup.reduce((a, g) => a + g.cards, 0)).toBe(oldCards.length);
    expect(perf.by_direction.reduce((a, g) => a + g.cards, 0)).toBe(oldCards.length);
    expect(perf.calibration.reduce((a, r) => a + r.cards, 0)).toBe(filled.length);
    const bad = await server.get('/api/v1/cards/performance?from=2026-13-01', key);
    expect(bad.statusCode).toBe(422);
  });

  it('the backtest replays sessions deterministically and its tables add up', async () => {
    const deps = publicationDeps(server.platform);
    const options = { from: '2026-06-01', to: '2026-08-31' };
    const a = await runBacktest(deps, options);
    expect(a.sessions).toBe(64); // XNYS sessions in June–August 2026
    expect(a.cards).toBeGreaterThan(0);
    expect(a.cards).toBeLessThanOrEqual(a.sessions * 10);
    expect(a.filled).toBeLessThanOrEqual(a.cards);
    expect(a.calibration.reduce((n, r) => n + r.count, 0)).toBe(a.filled);
    // ADR 0094: every filled card in one bucket of each class; the realised classes add up to the filled.
    const o = a.outcome_probabilities;
    expect(o.filled).toBe(a.filled);
    for (const rows of Object.values(o.calibration))
      expect(rows.reduce((n, r) => n + r.count, 0)).toBe(a.filled);
    if (o.realised !== null)
      expect(o.realised.t1_first + o.realised.stop_first + o.realised.expiry).toBe(a.filled);
    // ADR 0098's addendum: the cards carry the model's forecast (no map); the six maps reported beside it.
    expect(o.recalibration.map).toBe('none');
    expect(o.recalibration.alternatives).toHaveLength(6);
    for (const v of o.recalibration.alternatives) {
      expect(v.buckets_within).toBeLessThanOrEqual(v.buckets_checked);
      expect(v.misses).toHaveLength(v.buckets_checked - v.buckets_within);
    }
    expect(a.by_setup.reduce((n, r) => n + r.cards, 0)).toBe(a.cards);
    expect(await runBacktest(deps, options)).toEqual(a);
  }, 60_000);

  it('/cards serves the pre-serialised body: 50 requests within a second read storage at most twice', async () => {
    const { key } = await server.account('enterprise', { burst: 1000 });
    const repo = server.platform.storage.cards;
    const original = repo.listBySession.bind(repo);
    let reads = 0;
    repo.listBySession = (session: string) => {
      reads++;
      return original(session);
    };
    try {
      const bodies = new Set<string>();
      for (let i = 0; i < 50; i++) bodies.add((await server.get('/api/v1/cards', key)).body);
      expect(bodies.size).toBe(1);
      expect(reads).toBeLessThanOrEqual(2);
    } finally {
      repo.listBySession = original;
    }
  });
});
